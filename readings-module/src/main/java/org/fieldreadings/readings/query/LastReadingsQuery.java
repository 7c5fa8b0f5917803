package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.HashMap;
import java.util.Map;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.DeviceIds;
import org.fieldreadings.core.bus.ReadingsContract.LastReadings;

/**
 * {@link ReadingsContract#LAST_READINGS}: each device's latest reading time, from the newest daily rollup of each of
 * its series (one index probe per series, never a scan of points).
 */
public final class LastReadingsQuery {

  private static final String SQL = """
      SELECT s.device_id, max(l.last_ts) AS last_ts
      FROM readings.series s
      CROSS JOIN LATERAL (
        SELECT r.last_ts FROM readings.rollup_day r WHERE r.series_id = s.series_id ORDER BY r.bucket DESC LIMIT 1) l
      WHERE s.device_id = ANY($1)
      GROUP BY s.device_id""";

  private final Pool pool;

  public LastReadingsQuery(Pool pool) {
    this.pool = pool;
  }

  public Future<JsonObject> answer(JsonObject request) {
    DeviceIds devices = DeviceIds.fromJson(request);
    return pool.preparedQuery(SQL).execute(Tuple.of(devices.ids().toArray(Long[]::new)))
        .map(rows -> {
          Map<Long, Long> byDevice = new HashMap<>();
          for (Row row : rows) {
            byDevice.put(row.getLong("device_id"), row.getOffsetDateTime("last_ts").toInstant().toEpochMilli());
          }
          return new LastReadings(byDevice).toJson();
        });
  }
}
