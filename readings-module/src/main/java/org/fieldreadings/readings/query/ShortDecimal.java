package org.fieldreadings.readings.query;

/**
 * Writes a double as {@link Double#toString} does, quickly for the common case of a sensor value with a few
 * decimals: JDK 17's general algorithm is one of the largest costs of a readings response.
 */
final class ShortDecimal {

  private static final int MAX_DECIMALS = 6;
  private static final double[] POWERS = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};

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

  private static void write(StringBuilder out, boolean negative, long scaled, int decimals) {
    if (negative) {
      out.append('-');
    }
    if (decimals == 0) {
      out.append(scaled).append(".0");
      return;
    }
    long unit = (long) POWERS[decimals];
    out.append(scaled / unit).append('.');
    long fraction = scaled % unit;
    for (long digit = unit / 10; digit > fraction && digit > 1; digit /= 10) {
      out.append('0');
    }
    out.append(fraction);
  }
}
