package org.fieldreadings.readings.agronomy;

/**
 * Growing degree days by the average method with a horizontal cut-off: the day's maximum capped at {@code cap}, its
 * minimum floored at {@code base} (McMaster and Wilhelm 1997, Agric. For. Meteorol. 87, 291–300, method 2).
 */
public final class GrowingDegreeDays {

  private GrowingDegreeDays() {}

  /** max(0, (min(Tmax, cap) + max(Tmin, base)) / 2 − base), in °C·day. */
  public static double of(double tMax, double tMin, double base, double cap) {
    return Math.max(0, (Math.min(tMax, cap) + Math.max(tMin, base)) / 2 - base);
  }
}
