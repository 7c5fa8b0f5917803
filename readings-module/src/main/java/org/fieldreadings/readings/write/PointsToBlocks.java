package org.fieldreadings.readings.write;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Migration 3 of schema {@code readings}: moves the readings of V1's row-per-reading tables into the series blocks of
 * V2 through the writer itself (so the blocks, their rollups and the latest values are exactly what a write would
 * make), then drops the old tables, their monthly partitions and rollups. It reads the points in series and time
 * order with a cursor and writes them a slice at a time, so memory stays bounded whatever their number; all in
 * Flyway's transaction, so a failure leaves the old tables as they were. The writer keeps the latest values in the
 * series rows, as migration 4 lays them out: this one adds those columns first.
 */
public final class PointsToBlocks implements JavaMigration {

  private static final Logger LOG = LoggerFactory.getLogger(PointsToBlocks.class);
  private static final int SLICE = 100_000;
  /** Readings stored a row each are kept whatever their number a day: the limit is for new writes. */
  private static final int EVERY_READING = Integer.MAX_VALUE;

  @Override
  public MigrationVersion getVersion() {
    return MigrationVersion.fromVersion("3");
  }

  @Override
  public String getDescription() {
    return "points to blocks";
  }

  @Override
  public Integer getChecksum() {
    return 3;
  }

  @Override
  public boolean canExecuteInTransaction() {
    return true;
  }

  @Override
  public void migrate(Context context) throws Exception {
    Connection connection = context.getConnection();
    // The writer keeps each series' newest reading in its row (migration 4's layout, which repeats this).
    try (Statement statement = connection.createStatement()) {
      statement.execute("""
          ALTER TABLE readings.series ADD COLUMN latest_ts timestamptz, ADD COLUMN latest_value double precision""");
    }
    Set<Integer> circular = new HashSet<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT series_id, interface FROM readings.series")) {
      while (rows.next()) {
        if (SeriesKey.isCircular(rows.getString(2))) {
          circular.add(rows.getInt(1));
        }
      }
    }
    int[] series = new int[SLICE];
    long[] times = new long[SLICE];
    double[] values = new double[SLICE];
    long moved = 0;
    try (Statement statement = connection.createStatement()) {
      statement.setFetchSize(SLICE);
      try (ResultSet rows = statement.executeQuery("""
          SELECT series_id, (extract(epoch FROM ts) * 1000)::bigint, value FROM readings.point
          ORDER BY series_id, ts""")) {
        int size = 0;
        while (rows.next()) {
          series[size] = rows.getInt(1);
          times[size] = rows.getLong(2);
          values[size] = rows.getDouble(3);
          if (++size == SLICE) {
            moved += StoredRange.total(BlockWriter.write(connection, SeriesPoints.ordered(series, times, values,
                size), circular::contains, EVERY_READING));
            size = 0;
          }
        }
        moved += StoredRange.total(BlockWriter.write(connection, SeriesPoints.ordered(series, times, values, size),
            circular::contains, EVERY_READING));
      }
    }
    try (Statement statement = connection.createStatement()) {
      statement.execute("DROP TABLE readings.point, readings.rollup_hour, readings.rollup_day");
    }
    LOG.info("moved {} readings into series blocks", moved);
  }
}
