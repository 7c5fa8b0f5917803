package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.http.HttpServerResponse;
import java.util.List;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.EntityDevice;
import org.fieldreadings.core.bus.DevicesContract.EntityDevicePage;
import org.fieldreadings.core.bus.DevicesContract.EntityDeviceQuery;
import org.fieldreadings.core.http.ResponseText;
import org.fieldreadings.readings.source.ReadSource;

/**
 * Writes the latest values of an entity's devices a page of devices at a time: the next page is read while one is
 * written, and written once the connection has drained, so memory stays bounded however many devices the entity
 * has, and a client that disconnects stops it. Nothing is written before the first page is read, so a
 * failure there still gets a proper error response.
 */
final class FleetLatestStreamer {

  /** Devices per page: with a few dozen series each, one page is one query of a few thousand rows. */
  static final int PAGE = 500;

  private final EventBus bus;
  private final ReadSource source;

  FleetLatestStreamer(EventBus bus, ReadSource source) {
    this.bus = bus;
    this.source = source;
  }

  Future<Void> stream(String entityId, LatestRequest request, HttpServerResponse response) {
    Answer answer = new Answer(entityId, request, response);
    Promise<Void> done = Promise.promise();
    answer.write(answer.fetch(null), done);
    return done.future();
  }

  /** A page of devices and their latest values. */
  private record Page(List<EntityDevice> devices, LatestValues values) {}

  /** One answer on its way out. */
  private final class Answer {
    private final String entityId;
    private final LatestRequest request;
    private final ResponseText output;
    /** Whether no element is written yet. */
    private boolean first = true;

    Answer(String entityId, LatestRequest request, HttpServerResponse response) {
      this.entityId = entityId;
      this.request = request;
      this.output = new ResponseText(response, "application/json");
      output.text.append('[');
    }

    /** The page after {@code after} (null: the first page). */
    Future<Page> fetch(DeviceRef after) {
      EntityDeviceQuery query = new EntityDeviceQuery(entityId, request.profile(), request.group(), after, PAGE);
      return DevicesContract.ENTITY_PAGE.request(bus, query).map(EntityDevicePage::devices)
          .compose(devices -> LatestValues.read(source, devices.stream().map(EntityDevice::deviceId).toList())
              .map(values -> new Page(devices, values)));
    }

    /**
     * Writes the page once it is read, then the next, and completes {@code done} once the answer is over. The next
     * page is read while this one is written: one page ahead at most, so memory stays bounded and the database and
     * the encoding overlap. Each step is a callback that returns, not a future composed on the next step's, so no
     * chain of futures holds on to the pages already written.
     */
    void write(Future<Page> pending, Promise<Void> done) {
      pending.onFailure(done::fail).onSuccess(page -> {
        if (output.closed()) {
          done.complete();
          return;
        }
        List<EntityDevice> devices = page.devices();
        boolean last = devices.size() < PAGE;
        Future<Page> next = last ? null : fetch(devices.get(devices.size() - 1).ref());
        for (EntityDevice device : devices) {
          first = page.values().append(output.text, first, device, request);
          output.flushIfFull();
        }
        if (last) {
          output.text.append(']');
          output.end().onComplete(done);
          return;
        }
        output.pause().onFailure(done::fail).onSuccess(v -> {
          if (output.ended()) {
            done.complete();
          } else {
            write(next, done);
          }
        });
      });
    }
  }
}
