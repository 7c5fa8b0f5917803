package org.fieldreadings.readings.query;

import java.util.Arrays;

/**
 * A slice of the rows of a {@link ReadingsQuery}, in time order: each row a timestamp (epoch milliseconds) and a
 * value per interface of its {@link ReadingsSelection}, column {@code i} being {@code interfaces().get(i)}, NaN
 * where the interface has none. Raw rows hold the stored readings exactly; aggregated rows are named by their
 * bucket's start and hold each aggregate unrounded, which an answer shows at the interface's resolution
 * ({@code SensorInterface.decimals()}, as {@link ReadingsFormat} does). Two flat arrays rather than an object a row:
 * a slice holds up to tens of thousands of rows.
 */
public final class ReadingRows {

  private final int columns;
  private int size;
  private long[] timestamps = new long[64];
  private double[] values;

  ReadingRows(int columns) {
    this.columns = columns;
    this.values = new double[timestamps.length * columns];
  }

  public int size() {
    return size;
  }

  public long timestamp(int row) {
    return timestamps[row];
  }

  /** The value of interface column {@code column} in row {@code row}; NaN when the interface has none there. */
  public double value(int row, int column) {
    return values[row * columns + column];
  }

  /** Appends a row, copying {@code rowValues} (a {@link RowSink} refills its array for the next row). */
  void add(long timestamp, double[] rowValues) {
    if (size == timestamps.length) {
      timestamps = Arrays.copyOf(timestamps, size * 2);
      values = Arrays.copyOf(values, size * 2 * columns);
    }
    timestamps[size] = timestamp;
    // A row is a few values: a loop copies them faster than a call of System.arraycopy (with it, making and
    // writing a year of one interface's raw rows took some 15% longer, measured in-process).
    int at = size * columns;
    for (int c = 0; c < columns; c++) {
      values[at + c] = rowValues[c];
    }
    size++;
  }
}
