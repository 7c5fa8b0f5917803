package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.DeviceSetPage;
import org.fieldreadings.core.bus.DevicesContract.DeviceSetQuery;
import org.fieldreadings.core.bus.DevicesContract.DeviceSetRow;
import org.fieldreadings.core.bus.DevicesContract.EntityDevicesOf;

/** The entities' devices as the SensorThings API reads them ({@link DevicesContract#DEVICE_SET}). */
final class SensorThingsDevices {

  /** $1 entity, $2 located only, $3 ids (null: any): the devices in scope, as a FROM and WHERE to build on. */
  private static final String IN_SCOPE = """
      FROM devices.entity_device ed JOIN devices.device d ON d.device_id = ed.device_id
      WHERE ed.entity_id = $1 AND (NOT $2 OR d.latitude IS NOT NULL)
        AND ($3::bigint[] IS NULL OR d.device_id = ANY($3))
      """;
  /** ... $4 skip, $5 top. */
  private static final String PAGE = """
      SELECT d.device_id, d.profile, d.serial, d.device_group, d.latitude, d.longitude, d.location_set_at,
        ARRAY(SELECT s.start_date || '/' || s.end_date FROM devices.subscription s WHERE s.device_id = d.device_id
              ORDER BY s.start_date, s.end_date) AS subscriptions
      """ + IN_SCOPE + "ORDER BY d.device_id OFFSET $4 LIMIT $5";
  private static final String COUNT = "SELECT count(*) " + IN_SCOPE;
  private static final String IDS = """
      SELECT array_agg(device_id ORDER BY device_id) FROM devices.entity_device
      WHERE entity_id = $1 AND ($2::text IS NULL OR profile = $2::text::devices.device_profile)""";

  private final Pool pool;

  SensorThingsDevices(Pool pool) {
    this.pool = pool;
  }

  Future<DeviceSetPage> page(DeviceSetQuery query) {
    Long[] ids = query.ids() == null ? null : query.ids().toArray(Long[]::new);
    Future<List<DeviceSetRow>> rows = pool.preparedQuery(PAGE)
        .execute(Tuple.of(query.entityId(), query.locatedOnly(), ids, query.skip(), query.top())).map(result -> {
          List<DeviceSetRow> devices = new ArrayList<>();
          for (Row row : result) {
            devices.add(new DeviceSetRow(row.getLong("device_id"), DevicesQueries.ref(row),
                row.getString("device_group"), row.getDouble("latitude"), row.getDouble("longitude"),
                row.getOffsetDateTime("location_set_at") == null ? null
                    : row.getOffsetDateTime("location_set_at").toInstant(),
                List.of(row.getArrayOfStrings("subscriptions"))));
          }
          return devices;
        });
    Future<Long> count = !query.count() ? Future.succeededFuture()
        : pool.preparedQuery(COUNT).execute(Tuple.of(query.entityId(), query.locatedOnly(), ids)).map(result -> result.iterator().next().getLong(0));
    return Future.all(rows, count).map(both -> new DeviceSetPage(rows.result(), count.result()));
  }

  Future<long[]> ids(EntityDevicesOf of) {
    return pool.preparedQuery(IDS).execute(Tuple.of(of.entityId(), of.profile() == null ? null : of.profile().name()))
        .map(result -> {
      Long[] ids = result.iterator().next().getArrayOfLongs(0);
      long[] plain = new long[ids == null ? 0 : ids.length];
      for (int i = 0; i < plain.length; i++) {
        plain[i] = ids[i];
      }
      return plain;
    });
  }
}
