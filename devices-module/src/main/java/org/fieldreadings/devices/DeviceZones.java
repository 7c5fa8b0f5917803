package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each located device's time zone ({@code devices.device.time_zone}) in step with its location: after a
 * location is learned or set, and at start, the devices whose zone was not resolved for their current location are
 * resolved together on a worker thread ({@link ZoneLocator}, one pass over the dataset for all of them). One run at
 * a time per process: calls made during a run are served together by the next run, so a stream of moving devices
 * costs one pass after another, never a queue of them.
 */
final class DeviceZones {

  private static final Logger LOG = LoggerFactory.getLogger(DeviceZones.class);
  private final Vertx vertx;
  private final Pool pool;
  /** The callers waiting for the next run, and whether a run is under way; guarded by this. */
  private List<Promise<Void>> waiting = new ArrayList<>();
  private boolean running;

  DeviceZones(Vertx vertx, Pool pool) {
    this.vertx = vertx;
    this.pool = pool;
  }

  /**
   * Resolves the zones of every device whose location changed since its zone was resolved. Never fails: a failure
   * is logged and left to the next run (meanwhile those devices' readings in {@code device} time are in UTC).
   */
  Future<Void> update() {
    Promise<Void> done = Promise.promise();
    boolean start;
    synchronized (this) {
      waiting.add(done);
      start = !running;
      running = true;
    }
    if (start) {
      run();
    }
    return done.future();
  }

  /** Serves the callers waiting now, then runs again while others came meanwhile. */
  private void run() {
    List<Promise<Void>> served;
    synchronized (this) {
      served = waiting;
      waiting = new ArrayList<>();
    }
    resolvePending().onComplete(result -> {
      if (result.failed()) {
        LOG.warn("Time zones of device locations not resolved: {}", result.cause().toString());
      }
      served.forEach(Promise::tryComplete);
      boolean again;
      synchronized (this) {
        again = !waiting.isEmpty();
        running = again;
      }
      if (again) {
        run();
      }
    });
  }

  /** How many devices' zones were resolved. */
  private Future<Integer> resolvePending() {
    return pool.query(DevicesQueries.ZONE_PENDING).execute().compose(rows -> {
          List<Long> ids = new ArrayList<>();
          List<Location> locations = new ArrayList<>();
          for (Row row : rows) {
            ids.add(row.getLong("device_id"));
            locations.add(new Location(row.getDouble("latitude"), row.getDouble("longitude")));
          }
          if (ids.isEmpty()) {
            return Future.succeededFuture(0);
          }
          return vertx.executeBlocking(() -> ZoneLocator.zones(locations), false)
              .compose(zones -> store(ids, locations, zones));
        });
  }

  private Future<Integer> store(List<Long> ids, List<Location> locations, List<Optional<ZoneId>> zones) {
    int size = ids.size();
    String[] names = new String[size];
    Double[] latitudes = new Double[size];
    Double[] longitudes = new Double[size];
    for (int i = 0; i < size; i++) {
      names[i] = zones.get(i).map(ZoneId::getId).orElse(null);
      latitudes[i] = locations.get(i).latitude();
      longitudes[i] = locations.get(i).longitude();
    }
    return pool.preparedQuery(DevicesQueries.ZONE_STORE)
        .execute(Tuple.tuple().addArrayOfLong(ids.toArray(Long[]::new)).addArrayOfString(names)
            .addArrayOfDouble(latitudes).addArrayOfDouble(longitudes))
        .map(rows -> size);
  }
}
