package org.fieldreadings.readings.write;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.ReadingsContract.ReadingsStored;
import org.fieldreadings.core.bus.ReadingsContract.StoredSeries;
import org.fieldreadings.readings.cache.BlockCache;
import org.fieldreadings.readings.cache.ReadingsChanges;

/**
 * Stores a batch of readings in one transaction (blocking: worker threads only), so the rollups are exactly in step
 * with the readings when it commits. Writers of a series take turns, each locking its series' rows of the series
 * dictionary in id order (so two writers never deadlock), so each sees the other's committed blocks; {@link
 * BlockWriter} does the rest. Row locks live in the rows themselves, not in PostgreSQL's shared lock table, so a
 * batch may touch any number of series (one advisory lock per series ran out of lock memory at about 6,000).
 * The transaction announces what it stored to the other nodes ({@link ReadingsChanges}), and once it is over,
 * committed or not, this node's {@link BlockCache} forgets its devices' copies before the write is answered.
 */
final class PointWriter {

  private static final String LOCK_SERIES = """
      SELECT count(*) FROM (
        SELECT 1 FROM readings.series WHERE series_id = ANY(?) ORDER BY series_id FOR NO KEY UPDATE) locked""";

  /** The most readings a series keeps in a UTC day: one a second on average. */
  static final int READINGS_PER_SERIES_DAY = 86_400;

  private final JdbcPool pool;
  private final BlockCache cache;
  private final SeriesIds seriesIds = new SeriesIds();

  PointWriter(JdbcPool pool, BlockCache cache) {
    this.pool = pool;
    this.cache = cache;
  }

  /** What a write did: its counts, and what it stored by series (the {@code readings.stored} event). */
  record Written(WriteResult result, ReadingsStored stored) {}

  /** Stores the readings, {@code node} being this node's id. */
  Written write(ReadingColumns readings, Map<DeviceRef, Long> deviceIds, String node)
      throws SQLException {
    if (readings.isEmpty()) {
      return new Written(WriteResult.NOTHING, new ReadingsStored(node, List.of()));
    }
    Set<SeriesKey> keys = seriesKeys(readings, deviceIds);
    Set<Long> devices = new LinkedHashSet<>();
    keys.forEach(key -> devices.add(key.deviceId()));
    Connection connection = pool.borrow();
    boolean healthy = true;
    try {
      Map<SeriesKey, Integer> ids = seriesIds.resolve(connection, keys);
      Set<Integer> circular = new HashSet<>();
      ids.forEach((key, id) -> {
        if (key.circular()) {
          circular.add(id);
        }
      });
      SeriesPoints points = SeriesPoints.of(readings, deviceIds, ids);
      lock(connection, points.seriesIds());
      List<StoredRange> ranges = BlockWriter.write(connection, points, circular::contains, READINGS_PER_SERIES_DAY);
      ReadingsStored stored = stored(node, ranges, ids);
      announce(connection, stored);
      connection.commit();
      long count = StoredRange.total(ranges);
      return new Written(new WriteResult(count, readings.size() - count), stored);
    } catch (IOException e) {
      healthy = rollback(connection);
      throw new SQLException("COPY failed: " + e.getMessage(), e);
    } catch (SQLException | RuntimeException e) {
      healthy = rollback(connection);
      throw e;
    } finally {
      // Even a failed commit may have committed: the copies of these devices are not served again either way.
      devices.forEach(cache::changed);
      pool.release(connection, healthy);
    }
  }

  /** The ranges by series name. */
  private static ReadingsStored stored(String node, List<StoredRange> ranges, Map<SeriesKey, Integer> ids) {
    Map<Integer, SeriesKey> byId = new HashMap<>(ids.size() * 2);
    ids.forEach((key, id) -> byId.put(id, key));
    List<StoredSeries> series = new ArrayList<>(ranges.size());
    for (StoredRange range : ranges) {
      SeriesKey key = byId.get(range.seriesId());
      series.add(new StoredSeries(key.deviceId(), key.connectorId(), key.iface(), range.from(), range.to(),
          range.count()));
    }
    return new ReadingsStored(node, series);
  }

  /** Tells the other nodes, at commit, what is stored (nothing when every reading was there already). */
  private static void announce(Connection connection, ReadingsStored stored) throws SQLException {
    if (stored.series().isEmpty()) {
      return;
    }
    try (PreparedStatement statement = connection.prepareStatement(ReadingsChanges.NOTIFY)) {
      statement.setArray(1, connection.createArrayOf("text", ReadingsChanges.payloads(stored)));
      statement.executeQuery().close();
    }
  }

  /** The series of the batch, run by run (no reading is made one by one). */
  private static Set<SeriesKey> seriesKeys(ReadingColumns columns, Map<DeviceRef, Long> deviceIds) {
    Set<SeriesKey> keys = new LinkedHashSet<>();
    for (int run = 0; run < columns.runs(); run++) {
      ReadingSeries series = columns.series(run);
      keys.add(new SeriesKey(deviceIds.get(series.device()), series.connectorId(), series.iface().name()));
    }
    return keys;
  }

  private static void lock(Connection connection, int[] ids) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(LOCK_SERIES)) {
      statement.setArray(1, BlockWriter.array(connection, "integer", ids));
      statement.executeQuery().close();
    }
  }

  private static boolean rollback(Connection connection) {
    try {
      connection.rollback();
      return true;
    } catch (SQLException e) {
      return false;
    }
  }
}
