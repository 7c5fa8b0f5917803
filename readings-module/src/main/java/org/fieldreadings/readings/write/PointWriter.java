package org.fieldreadings.readings.write;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fieldreadings.core.http.DeviceRef;

/**
 * Stores a batch of readings in one transaction (blocking: worker threads only), so the rollups are exactly in step
 * with the readings when it commits. Writers of a series take turns (transaction-scoped advisory locks, taken in id
 * order so two writers never deadlock), so each sees the other's committed blocks; {@link BlockWriter} does the rest.
 */
final class PointWriter {

  private static final String LOCK_SERIES = """
      SELECT count(pg_advisory_xact_lock(%d, id)) FROM (SELECT unnest(?::int[]) AS id ORDER BY 1) ids"""
      .formatted(AdvisoryLocks.SERIES);

  /** The most readings a series keeps in a UTC day: one a second on average. */
  static final int READINGS_PER_SERIES_DAY = 86_400;

  private final JdbcPool pool;
  private final SeriesIds seriesIds = new SeriesIds();

  PointWriter(JdbcPool pool) {
    this.pool = pool;
  }

  WriteResult write(List<Reading> readings, Map<DeviceRef, Long> deviceIds) throws SQLException, InterruptedException {
    if (readings.isEmpty()) {
      return WriteResult.NOTHING;
    }
    Connection connection = pool.borrow();
    boolean healthy = true;
    try {
      Map<SeriesKey, Integer> ids = seriesIds.resolve(connection, seriesKeys(readings, deviceIds));
      Set<Integer> circular = new HashSet<>();
      ids.forEach((key, id) -> {
        if (key.circular()) {
          circular.add(id);
        }
      });
      SeriesPoints points = SeriesPoints.of(readings, deviceIds, ids);
      lock(connection, points.seriesIds());
      long stored = BlockWriter.write(connection, points, circular::contains, READINGS_PER_SERIES_DAY);
      connection.commit();
      return new WriteResult(stored, readings.size() - stored);
    } catch (IOException e) {
      healthy = rollback(connection);
      throw new SQLException("COPY failed: " + e.getMessage(), e);
    } catch (SQLException | RuntimeException e) {
      healthy = rollback(connection);
      throw e;
    } finally {
      pool.release(connection, healthy);
    }
  }

  private static Set<SeriesKey> seriesKeys(List<Reading> readings, Map<DeviceRef, Long> deviceIds) {
    Set<SeriesKey> keys = new LinkedHashSet<>();
    Reading previous = null;
    for (Reading reading : readings) {
      if (!reading.sameSeries(previous)) {
        keys.add(new SeriesKey(deviceIds.get(reading.device()), reading.connectorId(), reading.iface().name()));
      }
      previous = reading;
    }
    return keys;
  }

  private static void lock(Connection connection, int[] ids) throws SQLException {
    Object[] boxed = new Object[ids.length];
    for (int i = 0; i < ids.length; i++) {
      boxed[i] = ids[i];
    }
    try (PreparedStatement statement = connection.prepareStatement(LOCK_SERIES)) {
      statement.setArray(1, connection.createArrayOf("integer", boxed));
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
