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
    decode(in, count, secondOrder, (i, value) -> into[at + i] = value);
  }

  /** Where the numbers of a column go as they are read: number {@code i} (from 0) of the column is {@code value}. */
  @FunctionalInterface
  interface Sink {
    void put(int i, long value);
  }

  /** Reads {@code count} numbers, handing each to {@code sink} in order. */
  static void decode(BlockInput in, int count, boolean secondOrder, Sink sink) {
    if (count == 0) {
      return;
    }
    long value = in.zigzag();
    sink.put(0, value);
    long delta = 0;
    int i = 1;
    while (i < count) {
      long token = in.varint();
      if ((token & 1) == 1) {
        long run = token >>> 1;
        if (run > count - i) {
          throw new CorruptBlockException("run of " + run + " past the column's end");
        }
        if (!secondOrder) {
          delta = 0;
        }
        for (long r = 0; r < run; r++, i++) {
          value += delta;
          sink.put(i, value);
        }
      } else {
        long zig = token >>> 1;
        long difference = (zig >>> 1) ^ -(zig & 1);
        delta = secondOrder ? delta + difference : difference;
        value += delta;
        sink.put(i++, value);
      }
    }
  }
}
