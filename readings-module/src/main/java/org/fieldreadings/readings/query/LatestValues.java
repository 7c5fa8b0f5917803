package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.bus.DevicesContract.Connector;
import org.fieldreadings.core.bus.DevicesContract.EntityDevice;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.core.text.ShortDecimal;
import org.fieldreadings.readings.cache.BlockCache;
import org.fieldreadings.readings.cache.DeviceLatest;
import org.fieldreadings.readings.source.ReadSource;

/**
 * The latest reading of each series of some devices, written as the latest-values answers show them (docs/api.md,
 * "Latest values"). Served from the node's {@link BlockCache} where it holds them, otherwise read from the series
 * rows (the writer keeps them there as readings commit, so no history is read) and kept there.
 */
final class LatestValues {

  /**
   * $1 device ids. One range of the series index per device (its series are together): a plan proportional to the
   * devices asked for, whatever the fleet's size. {@code OFFSET 0} keeps the planner from making the lookup a join,
   * which before the table's statistics exist (just after a large import) it planned as a hash of every series for
   * each page.
   */
  private static final String SQL = """
      SELECT s.device_id, s.connector_id, s.interface, (extract(epoch FROM s.latest_ts) * 1000)::bigint AS ts,
             s.latest_value
      FROM unnest($1::bigint[]) AS d(device_id)
      CROSS JOIN LATERAL (
        SELECT * FROM readings.series s WHERE s.device_id = d.device_id AND s.latest_ts IS NOT NULL OFFSET 0) s""";

  private final Map<Long, DeviceLatest> byDevice;

  private LatestValues(Map<Long, DeviceLatest> byDevice) {
    this.byDevice = byDevice;
  }

  /** The latest readings of these devices. */
  static Future<LatestValues> read(ReadSource source, List<Long> deviceIds) {
    BlockCache cache = source.cache();
    Map<Long, DeviceLatest> byDevice = new HashMap<>(deviceIds.size() * 2);
    List<Long> unknown = new ArrayList<>();
    for (Long device : deviceIds) {
      DeviceLatest latest = cache.latest(device);
      if (latest == null) {
        unknown.add(device);
      } else {
        byDevice.put(device, latest);
      }
    }
    if (unknown.isEmpty()) {
      return Future.succeededFuture(new LatestValues(byDevice));
    }
    return source.execute(SQL, Tuple.of(unknown.toArray(Long[]::new)), unknown).map(answer -> {
      Map<Long, DeviceLatest.Builder> read = new HashMap<>();
      for (Row row : answer.rows()) {
        read.computeIfAbsent(row.getLong(0), device -> new DeviceLatest.Builder())
            .add(row.getString(1), row.getString(2), row.getLong(3), row.getDouble(4));
      }
      for (Long device : unknown) {
        DeviceLatest.Builder builder = read.get(device);
        DeviceLatest latest = builder == null ? DeviceLatest.NONE : builder.build();
        cache.putLatest(device, answer.readAt(), latest);
        byDevice.put(device, latest);
      }
      return new LatestValues(byDevice);
    });
  }

  /** The time of the device's latest reading (epoch milliseconds), null when it has none. */
  Long newest(long deviceId) {
    return byDevice.getOrDefault(deviceId, DeviceLatest.NONE).newest();
  }

  /**
   * Appends one element per (connector, interface) of the device that has a latest reading and that the request
   * admits (its connector and interfaces, if given), connectors in the device's order ({@code ORIGIN} first, then
   * by id) and interfaces in catalog order, each preceded by a comma unless it is the answer's first
   * ({@code first}); a fleet answer's elements start with the device's profile and serial. Answers whether the
   * answer still has no element.
   */
  boolean append(StringBuilder out, boolean first, EntityDevice device, LatestRequest request) {
    DeviceLatest latest = byDevice.getOrDefault(device.deviceId(), DeviceLatest.NONE);
    for (Connector connector : device.connectors()) {
      if (request.connectorId() != null && !request.connectorId().equals(connector.connectorId())) {
        continue;
      }
      for (SensorInterface sensorInterface : connector.interfaces()) {
        int series = latest.find(connector.connectorId(), sensorInterface.name());
        if (series < 0 || request.interfaces() != null && !request.interfaces().contains(sensorInterface)) {
          continue;
        }
        out.append(first ? "{" : ",{");
        first = false;
        if (request.device() == null) {
          // Profiles, serials, connector ids and interface names are plain identifiers: nothing to escape.
          out.append("\"profile\":\"").append(device.ref().profile().name())
              .append("\",\"serial\":\"").append(device.ref().serial()).append("\",");
        }
        out.append("\"connectorId\":\"").append(connector.connectorId())
            .append("\",\"interface\":\"").append(sensorInterface.name()).append("\",\"timestamp\":");
        ShortDecimal.appendWhole(out, latest.timestamp(series));
        out.append(",\"value\":");
        ShortDecimal.append(out, latest.value(series));
        out.append('}');
      }
    }
    return first;
  }
}
