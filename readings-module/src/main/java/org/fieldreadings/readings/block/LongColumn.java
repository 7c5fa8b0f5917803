package org.fieldreadings.readings.block;

/**
 * A column of whole numbers as differences: of first order (each number minus the previous) for values, or of
 * second order (delta-of-delta, as in Gorilla, VLDB 2015) for times, where a steady rate makes every difference
 * zero. Runs of zero differences are written as one varint, so a regular 15-minute day of times takes a few bytes.
 * Each token is a varint: {@code run << 1 | 1} for {@code run} zeros, {@code zigzag(d) << 1} for one difference.
 */
final class LongColumn {

  private LongColumn() {}

  static void encode(BlockOutput out, long[] values, int from, int to, boolean secondOrder) {
    if (from == to) {
      return;
    }
    out.zigzag(values[from]);
    long previousDelta = 0;
    long zeros = 0;
    for (int i = from + 1; i < to; i++) {
      long delta = values[i] - values[i - 1];
      long difference = secondOrder ? delta - previousDelta : delta;
      previousDelta = delta;
      if (difference == 0) {
        zeros++;
        continue;
      }
      if (zeros > 0) {
        out.varint(zeros << 1 | 1);
        zeros = 0;
      }
      out.varint(((difference << 1) ^ (difference >> 63)) << 1);
    }
    if (zeros > 0) {
      out.varint(zeros << 1 | 1);
    }
  }

  /** Reads {@code count} numbers into {@code into[at...]}. */
  static void decode(BlockInput in, int count, long[] into, int at, boolean secondOrder) {
    Reader reader = new Reader(in, count, secondOrder);
    for (int i = 0; i < count; i++) {
      into[at + i] = reader.next();
    }
  }

  /** Reads a column's numbers one at a time, so each can go where it is needed without an array of them. */
  static final class Reader {
    private final BlockInput in;
    private final int count;
    private final boolean secondOrder;
    private int read;
    /** Zero differences of the current run still to apply. */
    private long zeros;
    private long value;
    private long delta;

    /** A reader of the {@code count} numbers that follow in {@code in}. */
    Reader(BlockInput in, int count, boolean secondOrder) {
      this.in = in;
      this.count = count;
      this.secondOrder = secondOrder;
    }

    /** The next of the {@code count} numbers. */
    long next() {
      int i = read++;
      if (i == 0) {
        value = in.zigzag();
        return value;
      }
      while (zeros == 0) {
        long token = in.varint();
        if ((token & 1) == 0) {
          long zig = token >>> 1;
          long difference = (zig >>> 1) ^ -(zig & 1);
          delta = secondOrder ? delta + difference : difference;
          value += delta;
          return value;
        }
        zeros = token >>> 1;
        if (zeros > count - i) {
          throw new CorruptBlockException("run of " + zeros + " past the column's end");
        }
        if (!secondOrder) {
          delta = 0;
        }
      }
      zeros--;
      value += delta;
      return value;
    }
  }
}
