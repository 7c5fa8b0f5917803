package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.DeviceSetPage;
import org.fieldreadings.core.bus.DevicesContract.DeviceSetQuery;
import org.fieldreadings.core.bus.DevicesContract.DeviceSetRow;
import org.fieldreadings.core.bus.DevicesContract.EntityDevicesOf;
import org.fieldreadings.core.odata.FilteredQuery;
import org.fieldreadings.core.odata.OrderBy;
import org.fieldreadings.core.odata.SqlFilter;
import org.fieldreadings.core.odata.SqlFilter.Column;
import org.fieldreadings.core.odata.SqlFilter.Kind;

/**
 * The entities' devices as the SensorThings API reads them ({@link DevicesContract#DEVICE_SET}), filters translated
 * to SQL over the device's columns with bind parameters ({@link SqlFilter}).
 */
final class SensorThingsDevices {

  /** The properties a {@link DeviceSetQuery#filter()} may name, and their columns. */
  private static final Map<String, Column> FIELDS = Map.of(
      "id", new Column("d.device_id", Kind.NUMBER),
      "serial", new Column("d.serial", Kind.TEXT),
      "profile", new Column("d.profile::text", Kind.TEXT),
      "group", new Column("d.device_group", Kind.TEXT),
      "location", new Column("point(d.longitude, d.latitude)", Kind.POINT),
      "locationSetAt", new Column("d.location_set_at", Kind.TIME));
  private static final String FROM =
      "FROM devices.entity_device ed JOIN devices.device d ON d.device_id = ed.device_id";
  private static final String COLUMNS = """
      SELECT d.device_id, d.profile, d.serial, d.device_group, d.latitude, d.longitude, d.location_set_at,
        ARRAY(SELECT s.start_date || '/' || s.end_date FROM devices.subscription s WHERE s.device_id = d.device_id
              ORDER BY s.start_date, s.end_date) AS subscriptions""";
  private static final String IDS = """
      SELECT array_agg(device_id ORDER BY device_id) FROM devices.entity_device
      WHERE entity_id = $1 AND ($2::text IS NULL OR profile = $2::text::devices.device_profile)""";

  private final Pool pool;

  SensorThingsDevices(Pool pool) {
    this.pool = pool;
  }

  Future<DeviceSetPage> page(DeviceSetQuery query) {
    FilteredQuery select = new FilteredQuery(FROM).and("ed.entity_id = ?", query.entityId());
    if (query.locatedOnly()) {
      select.and("d.latitude IS NOT NULL");
    }
    if (query.ids() != null) {
      select.and("d.device_id = ANY(?)", query.ids().toArray(Long[]::new));
    }
    return select.filter(query.filter(), FIELDS)
        .page(pool, COLUMNS, OrderBy.sql(query.order(), FIELDS, "d.device_id"), query.skip(), query.top(),
            query.count(), row -> new DeviceSetRow(
            row.getLong("device_id"), DevicesQueries.ref(row), row.getString("device_group"),
            row.getDouble("latitude"), row.getDouble("longitude"),
            row.getOffsetDateTime("location_set_at") == null ? null
                : row.getOffsetDateTime("location_set_at").toInstant(),
            List.of(row.getArrayOfStrings("subscriptions"))))
        .map(page -> new DeviceSetPage(page.rows(), page.count()));
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
