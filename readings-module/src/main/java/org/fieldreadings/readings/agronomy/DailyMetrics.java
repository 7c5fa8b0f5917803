package org.fieldreadings.readings.agronomy;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The metrics of each local day of a station (docs/api.md, "Agronomy"). A metric whose inputs the day lacks is
 * absent, never estimated.
 *
 * @param metrics the metrics asked for
 * @param latitude the station's latitude in degrees, null when it has no location (then no ET0)
 * @param storedDewPoint whether the station measures its dew point (the DewPoint interface), which is then served
 * @param gddBase the base temperature of GDD
 * @param gddCap the cap of the day's maximum for GDD
 * @param accumulate whether GDD is the running total from the first day
 */
record DailyMetrics(Set<Metric> metrics, Double latitude, boolean storedDewPoint, double gddBase, double gddCap,
    boolean accumulate) {

  /** The inputs the metrics are computed from. */
  Set<Input> inputs() {
    Set<Input> inputs = EnumSet.noneOf(Input.class);
    for (Metric metric : metrics) {
      switch (metric) {
        case ET0 -> inputs.addAll(Set.of(Input.AIR_TEMP, Input.AIR_HUM, Input.WIND_SPEED, Input.SOLAR_IRRADIANCE,
            Input.PRESSURE));
        case GDD, CHILL_HOURS -> inputs.add(Input.AIR_TEMP);
        case VPD -> inputs.addAll(Set.of(Input.AIR_TEMP, Input.AIR_HUM));
        case DEW_POINT -> inputs.addAll(storedDewPoint ? Set.of(Input.DEW_POINT)
            : Set.of(Input.AIR_TEMP, Input.AIR_HUM));
      }
    }
    return inputs;
  }

  /** Receives a day that has at least one metric. */
  interface DayConsumer {
    void accept(long start, Map<Metric, Double> values);
  }

  /** The values of every day that has at least one of the metrics, in day order. */
  void compute(StationDays days, DayConsumer consumer) {
    double gddTotal = 0;
    for (int d = 0; d < days.days(); d++) {
      Map<Metric, Double> values = new EnumMap<>(Metric.class);
      boolean temperature = days.has(Input.AIR_TEMP, d);
      if (metrics.contains(Metric.ET0) && latitude != null && temperature && days.has(Input.AIR_HUM, d)
          && days.has(Input.WIND_SPEED, d) && days.has(Input.SOLAR_IRRADIANCE, d)) {
        values.put(Metric.ET0, et0(days, d));
      }
      if (metrics.contains(Metric.GDD) && temperature) {
        double gdd = GrowingDegreeDays.of(days.max(Input.AIR_TEMP, d), days.min(Input.AIR_TEMP, d), gddBase, gddCap);
        gddTotal += gdd;
        values.put(Metric.GDD, accumulate ? gddTotal : gdd);
      }
      if (metrics.contains(Metric.CHILL_HOURS) && temperature) {
        int[] chilling = {0};
        days.hours(d, (t, rh) -> chilling[0] += ChillHours.chills(t) ? 1 : 0);
        values.put(Metric.CHILL_HOURS, (double) chilling[0]);
      }
      if (metrics.contains(Metric.VPD)) {
        putMean(values, Metric.VPD, days, d, VapourPressure::deficit);
      }
      if (metrics.contains(Metric.DEW_POINT)) {
        if (storedDewPoint) {
          if (days.has(Input.DEW_POINT, d)) {
            values.put(Metric.DEW_POINT, days.mean(Input.DEW_POINT, d));
          }
        } else {
          putMean(values, Metric.DEW_POINT, days, d, DewPoint::magnus);
        }
      }
      if (!values.isEmpty()) {
        consumer.accept(days.start(d), values);
      }
    }
  }

  /** FAO-56 eq. 6 from the day's extremes and means (see {@link Fao56#daily}). */
  private double et0(StationDays days, int d) {
    double pressure = days.has(Input.PRESSURE, d) ? days.mean(Input.PRESSURE, d) / 10 : Fao56.SEA_LEVEL_PRESSURE;
    Fao56.Day day = new Fao56.Day(days.max(Input.AIR_TEMP, d), days.min(Input.AIR_TEMP, d),
        days.max(Input.AIR_HUM, d), days.min(Input.AIR_HUM, d), days.mean(Input.WIND_SPEED, d),
        Fao56.solarRadiation(days.mean(Input.SOLAR_IRRADIANCE, d)), pressure, Math.toRadians(latitude),
        days.date(d).getDayOfYear());
    return Fao56.daily(day).et0();
  }

  /** Of an hourly quantity of temperature and humidity. */
  private interface Hourly {
    double of(double temperature, double humidity);
  }

  /** The mean of {@code hourly} over the day's hours that have both means (and a defined value); none: absent. */
  private static void putMean(Map<Metric, Double> values, Metric metric, StationDays days, int d, Hourly hourly) {
    double[] total = {0, 0};
    days.hours(d, (t, rh) -> {
      double value = hourly.of(t, rh);
      if (!Double.isNaN(value)) {
        total[0] += value;
        total[1]++;
      }
    });
    if (total[1] > 0) {
      values.put(metric, total[0] / total[1]);
    }
  }
}
