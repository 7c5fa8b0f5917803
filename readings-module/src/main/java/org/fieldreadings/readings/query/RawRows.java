package org.fieldreadings.readings.query;

import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;

/**
 * The rows of a raw window from its point blocks, which come by day: each day's blocks (one per interface column)
 * are decoded and merged by time into rows of every column's value at that time.
 */
final class RawRows {

  private RawRows() {}

  static void write(BlockRows rows, int columns, long start, long end, RowSink sink) {
    Points[] day = new Points[columns];
    double[] values = new double[columns];
    int[] next = new int[columns];
    long current = Long.MIN_VALUE;
    for (int row = 0; row < rows.size(); row++) {
      long dayStart = rows.day(row) * PointBlock.DAY;
      if (dayStart != current) {
        merge(day, next, values, start, end, sink);
        current = dayStart;
      }
      int column = rows.column(row);
      if (day[column] == null) {
        day[column] = new Points();
      }
      PointBlock.decode(rows.block(row), dayStart, day[column]);
    }
    merge(day, next, values, start, end, sink);
  }

  /** Writes the rows of one day's decoded columns within [start, end], and empties the columns. */
  private static void merge(Points[] day, int[] next, double[] values, long start, long end, RowSink sink) {
    for (int c = 0; c < day.length; c++) {
      next[c] = day[c] == null ? 0 : day[c].indexAtOrAfter(start);
    }
    while (true) {
      long time = Long.MAX_VALUE;
      for (int c = 0; c < day.length; c++) {
        if (day[c] != null && next[c] < day[c].size()) {
          time = Math.min(time, day[c].time(next[c]));
        }
      }
      if (time == Long.MAX_VALUE || time > end) {
        break;
      }
      for (int c = 0; c < day.length; c++) {
        boolean present = day[c] != null && next[c] < day[c].size() && day[c].time(next[c]) == time;
        values[c] = present ? day[c].value(next[c]++) : Double.NaN;
      }
      sink.row(time, values);
    }
    for (Points points : day) {
      if (points != null) {
        points.clear();
      }
    }
  }
}
