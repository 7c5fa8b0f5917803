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
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import org.fieldreadings.core.http.DeviceRef;

/**
 * Stores a batch of readings in one transaction (blocking: worker threads only), so the rollups are exactly in step
 * with the points when it commits. Writers of a series take turns; each series of the batch then takes one of two
 * ways:
 * <ul>
 *   <li>inserted, when no point of the series is stored between the batch's first and last time (new data, also
 *   when parts of a file arrive out of order; the usual case): the points are copied straight into the table and
 *   their hours and days, summed up here, are added to the rollups;</li>
 *   <li>upserted otherwise (re-sent or corrected readings): the points go through a staging table into an upsert,
 *   and the hours and days they span are recomputed from the stored points.</li>
 * </ul>
 */
final class PointWriter {

  private final JdbcPool pool;
  private final Partitions partitions;
  private final SeriesIds seriesIds = new SeriesIds();

  PointWriter(JdbcPool pool, AcceptedWindow window) {
    this.pool = pool;
    this.partitions = new Partitions(window);
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
      Map<Integer, SeriesPoints.Span> spans = points.spans();
      Set<Integer> overlapping = overlapping(connection, spans);
      IntPredicate fresh = id -> !overlapping.contains(id);
      long stored = insert(connection, points.only(fresh), spans) + upsert(connection, points.only(fresh.negate()));
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
      partitions.prepareAhead(connection, months);
    } catch (SQLException e) {
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
    try (PreparedStatement statement = connection.prepareStatement(WriteSql.LOCK_SERIES)) {
      statement.setArray(1, integers(connection, ids));
      statement.executeQuery().close();
    }
  }

  private static Set<Integer> overlapping(Connection connection, Map<Integer, SeriesPoints.Span> spans)
      throws SQLException {
    Object[] ids = new Object[spans.size()];
    Object[] firsts = new Object[spans.size()];
    Object[] lasts = new Object[spans.size()];
    int i = 0;
    for (Map.Entry<Integer, SeriesPoints.Span> span : spans.entrySet()) {
      ids[i] = span.getKey();
      firsts[i] = new Timestamp(span.getValue().first());
      lasts[i] = new Timestamp(span.getValue().last());
      i++;
    }
    Set<Integer> overlapping = new HashSet<>();
    try (PreparedStatement statement = connection.prepareStatement(WriteSql.OVERLAPPING)) {
      statement.setArray(1, connection.createArrayOf("integer", ids));
      statement.setArray(2, connection.createArrayOf("timestamptz", firsts));
      statement.setArray(3, connection.createArrayOf("timestamptz", lasts));
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          overlapping.add(rows.getInt(1));
        }
      }
    }
    return overlapping;
  }

  /** Inserts points of series that have none stored within the batch's span, so none of them can exist yet. */
  private static long insert(Connection connection, SeriesPoints points, Map<Integer, SeriesPoints.Span> spans)
      throws SQLException, IOException {
    if (points.isEmpty()) {
      return 0;
    }
    try (BinaryCopy copy = BinaryCopy.into(connection, WriteSql.POINT_COLUMNS)) {
      for (int i = 0; i < points.size(); i++) {
        copy.row(3).integer(points.series(i)).timestamp(points.timestamp(i)).float8(points.value(i));
      }
    }
    addRollups(connection, "readings.rollup_hour", Rollup.of(points, Rollup.HOUR), spans, Rollup.HOUR);
    addRollups(connection, "readings.rollup_day", Rollup.of(points, Rollup.DAY), spans, Rollup.DAY);
    return points.size();
  }

  /**
   * Adds the rollups of inserted points. Only a series' first and last bucket can also hold stored points (every
   * other lies within the span, where there were none), so those two are merged and the rest are copied in.
   */
  private static void addRollups(Connection connection, String table, List<Rollup> rollups,
      Map<Integer, SeriesPoints.Span> spans, long width) throws SQLException, IOException {
    List<Rollup> merged = new ArrayList<>();
    try (BinaryCopy copy = BinaryCopy.into(connection, table + " " + WriteSql.ROLLUP_COLUMNS)) {
      for (Rollup rollup : rollups) {
        SeriesPoints.Span span = spans.get(rollup.seriesId());
        if (rollup.bucket() == Math.floorDiv(span.first(), width) * width
            || rollup.bucket() == Math.floorDiv(span.last(), width) * width) {
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
