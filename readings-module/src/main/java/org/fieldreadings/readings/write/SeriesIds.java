package org.fieldreadings.readings.write;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.text.LogSafe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The series dictionary as writers see it: ids of (device, connector, interface), created when first written and
 * remembered, since a series id never changes once given. New series are committed in a transaction of their own,
 * so a remembered id always exists whatever happens to the write that asked for it.
 */
final class SeriesIds {

  private static final Logger LOG = LoggerFactory.getLogger(SeriesIds.class);

  private static final int MAX_REMEMBERED = 200_000;
  /**
   * New series in one write from which the table's statistics are renewed at once: queries by device (a Thing's
   * Datastreams) are planned from them, and autovacuum renews them only on its next round, up to a minute later.
   */
  static final int ANALYZED_AFTER = 1_000;

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
      int added = 0;
      if (found.size() < missing.size()) {
        added = execute(connection, ADD, missing.stream().filter(key -> !found.containsKey(key)).toList());
        found.putAll(find(connection, missing));
      }
      connection.commit();
      if (added >= ANALYZED_AFTER) {
        analyze(connection);
      }
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

  private static int execute(Connection connection, String sql, List<SeriesKey> keys) throws SQLException {
    try (PreparedStatement statement = prepare(connection, sql, keys)) {
      return statement.executeUpdate();
    }
  }

  /** Renews the series table's statistics; the series are stored whether or not it succeeds. */
  private static void analyze(Connection connection) {
    try (Statement statement = connection.createStatement()) {
      statement.execute("ANALYZE readings.series");
      connection.commit();
    } catch (SQLException e) {
      LOG.warn("Could not renew the statistics of readings.series after a fleet's new series: {}",
          LogSafe.text(e.getMessage()));
      try {
        connection.rollback();
      } catch (SQLException ignored) {
        // The connection goes back to the pool, which checks it.
      }
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
