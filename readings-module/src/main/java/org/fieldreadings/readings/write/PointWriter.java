package org.fieldreadings.readings.write;

import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.http.DeviceRef;
import org.postgresql.PGConnection;

/**
 * Stores a batch of readings in one transaction (blocking: worker threads only): COPY into a staging table,
 * new series added, points upserted, then the touched hours and days of the rollups recomputed from the points,
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
        connection.unwrap(PGConnection.class).getCopyAPI()
            .copyIn(WriteSql.COPY_STAGING, new StringReader(copyText(readings, deviceIds)));
        statement.execute(WriteSql.ADD_SERIES);
        statement.execute(WriteSql.LOCK_SERIES);
        WriteResult result;
        try (ResultSet counts = statement.executeQuery(WriteSql.UPSERT_POINTS)) {
          counts.next();
          result = new WriteResult(counts.getLong("stored"), counts.getLong("total") - counts.getLong("stored"));
        }
        statement.execute(WriteSql.TOUCHED_HOURS);
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

  /** COPY's text format: tab-separated; identifiers and interface names never hold tabs or backslashes. */
  private static String copyText(List<Reading> readings, Map<DeviceRef, Long> deviceIds) {
    StringBuilder text = new StringBuilder(readings.size() * 72);
    int ord = 0;
    for (Reading reading : readings) {
      text.append(ord++).append('\t')
          .append(deviceIds.get(reading.device())).append('\t')
          .append(reading.connectorId()).append('\t')
          .append(reading.iface().name()).append('\t')
          .append(Instant.ofEpochMilli(reading.timestamp())).append('\t')
          .append(reading.value()).append('\n');
    }
    return text.toString();
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
