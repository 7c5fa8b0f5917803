package org.fieldreadings.readings.agronomy;

/**
 * Vapour pressures of FAO-56 (Allen et al. 1998, FAO Irrigation and Drainage Paper 56, chapter 3), in kPa from
 * temperatures in °C and relative humidities in %.
 */
public final class VapourPressure {

  private VapourPressure() {}

  /** Saturation vapour pressure e°(T) at air temperature {@code t} (eq. 11). */
  public static double saturation(double t) {
    return 0.6108 * Math.exp(17.27 * t / (t + 237.3));
  }

  /** Mean saturation vapour pressure e<sub>s</sub> of a day from its extremes (eq. 12). */
  public static double meanSaturation(double tMax, double tMin) {
    return (saturation(tMax) + saturation(tMin)) / 2;
  }

  /** Slope Δ of the saturation vapour pressure curve at {@code t} in kPa/°C (eq. 13). */
  public static double slope(double t) {
    double denominator = t + 237.3;
    return 4098 * saturation(t) / (denominator * denominator);
  }

  /** Actual vapour pressure e<sub>a</sub> from the day's extremes of temperature and humidity (eq. 17). */
  public static double actualFromExtremes(double tMax, double tMin, double rhMax, double rhMin) {
    return (saturation(tMin) * rhMax / 100 + saturation(tMax) * rhMin / 100) / 2;
  }

  /** Actual vapour pressure e<sub>a</sub> from the day's mean humidity (eq. 19). */
  public static double actualFromMean(double tMax, double tMin, double rhMean) {
    return rhMean / 100 * meanSaturation(tMax, tMin);
  }

  /** Vapour pressure deficit e°(T) − e<sub>a</sub> of air at {@code t} and relative humidity {@code rh}. */
  public static double deficit(double t, double rh) {
    return saturation(t) * (1 - rh / 100);
  }
}
