package org.fieldreadings.readings;

/**
 * Sensor values as short decimals, written and read quickly. {@link #append(StringBuilder, double)} writes a double
 * as {@link Double#toString} does, {@link #append(StringBuilder, double, int)} first rounds it to a resolution (JDK 17's general algorithm was one of the largest costs of a readings response);
 * whole numbers such as epoch milliseconds go through int arithmetic, several times cheaper than JDK 17's long
 * division. {@link #parse} reads a number as {@link Double#parseDouble} does, directly for plain decimals of up to
 * 15 digits (the CSV import's values).
 */
public final class ShortDecimal {

  private static final int MAX_DECIMALS = 6;
  private static final int MAX_PARSED_DIGITS = 15;
  /** The powers of ten up to the most decimals either way needs, all exact doubles. */
  private static final double[] POWERS = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
      1e14, 1e15};
  private static final int BILLION = 1_000_000_000;

  private ShortDecimal() {}

  /**
   * Appends {@code value} rounded to {@code decimals} decimals (an interface's resolution), as the shortest decimal
   * of the rounded value: 24.124999999999996 at 2 decimals is {@code 24.12}, 3.3849999999999993 at 3 is
   * {@code 3.385}, 7 at 2 is {@code 7.0}. Values too large to round exactly are written as they are.
   */
  public static void append(StringBuilder out, double value, int decimals) {
    double magnitude = Math.abs(value);
    if (!(magnitude < POWERS[MAX_PARSED_DIGITS] / POWERS[decimals])) {
      append(out, value);
      return;
    }
    long scaled = Math.round(magnitude * POWERS[decimals]);
    double rounded = scaled / POWERS[decimals];
    append(out, value < 0 && scaled != 0 ? -rounded : rounded);
  }

  public static void append(StringBuilder out, double value) {
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

  /**
   * The number a text reads as, as {@link Double#parseDouble} reads it. A plain decimal ({@code -12.345}) of at most
   * 15 digits is its digits divided by a power of ten: both are exact doubles and the division is correctly rounded,
   * which is the double closest to the decimal, as parseDouble answers.
   *
   * @throws NumberFormatException as parseDouble does
   */
  public static double parse(CharSequence text) {
    int length = text.length();
    int i = length > 0 && text.charAt(0) == '-' ? 1 : 0;
    int firstDigit = i;
    long digits = 0;
    int point = -1;
    for (; i < length; i++) {
      char c = text.charAt(i);
      if (c >= '0' && c <= '9') {
        digits = digits * 10 + (c - '0');
      } else if (c == '.' && point < 0) {
        point = i;
      } else {
        return Double.parseDouble(text.toString());
      }
    }
    int count = length - firstDigit - (point < 0 ? 0 : 1);
    int decimals = point < 0 ? 0 : length - point - 1;
    if (count == 0 || count > MAX_PARSED_DIGITS || point == firstDigit || decimals == 0 && point >= 0) {
      return Double.parseDouble(text.toString());
    }
    double value = digits / POWERS[decimals];
    return firstDigit == 1 ? -value : value;
  }

  /** Appends {@code value} as {@link StringBuilder#append(long)} does. */
  public static void appendWhole(StringBuilder out, long value) {
    if (value >= 0 && value <= Integer.MAX_VALUE) {
      out.append((int) value);
    } else if (value > 0 && value < (long) BILLION * BILLION) {
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
