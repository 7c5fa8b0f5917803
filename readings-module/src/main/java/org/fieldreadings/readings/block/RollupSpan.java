package org.fieldreadings.readings.block;

import java.time.LocalDate;

/**
 * The two rollups and the blocks they are stored in: hours, a UTC month of them a row of {@code readings.hour_block};
 * days, a UTC year of them a row of {@code readings.day_block}.
 */
public enum RollupSpan {
  HOURS("readings.hour_block", "month", 3_600_000L),
  DAYS("readings.day_block", "year", PointBlock.DAY);

  private final String table;
  private final String key;
  private final long width;

  RollupSpan(String table, String key, long width) {
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

  /** A bucket's width in milliseconds. */
  public long width() {
    return width;
  }

  /** The first day (epoch day) of the block holding the bucket that holds {@code time}. */
  public long blockDay(long time) {
    // From the epoch day, not through an OffsetDateTime: this runs for every rollup bucket a write touches.
    LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(time, PointBlock.DAY));
    return (this == HOURS ? date.withDayOfMonth(1) : date.withDayOfYear(1)).toEpochDay();
  }

  /** The first day (epoch day) of the block after the one starting on {@code blockDay}. */
  public long nextBlockDay(long blockDay) {
    LocalDate date = LocalDate.ofEpochDay(blockDay);
    return (this == HOURS ? date.plusMonths(1) : date.plusYears(1)).toEpochDay();
  }
}
