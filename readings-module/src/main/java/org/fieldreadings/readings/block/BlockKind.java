package org.fieldreadings.readings.block;

import java.time.LocalDate;
import java.util.List;

/**
 * The kinds of block readings are stored in, each a row of its table named by the first day of its span: points, a
 * UTC day of readings a row of {@code readings.point_block}; hours, a UTC month of hourly rollups a row of
 * {@code readings.hour_block}; days, a UTC year of daily rollups a row of {@code readings.day_block}.
 */
public enum BlockKind {
  POINTS("readings.point_block", "day", 0),
  HOURS("readings.hour_block", "month", PointBlock.HOUR),
  DAYS("readings.day_block", "year", PointBlock.DAY);

  /** The rollups, in the order a write updates them. */
  public static final List<BlockKind> ROLLUPS = List.of(HOURS, DAYS);

  private final String table;
  private final String key;
  private final long width;

  BlockKind(String table, String key, long width) {
    this.table = table;
    this.key = key;
    this.width = width;
  }

  /** The table the blocks are stored in. */
  public String table() {
    return table;
  }

  /** The table's date column naming a block's span by its first day. */
  public String key() {
    return key;
  }

  /** A rollup bucket's width in milliseconds; 0 for points, which are not bucketed. */
  public long width() {
    return width;
  }

  /** The first day (epoch day) of the block holding the bucket (or point) that holds {@code time}. */
  public long blockDay(long time) {
    // From the epoch day, not through an OffsetDateTime: this runs for every rollup bucket a write touches.
    long day = Math.floorDiv(time, PointBlock.DAY);
    return switch (this) {
      case POINTS -> day;
      case HOURS -> LocalDate.ofEpochDay(day).withDayOfMonth(1).toEpochDay();
      case DAYS -> LocalDate.ofEpochDay(day).withDayOfYear(1).toEpochDay();
    };
  }

  /** The first day (epoch day) of the block after the one starting on {@code blockDay}. */
  public long nextBlockDay(long blockDay) {
    return switch (this) {
      case POINTS -> blockDay + 1;
      case HOURS -> LocalDate.ofEpochDay(blockDay).plusMonths(1).toEpochDay();
      case DAYS -> LocalDate.ofEpochDay(blockDay).plusYears(1).toEpochDay();
    };
  }
}
