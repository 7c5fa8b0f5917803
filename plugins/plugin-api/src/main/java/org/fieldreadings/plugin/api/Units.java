package org.fieldreadings.plugin.api;

/**
 * Conversions from units suppliers send into the units of the catalog (docs/api.md). Exact factors
 * from their definitions, so every plugin converts the same way.
 */
public final class Units {

  private static final double METRES_PER_MILE = 1609.344;
  private static final double MILLIMETRES_PER_INCH = 25.4;
  /** The conventional inch of mercury (at 32 °F), in pascals, as NIST SP 811 gives it. */
  private static final double PASCALS_PER_INCH_OF_MERCURY = 3386.389;

  private Units() {}

  /** Degrees Fahrenheit to degrees Celsius. */
  public static double fahrenheitToCelsius(double fahrenheit) {
    return (fahrenheit - 32) * 5 / 9;
  }

  /** Miles per hour to metres per second. */
  public static double milesPerHourToMetresPerSecond(double mph) {
    return mph * METRES_PER_MILE / 3600;
  }

  /** Inches (of rain) to millimetres. */
  public static double inchesToMillimetres(double inches) {
    return inches * MILLIMETRES_PER_INCH;
  }

  /** Inches of mercury (barometric pressure) to hectopascals. */
  public static double inchesOfMercuryToHectopascals(double inchesOfMercury) {
    return inchesOfMercury * PASCALS_PER_INCH_OF_MERCURY / 100;
  }

  /** Litres to cubic metres (volume totals). */
  public static double litresToCubicMetres(double litres) {
    return litres / 1000;
  }

  /** Litres per second to cubic metres per hour (flow rates). */
  public static double litresPerSecondToCubicMetresPerHour(double litresPerSecond) {
    return litresPerSecond * 3600 / 1000;
  }

  /** Litres per minute to cubic metres per hour (flow rates). */
  public static double litresPerMinuteToCubicMetresPerHour(double litresPerMinute) {
    return litresPerMinute * 60 / 1000;
  }

  /** Millivolts to volts (battery voltage). */
  public static double millivoltsToVolts(double millivolts) {
    return millivolts / 1000;
  }

  /** Microsiemens per centimetre to decisiemens per metre (soil salinity as electrical conductivity). */
  public static double microsiemensPerCentimetreToDecisiemensPerMetre(double microsiemensPerCentimetre) {
    return microsiemensPerCentimetre / 1000;
  }
}
