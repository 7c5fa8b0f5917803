package org.fieldreadings.readings.agronomy;

/** The 0–7.2 °C chill-hour model (Weinberger 1950): an hour chills when its mean temperature lies in [0, 7.2] °C. */
public final class ChillHours {

  static final double LOWEST = 0;
  static final double HIGHEST = 7.2;

  private ChillHours() {}

  public static boolean chills(double hourlyMean) {
    return hourlyMean >= LOWEST && hourlyMean <= HIGHEST;
  }
}
