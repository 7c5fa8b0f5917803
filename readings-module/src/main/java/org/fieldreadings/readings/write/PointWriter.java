package org.fieldreadings.readings.write;

import java.io.IOException;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.http.DeviceRef;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * Stores a batch of readings in one transaction (blocking: worker threads only): COPY into a staging table,
 * new series added, points upserted, then each series' hours and days from its first to its last reading in the
 * batch recomputed from the points,
 * so the rollups are exactly in step with the raw data when the transaction commits.
 */
final class PointWriter {

  private final JdbcPool pool;
  private final Partitions partitions = new Partitions();

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
      partitions.ensure(connection, Instant.ofEpochMilli(min(readings)), Instant.ofEpochMilli(max(readings)));
      try (Statement statement = connection.createStatement()) {
        statement.execute(WriteSql.CREATE_STAGING);
        copy(connection, readings, deviceIds);
        statement.execute(WriteSql.ANALYZE_STAGING);
        statement.execute(WriteSql.ADD_SERIES);
        statement.execute(WriteSql.LOCK_SERIES);
        WriteResult result;
        try (ResultSet counts = statement.executeQuery(WriteSql.UPSERT_POINTS)) {
          counts.next();
          result = new WriteResult(counts.getLong("stored"), counts.getLong("total") - counts.getLong("stored"));
        }
        statement.execute(WriteSql.ROLLUP_HOURS);
        statement.execute(WriteSql.ROLLUP_DAYS);
        connection.commit();
        return result;
      }
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

  /** Creates the partitions of the coming months (called at start-up and daily). */
  void prepareAhead(int months) throws SQLException, InterruptedException {
    Connection connection = pool.borrow();
    boolean healthy = true;
    try {
      Instant now = Instant.now();
      partitions.ensure(connection, now, now.atZone(java.time.ZoneOffset.UTC).plusMonths(months).toInstant());
    } catch (SQLException e) {
      healthy = rollback(connection);
      throw e;
    } finally {
      pool.release(connection, healthy);
    }
  }

  /**
   * Streams the batch to COPY in its text format (tab-separated; identifiers and interface names never hold tabs
   * or backslashes), without building the whole text in memory.
   */
  private static void copy(Connection connection, List<Reading> readings, Map<DeviceRef, Long> deviceIds)
      throws SQLException, IOException {
    try (Writer out = new BufferedWriter(new OutputStreamWriter(
        new PGCopyOutputStream(connection.unwrap(PGConnection.class), WriteSql.COPY_STAGING), StandardCharsets.UTF_8),
        1 << 16)) {
      int ord = 0;
      StringBuilder line = new StringBuilder(96);
      for (Reading reading : readings) {
        line.setLength(0);
        line.append(ord++).append('\t')
            .append(deviceIds.get(reading.device())).append('\t')
            .append(reading.connectorId()).append('\t')
            .append(reading.iface().name()).append('\t')
            .append(Instant.ofEpochMilli(reading.timestamp())).append('\t')
            .append(reading.value()).append('\n');
        out.append(line);
      }
    }
  }

  private static long min(List<Reading> readings) {
    return readings.stream().mapToLong(Reading::timestamp).min().orElseThrow();
  }

  private static long max(List<Reading> readings) {
    return readings.stream().mapToLong(Reading::timestamp).max().orElseThrow();
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
