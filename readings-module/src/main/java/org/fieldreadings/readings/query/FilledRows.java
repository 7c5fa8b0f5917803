package org.fieldreadings.readings.query;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Gap filling between the aggregator and the output: it receives every bucket in time order (empty ones as rows of
 * NaN) and passes on the rows that have a value, with each interface's gaps filled ({@link Fill#PREVIOUS} or
 * {@link Fill#LINEAR}) only between two buckets that have it: a gap is known to close only when the next value
 * arrives, so rows wait here from the first open gap on, and gaps still open at {@link #finish()} (after an
 * interface's last value) stay empty. The rows held are bounded by the period's bucket limits.
 */
final class FilledRows implements RowSink {

  private record Held(long timestamp, double[] values) {}

  private final Fill fill;
  private final RowSink out;
  private final ArrayDeque<Held> held = new ArrayDeque<>();
  /** The sequence number of the first row held. */
  private long heldFrom;
  /** Per column: the last value seen and its bucket's start, whether there was one, and its open gap's first row. */
  private final double[] lastValue;
  private final long[] lastTime;
  private final boolean[] seen;
  private final long[] gapFrom;

  FilledRows(Fill fill, int columns, RowSink out) {
    this.fill = fill;
    this.out = out;
    lastValue = new double[columns];
    lastTime = new long[columns];
    seen = new boolean[columns];
    gapFrom = new long[columns];
    Arrays.fill(gapFrom, -1);
  }

  @Override
  public void row(long timestamp, double[] values) {
    long index = heldFrom + held.size();
    double[] copy = values.clone();
    for (int c = 0; c < copy.length; c++) {
      if (!Double.isNaN(copy[c])) {
        if (gapFrom[c] >= 0) {
          close(c, timestamp, copy[c]);
        }
        lastValue[c] = copy[c];
        lastTime[c] = timestamp;
        seen[c] = true;
      } else if (seen[c] && gapFrom[c] < 0) {
        gapFrom[c] = index;
      }
    }
    held.addLast(new Held(timestamp, copy));
    release(false);
  }

  /** Writes the rows still held: the gaps still open follow an interface's last value and stay empty. */
  void finish() {
    release(true);
  }

  /** Fills column {@code c}'s open gap, which the value {@code next} at {@code nextTime} closes. */
  private void close(int c, long nextTime, double next) {
    long index = heldFrom;
    for (Held row : held) {
      if (index++ >= gapFrom[c]) {
        row.values[c] = fill == Fill.PREVIOUS ? lastValue[c]
            : lastValue[c] + (next - lastValue[c]) * (row.timestamp - lastTime[c]) / (nextTime - lastTime[c]);
      }
    }
    gapFrom[c] = -1;
  }

  private void release(boolean all) {
    long firstOpen = Long.MAX_VALUE;
    for (long from : gapFrom) {
      if (from >= 0) {
        firstOpen = Math.min(firstOpen, from);
      }
    }
    while (!held.isEmpty() && (all || heldFrom < firstOpen)) {
      Held row = held.removeFirst();
      heldFrom++;
      if (Arrays.stream(row.values).anyMatch(v -> !Double.isNaN(v))) {
        out.row(row.timestamp, row.values);
      }
    }
  }
}
