package org.fieldreadings.readings.agronomy;

/**
 * Dew point by the Magnus formula with the coefficients of Alduchov and Eskridge (1996, J. Appl. Meteor. 35,
 * 601–609): a = 17.625, b = 243.04 °C.
 */
public final class DewPoint {

  static final double A = 17.625;
  static final double B = 243.04;

  private DewPoint() {}

  /**
   * The dew point in °C of air at {@code t} °C and relative humidity {@code rh} %; NaN for a humidity of 0 or less,
   * which has none.
   */
  public static double magnus(double t, double rh) {
    if (!(rh > 0)) {
      return Double.NaN;
    }
    double gamma = Math.log(rh / 100) + A * t / (B + t);
    return B * gamma / (A - gamma);
  }
}
