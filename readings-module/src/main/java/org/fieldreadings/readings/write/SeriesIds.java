package org.fieldreadings.readings.write;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The series dictionary as writers see it: ids of (device, connector, interface), created when first written and
 * remembered, since a series id never changes once given. New series are committed in a transaction of their own,
 * so a remembered id always exists whatever happens to the write that asked for it.
 */
final class SeriesIds {

  private static final int MAX_REMEMBERED = 200_000;

  private static final String FIND = """
      SELECT s.series_id, s.device_id, s.connector_id, s.interface
      FROM unnest(?::bigint[], ?::text[], ?::text[]) AS k(device_id, connector_id, interface)
      JOIN readings.series s USING (device_id, connector_id, interface)""";

  private static final String ADD = """
      INSERT INTO readings.series (device_id, connector_id, interface)
      SELECT * FROM unnest(?::bigint[], ?::text[], ?::text[])
      ON CONFLICT (device_id, connector_id, interface) DO NOTHING""";

  private final Cache<SeriesKey, Integer> known = Caffeine.newBuilder().maximumSize(MAX_REMEMBERED).build();

  /** The id of every key, adding the series not stored yet. */
  Map<SeriesKey, Integer> resolve(Connection connection, Collection<SeriesKey> keys) throws SQLException {
    Map<SeriesKey, Integer> ids = new HashMap<>();
    List<SeriesKey> missing = new ArrayList<>();
    for (SeriesKey key : keys) {
      Integer id = known.getIfPresent(key);
      if (id != null) {
        ids.put(key, id);
      } else {
        missing.add(key);
      }
    }
    if (missing.isEmpty()) {
      return ids;
    }
    try {
      Map<SeriesKey, Integer> found = find(connection, missing);
      if (found.size() < missing.size()) {
        execute(connection, ADD, missing.stream().filter(key -> !found.containsKey(key)).toList());
        found.putAll(find(connection, missing));
      }
      connection.commit();
      known.putAll(found);
      ids.putAll(found);
      return ids;
    } catch (SQLException e) {
      connection.rollback();
      throw e;
    }
  }

  private static Map<SeriesKey, Integer> find(Connection connection, List<SeriesKey> keys) throws SQLException {
    Map<SeriesKey, Integer> found = new HashMap<>();
    try (PreparedStatement statement = prepare(connection, FIND, keys); ResultSet rows = statement.executeQuery()) {
      while (rows.next()) {
        found.put(new SeriesKey(rows.getLong(2), rows.getString(3), rows.getString(4)), rows.getInt(1));
      }
    }
    return found;
  }

  private static void execute(Connection connection, String sql, List<SeriesKey> keys) throws SQLException {
    try (PreparedStatement statement = prepare(connection, sql, keys)) {
      statement.executeUpdate();
    }
  }

  private static PreparedStatement prepare(Connection connection, String sql, List<SeriesKey> keys)
      throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql);
    Array devices = connection.createArrayOf("bigint", keys.stream().map(SeriesKey::deviceId).toArray());
    Array connectors = connection.createArrayOf("text", keys.stream().map(SeriesKey::connectorId).toArray());
    Array interfaces = connection.createArrayOf("text", keys.stream().map(SeriesKey::iface).toArray());
    statement.setArray(1, devices);
    statement.setArray(2, connectors);
    statement.setArray(3, interfaces);
    return statement;
  }
}
