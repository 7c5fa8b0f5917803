package org.fieldreadings.readings.query;

/**
 * Writes a double as {@link Double#toString} does, quickly for the common case of a sensor value with a few
 * decimals: JDK 17's general algorithm is one of the largest costs of a readings response. Whole numbers such
 * as epoch milliseconds go through int arithmetic, which is several times cheaper than JDK 17's long division.
 */
final class ShortDecimal {

  private static final int MAX_DECIMALS = 6;
  private static final double[] POWERS = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};
  private static final int BILLION = 1_000_000_000;

  private ShortDecimal() {}

  static void append(StringBuilder out, double value) {
    double magnitude = Math.abs(value);
    // Double.toString writes plain decimals in [1e-3, 1e7); outside, and for zeros (signed), it decides.
    if (!(magnitude >= 1e-3 && magnitude < 1e7)) {
      out.append(value);
      return;
    }
    for (int decimals = 0; decimals <= MAX_DECIMALS; decimals++) {
      long scaled = Math.round(magnitude * POWERS[decimals]);
      // The fewest decimals whose number reads back as exactly this double are the digits toString prints.
      if (scaled / POWERS[decimals] == magnitude) {
        write(out, value < 0, scaled, decimals);
        return;
      }
    }
    out.append(value);
  }

  /** Appends {@code value} as {@link StringBuilder#append(long)} does. */
  static void appendWhole(StringBuilder out, long value) {
    if (value >= 0 && value <= Integer.MAX_VALUE) {
      out.append((int) value);
    } else if (value > 0 && value < BILLION * BILLION) {
      long high = value / BILLION;
      appendWhole(out, high);
      appendPadded(out, (int) (value - high * BILLION), BILLION);
    } else {
      out.append(value);
    }
  }

  private static void write(StringBuilder out, boolean negative, long scaled, int decimals) {
    if (negative) {
      out.append('-');
    }
    if (decimals == 0) {
      appendWhole(out, scaled);
      out.append(".0");
      return;
    }
    long unit = (long) POWERS[decimals];
    long whole = scaled / unit;
    appendWhole(out, whole);
    out.append('.');
    appendPadded(out, (int) (scaled - whole * unit), (int) unit);
  }

  /** Appends {@code digits}, below {@code unit} (a power of ten), with leading zeros to unit's width minus one. */
  private static void appendPadded(StringBuilder out, int digits, int unit) {
    for (int digit = unit / 10; digit > digits && digit > 1; digit /= 10) {
      out.append('0');
    }
    out.append(digits);
  }
}
