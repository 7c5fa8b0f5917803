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
 * {@link ReadingsContract#LAST_READINGS}: each device's latest reading time, the newest of its series' latest
 * readings (kept by the writer in the series rows, so no block is read).
 */
public final class LastReadingsQuery {

  /** Device by device through the series index, as {@link LatestValues} reads them. */
  private static final String SQL = """
      SELECT d.device_id, (extract(epoch FROM newest.ts) * 1000)::bigint AS last
      FROM unnest($1::bigint[]) AS d(device_id)
      CROSS JOIN LATERAL (SELECT max(s.latest_ts) AS ts FROM readings.series s WHERE s.device_id = d.device_id) newest
      WHERE newest.ts IS NOT NULL""";

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
            byDevice.put(row.getLong("device_id"), row.getLong("last"));
          }
          return new LastReadings(byDevice).toJson();
        });
  }
}
