package org.fieldreadings.core.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Sensor values as short decimals, written and read quickly. {@link #append(StringBuilder, double)} writes a double
 * as the shortest decimal that reads back as exactly that double (how stored readings are served);
 * {@link #append(StringBuilder, double, int)} first rounds it to a resolution (how aggregates are served). JDK 17's
 * general algorithm was one of the largest costs of a readings response, and is not always the shortest;
 * whole numbers such as epoch milliseconds go through int arithmetic, several times cheaper than JDK 17's long
 * division. {@link #parse} reads a number as {@link Double#parseDouble} does, directly for plain decimals of up to
 * 15 digits (the CSV import's values).
 */
public final class ShortDecimal {

  private static final int MAX_DECIMALS = 6;
  private static final int MAX_PARSED_DIGITS = 15;
  /** Enough significant digits for every double to read back as itself. */
  private static final int MAX_SIGNIFICANT_DIGITS = 17;
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

  /**
   * Appends {@code value} as the shortest decimal that {@link Double#parseDouble} reads back as exactly
   * {@code value}: a stored {@code 1.678} is {@code 1.678}, a converted {@code 24.124999999999996} stays that.
   * Plain notation between 1e-3 and 1e7, as {@link Double#toString}; outside, E notation.
   */
  public static void append(StringBuilder out, double value) {
    double magnitude = Math.abs(value);
    if (magnitude == 0 || !Double.isFinite(value)) {
      out.append(value);
      return;
    }
    if (!(magnitude >= 1e-3 && magnitude < 1e7)) {
      appendShortest(out, value);
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
    appendShortest(out, value);
  }

  /**
   * The general case (more than six decimals, or outside plain notation's range): the fewest significant digits
   * that read back as {@code value}. JDK 17's {@link Double#toString} sometimes writes a digit more (JDK-4511638).
   */
  private static void appendShortest(StringBuilder out, double value) {
    BigDecimal exact = new BigDecimal(value);
    for (int digits = 1; digits < MAX_SIGNIFICANT_DIGITS; digits++) {
      BigDecimal candidate = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
      if (candidate.doubleValue() == value) {
        writeDecimal(out, candidate);
        return;
      }
    }
    writeDecimal(out, exact.round(new MathContext(MAX_SIGNIFICANT_DIGITS, RoundingMode.HALF_EVEN)));
  }

  private static void writeDecimal(StringBuilder out, BigDecimal decimal) {
    BigDecimal stripped = decimal.stripTrailingZeros();
    double magnitude = stripped.abs().doubleValue();
    if (magnitude >= 1e-3 && magnitude < 1e7) {
      out.append(stripped.toPlainString());
    } else {
      // unscaled digits d1d2...dn at 10^exponent, written d1.d2...dnE<exponent> as Double.toString does
      String digits = stripped.unscaledValue().abs().toString();
      int exponent = digits.length() - 1 - stripped.scale();
      if (stripped.signum() < 0) {
        out.append('-');
      }
      out.append(digits.charAt(0)).append('.').append(digits.length() > 1 ? digits.substring(1) : "0")
          .append('E').append(exponent);
    }
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
