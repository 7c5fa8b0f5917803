package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.bus.DevicesContract.Connector;
import org.fieldreadings.core.bus.DevicesContract.EntityDevice;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.ShortDecimal;

/**
 * The latest reading of each series of some devices, from the series rows (the writer keeps it there as readings
 * commit, so no history is read), written as the latest-values answers show them (docs/api.md, "Latest values").
 */
final class LatestValues {

  /**
   * $1 device ids, $2 the one connector or null, $3 interface names or null. One range of the series index per
   * device (its series are together): a plan proportional to the devices asked for, whatever the fleet's size.
   * {@code OFFSET 0} keeps the planner from making the lookup a join, which before the table's statistics exist
   * (just after a large import) it planned as a hash of every series for each page.
   */
  private static final String SQL = """
      SELECT s.device_id, s.connector_id, s.interface, (extract(epoch FROM s.latest_ts) * 1000)::bigint AS ts,
             s.latest_value
      FROM unnest($1::bigint[]) AS d(device_id)
      CROSS JOIN LATERAL (
        SELECT * FROM readings.series s
        WHERE s.device_id = d.device_id AND s.latest_ts IS NOT NULL AND ($2::text IS NULL OR s.connector_id = $2)
          AND ($3::text[] IS NULL OR s.interface = ANY($3))
        OFFSET 0) s""";

  private record Series(long deviceId, String connectorId, String iface) {}

  private record Latest(long timestamp, double value) {}

  private final Map<Series, Latest> bySeries;

  private LatestValues(Map<Series, Latest> bySeries) {
    this.bySeries = bySeries;
  }

  /** The latest readings of these devices that the request admits (its connector and interfaces, if given). */
  static Future<LatestValues> read(Pool pool, List<Long> deviceIds, LatestRequest request) {
    return pool.preparedQuery(SQL)
        .execute(Tuple.of(deviceIds.toArray(Long[]::new), request.connectorId(), request.interfaceNames()))
        .map(rows -> {
          Map<Series, Latest> bySeries = new HashMap<>(rows.size() * 2);
          for (Row row : rows) {
            bySeries.put(new Series(row.getLong(0), row.getString(1), row.getString(2)),
                new Latest(row.getLong(3), row.getDouble(4)));
          }
          return new LatestValues(bySeries);
        });
  }

  /**
   * Appends one element per (connector, interface) of the device that has a latest reading here, connectors in the
   * device's order ({@code ORIGIN} first, then by id) and interfaces in catalog order, each preceded by a comma
   * unless it is the answer's first ({@code first}); a fleet answer's elements start with the device's profile and
   * serial. Answers whether the answer still has no element.
   */
  boolean append(StringBuilder out, boolean first, EntityDevice device, boolean fleet) {
    for (Connector connector : device.connectors()) {
      for (SensorInterface sensorInterface : connector.interfaces()) {
        Latest latest = bySeries.get(new Series(device.deviceId(), connector.connectorId(), sensorInterface.name()));
        if (latest == null) {
          continue;
        }
        out.append(first ? "{" : ",{");
        first = false;
        if (fleet) {
          // Profiles, serials, connector ids and interface names are plain identifiers: nothing to escape.
          out.append("\"profile\":\"").append(device.ref().profile().name())
              .append("\",\"serial\":\"").append(device.ref().serial()).append("\",");
        }
        out.append("\"connectorId\":\"").append(connector.connectorId())
            .append("\",\"interface\":\"").append(sensorInterface.name()).append("\",\"timestamp\":");
        ShortDecimal.appendWhole(out, latest.timestamp());
        out.append(",\"value\":");
        ShortDecimal.append(out, latest.value());
        out.append('}');
      }
    }
    return first;
  }
}
