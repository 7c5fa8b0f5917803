package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.bus.ReadingsContract.SeriesReadings;
import org.fieldreadings.core.bus.ReadingsContract.SeriesReadingsRequest;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.EventStream;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.source.ReadSource;

/**
 * {@code GET /devices/{profile}/{serial}/readings/stream} ({@code streamReadingsBySerial}, docs/api.md "Live
 * stream"): the readings of a device's series as they are stored, on any node, as Server-Sent Events.
 */
public final class StreamRoutes {

  static final long KEEP_ALIVE_MS = 15_000;

  private final Vertx vertx;
  private final DeviceResolver devices;
  private final ReadingsLimits limits;
  private final SeriesReadingsQuery readings;
  private final LiveStreams streams;
  private final int maxPerKey;

  private StreamRoutes(EdgeContext edge, ReadSource source) {
    this.vertx = edge.vertx();
    this.devices = new DeviceResolver(vertx.eventBus());
    this.limits = ReadingsLimits.fromConfig(edge.config());
    this.readings = new SeriesReadingsQuery(source, new BlockReader(vertx, source));
    this.maxPerKey = ConfigKeys.STREAM_MAX_PER_KEY.get(edge.config());
    this.streams = new LiveStreams(vertx, readings, edge.auth(), maxPerKey);
  }

  public static void mount(Router api, EdgeContext edge, ReadSource source) {
    StreamRoutes routes = new StreamRoutes(edge, source);
    api.get("/devices/:profile/:serial/readings/stream").produces("text/event-stream")
        .handler(edge.auth().entity()).handler(routes::stream);
  }

  private void stream(RoutingContext ctx) {
    StreamRequest request = StreamRequest.parse(ctx, limits);
    String apiKey = ApiKeyAuth.keyOf(ctx.request().getHeader("Authorization"));
    devices.resolve(ApiKeyAuth.entityId(ctx), request.device())
        .compose(device -> newest(device.deviceId(), request).map(newest -> {
          if (!streams.reserve(apiKey)) {
            throw new ProblemException(Problem.of(429, "At most " + maxPerKey + " open streams per API key: close "
                + "one first."), Map.of("Retry-After", "5"));
          }
          EventStream events = new EventStream(vertx, ctx.response(), KEEP_ALIVE_MS);
          long from = request.lastEventId() == null ? newest : request.lastEventId();
          streams.open(request, device.deviceId(), apiKey, events, from, newest);
          return events;
        }))
        .onFailure(ctx::fail);
  }

  /** The newest timestamp of the requested series now (Long.MIN_VALUE when none has a reading). */
  private Future<Long> newest(long deviceId, StreamRequest request) {
    List<Future<SeriesReadings>> latest = new ArrayList<>();
    for (SensorInterface iface : request.interfaces()) {
      latest.add(readings.answer(new SeriesReadingsRequest(deviceId, request.connectorId(), iface.name(),
          Long.MAX_VALUE, 0)));
    }
    return Future.all(latest).map(done -> latest.stream().map(Future::result).map(SeriesReadings::latest)
        .filter(t -> t != null).mapToLong(Long::longValue).max().orElse(Long.MIN_VALUE));
  }
}
