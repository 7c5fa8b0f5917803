package org.fieldreadings.readings.write;

import java.io.IOException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import org.fieldreadings.core.http.DeviceRef;

/**
 * Stores a batch of readings in one transaction (blocking: worker threads only), so the rollups are exactly in step
 * with the points when it commits. Writers of a series take turns; each series then takes one of two ways:
 * <ul>
 *   <li>appended, when the batch only holds points after the series' latest (new data, the usual case): the points
 *   are copied straight into the table and their hours and days, summed up here, are added to the rollups;</li>
 *   <li>upserted otherwise (re-sent or corrected readings, back-fills): the points go through a staging table into
 *   an upsert, and the hours and days they span are recomputed from the stored points.</li>
 * </ul>
 */
final class PointWriter {

  private final JdbcPool pool;
  private final Partitions partitions = new Partitions();
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
      partitions.ensure(connection, Instant.ofEpochMilli(min(readings)), Instant.ofEpochMilli(max(readings)));
      SeriesPoints points = SeriesPoints.of(readings, deviceIds,
          seriesIds.resolve(connection, seriesKeys(readings, deviceIds)));
      int[] ids = points.seriesIds();
      lock(connection, ids);
      Map<Integer, Long> latest = latestTimes(connection, ids);
      Map<Integer, Long> first = points.firstTimestamps();
      IntPredicate appended = id -> !latest.containsKey(id) || first.get(id) > latest.get(id);
      long stored = append(connection, points.only(appended), latest)
          + upsert(connection, points.only(appended.negate()));
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

  /** Creates the partitions of the coming months (called at start-up and daily). */
  void prepareAhead(int months) throws SQLException, InterruptedException {
    Connection connection = pool.borrow();
    boolean healthy = true;
    try {
      Instant now = Instant.now();
      partitions.ensure(connection, now, now.atZone(ZoneOffset.UTC).plusMonths(months).toInstant());
    } catch (SQLException e) {
      healthy = rollback(connection);
      throw e;
    } finally {
      pool.release(connection, healthy);
    }
  }

  private static Set<SeriesKey> seriesKeys(List<Reading> readings, Map<DeviceRef, Long> deviceIds) {
    Set<SeriesKey> keys = new LinkedHashSet<>();
    for (Reading reading : readings) {
      keys.add(new SeriesKey(deviceIds.get(reading.device()), reading.connectorId(), reading.iface().name()));
    }
    return keys;
  }

  private static void lock(Connection connection, int[] ids) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(WriteSql.LOCK_SERIES)) {
      statement.setArray(1, integers(connection, ids));
      statement.executeQuery().close();
    }
  }

  private static Map<Integer, Long> latestTimes(Connection connection, int[] ids) throws SQLException {
    Map<Integer, Long> latest = new HashMap<>();
    try (PreparedStatement statement = connection.prepareStatement(WriteSql.LAST_TIMES)) {
      statement.setArray(1, integers(connection, ids));
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          Timestamp last = rows.getTimestamp(2);
          if (last != null) {
            latest.put(rows.getInt(1), last.getTime());
          }
        }
      }
    }
    return latest;
  }

  private static long append(Connection connection, SeriesPoints points, Map<Integer, Long> latest)
      throws SQLException, IOException {
    if (points.isEmpty()) {
      return 0;
    }
    try (BinaryCopy copy = BinaryCopy.into(connection, WriteSql.POINT_COLUMNS)) {
      for (int i = 0; i < points.size(); i++) {
        copy.row(3).integer(points.series(i)).timestamp(points.timestamp(i)).float8(points.value(i));
      }
    }
    addRollups(connection, "readings.rollup_hour", Rollup.of(points, Rollup.HOUR), latest, Rollup.HOUR);
    addRollups(connection, "readings.rollup_day", Rollup.of(points, Rollup.DAY), latest, Rollup.DAY);
    return points.size();
  }

  /**
   * Adds rollups of appended points: a bucket holding a series' latest stored point is merged with it, every later
   * one is new and copied in.
   */
  private static void addRollups(Connection connection, String table, List<Rollup> rollups, Map<Integer, Long> latest,
      long width) throws SQLException, IOException {
    List<Rollup> merged = new ArrayList<>();
    try (BinaryCopy copy = BinaryCopy.into(connection, table + " " + WriteSql.ROLLUP_COLUMNS)) {
      for (Rollup rollup : rollups) {
        Long last = latest.get(rollup.seriesId());
        if (last != null && Math.floorDiv(last, width) * width == rollup.bucket()) {
          merged.add(rollup);
        } else {
          copy.row(10).integer(rollup.seriesId()).timestamp(rollup.bucket()).integer(rollup.n())
              .float8(rollup.sum()).float8(rollup.min()).float8(rollup.max()).timestamp(rollup.lastTs())
              .float8(rollup.lastValue()).float8(rollup.sinSum()).float8(rollup.cosSum());
        }
      }
    }
    if (merged.isEmpty()) {
      return;
    }
    try (PreparedStatement statement = connection.prepareStatement(WriteSql.mergeRollup(table))) {
      for (Rollup rollup : merged) {
        statement.setInt(1, rollup.seriesId());
        statement.setObject(2, utc(rollup.bucket()));
        statement.setInt(3, rollup.n());
        statement.setDouble(4, rollup.sum());
        statement.setDouble(5, rollup.min());
        statement.setDouble(6, rollup.max());
        statement.setObject(7, utc(rollup.lastTs()));
        statement.setDouble(8, rollup.lastValue());
        statement.setDouble(9, rollup.sinSum());
        statement.setDouble(10, rollup.cosSum());
        statement.addBatch();
      }
      statement.executeBatch();
    }
  }

  private static long upsert(Connection connection, SeriesPoints points) throws SQLException, IOException {
    if (points.isEmpty()) {
      return 0;
    }
    try (Statement statement = connection.createStatement()) {
      statement.execute(WriteSql.CREATE_STAGING);
      try (BinaryCopy copy = BinaryCopy.into(connection, WriteSql.STAGING_COLUMNS)) {
        for (int i = 0; i < points.size(); i++) {
          copy.row(3).integer(points.series(i)).timestamp(points.timestamp(i)).float8(points.value(i));
        }
      }
      statement.execute(WriteSql.ANALYZE_STAGING);
      long stored;
      try (ResultSet count = statement.executeQuery(WriteSql.UPSERT_POINTS)) {
        count.next();
        stored = count.getLong(1);
      }
      statement.execute(WriteSql.ROLLUP_HOURS);
      statement.execute(WriteSql.ROLLUP_DAYS);
      return stored;
    }
  }

  private static Array integers(Connection connection, int[] ids) throws SQLException {
    Object[] boxed = new Object[ids.length];
    for (int i = 0; i < ids.length; i++) {
      boxed[i] = ids[i];
    }
    return connection.createArrayOf("integer", boxed);
  }

  private static OffsetDateTime utc(long epochMillis) {
    return Instant.ofEpochMilli(epochMillis).atOffset(ZoneOffset.UTC);
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
