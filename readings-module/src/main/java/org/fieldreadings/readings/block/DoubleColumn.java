package org.fieldreadings.readings.block;

/**
 * A column of readings' values, stored exactly. Readings are decimals with a few digits (12.5 °C, 1013.25 hPa):
 * such a column is written as whole numbers of its finest decimal (its scale, at most 10^-9) with {@link LongColumn}
 * deltas, one or two bytes a value. A column where some value is no such decimal (the result of a unit conversion,
 * say) is written as raw IEEE 754 bits. Either way every value decodes to the very double that was encoded.
 */
final class DoubleColumn {

  private static final int MAX_SCALE = 9;
  private static final int RAW = 0xFF;
  private static final double[] POWERS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
  /** Whole numbers beyond 2^53 are not all doubles. */
  private static final double LARGEST_WHOLE = 0x1p53;

  private DoubleColumn() {}

  static void encode(BlockOutput out, double[] values, int from, int to) {
    int scale = scale(values, from, to);
    out.write(scale);
    if (scale == RAW) {
      for (int i = from; i < to; i++) {
        out.fixed64(Double.doubleToRawLongBits(values[i]));
      }
      return;
    }
    long[] whole = new long[to - from];
    for (int i = from; i < to; i++) {
      whole[i - from] = Math.round(values[i] * POWERS[scale]);
    }
    LongColumn.encode(out, whole, 0, whole.length, false);
  }

  static void decode(BlockInput in, int count, double[] into, int at) {
    int scale = in.read();
    if (scale == RAW) {
      for (int i = 0; i < count; i++) {
        into[at + i] = Double.longBitsToDouble(in.fixed64());
      }
      return;
    }
    if (scale > MAX_SCALE) {
      throw new CorruptBlockException("scale " + scale);
    }
    double power = POWERS[scale];
    LongColumn.decode(in, count, false, (i, whole) -> into[at + i] = whole / power);
  }

  /**
   * The smallest scale at which every value of {@code values[from, to)} is a whole number that decodes back to
   * it bit for bit, or {@link #RAW}.
   */
  static int scale(double[] values, int from, int to) {
    int scale = 0;
    int checkedFrom = from;
    for (int i = from; i < to; i++) {
      while (!exact(values[i], scale)) {
        if (++scale > MAX_SCALE) {
          return RAW;
        }
        checkedFrom = i;
      }
    }
    // The values before the last scale change were checked at smaller scales only. One exact at a smaller scale is
    // normally exact at a larger one too; make sure.
    for (int i = from; i < checkedFrom; i++) {
      if (!exact(values[i], scale)) {
        return RAW;
      }
    }
    return scale;
  }

  private static boolean exact(double value, int scale) {
    double scaled = value * POWERS[scale];
    if (!(Math.abs(scaled) < LARGEST_WHOLE)) {
      return false;
    }
    return Double.doubleToRawLongBits(Math.round(scaled) / POWERS[scale]) == Double.doubleToRawLongBits(value);
  }

  /** Whether {@link #scale} found no decimal scale. */
  static boolean isRaw(int scale) {
    return scale == RAW;
  }

  static double power(int scale) {
    return POWERS[scale];
  }
}
