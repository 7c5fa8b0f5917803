package org.fieldreadings.readings.agronomy;

/**
 * The daily FAO-56 Penman–Monteith reference evapotranspiration and the radiation and atmospheric terms it is made
 * of (Allen, Pereira, Raes and Smith 1998, Crop evapotranspiration, FAO Irrigation and Drainage Paper 56, chapter
 * 3), one method per equation. Units: °C, kPa, m/s, MJ m⁻² day⁻¹, radians, mm/day.
 */
public final class Fao56 {

  /** Solar constant, MJ m⁻² min⁻¹. */
  static final double SOLAR_CONSTANT = 0.0820;
  /** Stefan-Boltzmann constant, MJ K⁻⁴ m⁻² day⁻¹. */
  static final double STEFAN_BOLTZMANN = 4.903e-9;
  /** Albedo of the grass reference crop. */
  static final double ALBEDO = 0.23;
  /** Atmospheric pressure at sea level, kPa. */
  public static final double SEA_LEVEL_PRESSURE = 101.3;
  /** A mean irradiance in W/m² over a day is this many MJ/m²/day (86,400 s / 10⁶). */
  static final double WATTS_TO_MJ_PER_DAY = 0.0864;

  private Fao56() {}

  /** Atmospheric pressure at altitude {@code z} m (eq. 7). */
  public static double atmosphericPressure(double z) {
    return SEA_LEVEL_PRESSURE * Math.pow((293 - 0.0065 * z) / 293, 5.26);
  }

  /** The altitude in m at which eq. 7 gives pressure {@code p} kPa (eq. 7 inverted). */
  public static double altitude(double p) {
    return 293 * (1 - Math.pow(p / SEA_LEVEL_PRESSURE, 1 / 5.26)) / 0.0065;
  }

  /** Psychrometric constant γ in kPa/°C at pressure {@code p} kPa (eq. 8). */
  public static double psychrometricConstant(double p) {
    return 0.665e-3 * p;
  }

  /** Mean daily air temperature as the mean of the extremes (eq. 9). */
  public static double meanTemperature(double tMax, double tMin) {
    return (tMax + tMin) / 2;
  }

  /** Inverse relative distance Earth–Sun d<sub>r</sub> on day of year {@code j} (eq. 23). */
  public static double inverseRelativeDistance(int j) {
    return 1 + 0.033 * Math.cos(2 * Math.PI / 365 * j);
  }

  /** Solar declination δ in rad on day of year {@code j} (eq. 24). */
  public static double solarDeclination(int j) {
    return 0.409 * Math.sin(2 * Math.PI / 365 * j - 1.39);
  }

  /**
   * Sunset hour angle ω<sub>s</sub> in rad (eq. 25), the arccos argument kept in [−1, 1] so that polar night gives 0
   * and midnight sun π.
   */
  public static double sunsetHourAngle(double latitude, double declination) {
    return Math.acos(Math.max(-1, Math.min(1, -Math.tan(latitude) * Math.tan(declination))));
  }

  /** Extraterrestrial radiation R<sub>a</sub> at {@code latitude} rad on day of year {@code j} (eq. 21). */
  public static double extraterrestrialRadiation(double latitude, int j) {
    double dr = inverseRelativeDistance(j);
    double delta = solarDeclination(j);
    double ws = sunsetHourAngle(latitude, delta);
    return 24 * 60 / Math.PI * SOLAR_CONSTANT * dr
        * (ws * Math.sin(latitude) * Math.sin(delta) + Math.cos(latitude) * Math.cos(delta) * Math.sin(ws));
  }

  /** Clear-sky solar radiation R<sub>so</sub> at altitude {@code z} m (eq. 37). */
  public static double clearSkyRadiation(double ra, double z) {
    return (0.75 + 2e-5 * z) * ra;
  }

  /** Solar radiation R<sub>s</sub> in MJ m⁻² day⁻¹ of a day's mean irradiance in W/m². */
  public static double solarRadiation(double meanIrradiance) {
    return meanIrradiance * WATTS_TO_MJ_PER_DAY;
  }

  /** Net solar (shortwave) radiation R<sub>ns</sub> of the grass reference, albedo 0.23 (eq. 38). */
  public static double netShortwave(double rs) {
    return (1 - ALBEDO) * rs;
  }

  /**
   * Net outgoing longwave radiation R<sub>nl</sub> (eq. 39); R<sub>s</sub>/R<sub>so</sub> is capped at 1.0 and taken
   * as 1.0 when R<sub>so</sub> is 0 (polar night, where R<sub>s</sub> is 0 too).
   */
  public static double netLongwave(double tMax, double tMin, double ea, double rs, double rso) {
    double kMax = tMax + 273.16;
    double kMin = tMin + 273.16;
    double relative = rso > 0 ? Math.min(1.0, rs / rso) : 1.0;
    return STEFAN_BOLTZMANN * (Math.pow(kMax, 4) + Math.pow(kMin, 4)) / 2 * (0.34 - 0.14 * Math.sqrt(ea))
        * (1.35 * relative - 0.35);
  }

  /** Net radiation R<sub>n</sub> = R<sub>ns</sub> − R<sub>nl</sub> (eq. 40). */
  public static double netRadiation(double rns, double rnl) {
    return rns - rnl;
  }

  /**
   * Reference evapotranspiration ET<sub>0</sub> in mm/day (eq. 6) from the mean temperature, net radiation, soil heat
   * flux G (0 for a day, eq. 42), wind speed at 2 m, saturation and actual vapour pressures, slope Δ and
   * psychrometric constant γ.
   */
  public static double referenceEvapotranspiration(double tMean, double rn, double g, double u2, double es,
      double ea, double slope, double gamma) {
    return (0.408 * slope * (rn - g) + gamma * 900 / (tMean + 273) * u2 * (es - ea))
        / (slope + gamma * (1 + 0.34 * u2));
  }

  /** The inputs of a day's ET<sub>0</sub>. */
  public record Day(double tMax, double tMin, double rhMax, double rhMin, double u2, double rs, double pressure,
      double latitude, int dayOfYear) {}

  /** The steps of a day's ET<sub>0</sub>, each as the book tabulates it. */
  public record Steps(double tMean, double slope, double pressure, double gamma, double es, double ea, double ra,
      double rso, double rns, double rnl, double rn, double et0) {}

  /**
   * ET<sub>0</sub> of a day from measured data: e<sub>a</sub> by eq. 17, R<sub>so</sub> at the altitude eq. 7 gives
   * for the day's pressure, G = 0.
   */
  public static Steps daily(Day day) {
    double tMean = meanTemperature(day.tMax(), day.tMin());
    double slope = VapourPressure.slope(tMean);
    double gamma = psychrometricConstant(day.pressure());
    double es = VapourPressure.meanSaturation(day.tMax(), day.tMin());
    double ea = VapourPressure.actualFromExtremes(day.tMax(), day.tMin(), day.rhMax(), day.rhMin());
    double ra = extraterrestrialRadiation(day.latitude(), day.dayOfYear());
    double rso = clearSkyRadiation(ra, altitude(day.pressure()));
    double rns = netShortwave(day.rs());
    double rnl = netLongwave(day.tMax(), day.tMin(), ea, day.rs(), rso);
    double rn = netRadiation(rns, rnl);
    double et0 = referenceEvapotranspiration(tMean, rn, 0, day.u2(), es, ea, slope, gamma);
    return new Steps(tMean, slope, day.pressure(), gamma, es, ea, ra, rso, rns, rnl, rn, et0);
  }
}
