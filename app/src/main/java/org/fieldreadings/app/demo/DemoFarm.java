package org.fieldreadings.app.demo;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Random;

/**
 * The one simulated farm every demo device observes, hour by hour over the demo period: weather (diurnal
 * temperature and humidity, wind, a few rain events), irrigations of a small plot and the soil water balance of three
 * layers, so that the devices of different suppliers tell one consistent story. Deterministic: one seeded
 * {@link Random}, drawn in a fixed order.
 */
final class DemoFarm {

  static final int DAYS = 90;
  /** Irrigation rate: 2.5 l/s on a 1000 m² plot is 9 mm an hour. */
  static final double IRRIGATION_MM_PER_HOUR = 9.0;
  static final double IRRIGATION_LITRES_PER_SECOND = 2.5;
  /** Soil layers: top (0-20 cm), middle (20-40 cm), deep (40-70 cm). */
  static final int LAYERS = 3;

  private static final double[] FIELD_CAPACITY_MM = {32, 46, 52};
  private static final double[] WILTING_MM = {12, 22, 30};
  private static final double[] ET_SHARE = {0.6, 0.3, 0.1};

  private final Instant start;
  private final int quarters;
  private final int size;
  final double[] airTemp;
  final double[] humidity;
  final double[] windSpeed;
  final double[] gust;
  final double[] windDir;
  final double[] pressure;
  final double[] solar;
  final double[] rain;
  final double[] irrigation;
  final double[][] soilWater;
  final double[][] entrance;
  final double[][] loss;

  /** The demo period: {@value #DAYS} whole UTC days before today, then today up to {@code now}. */
  DemoFarm(Instant now, long seed) {
    Instant today = now.truncatedTo(ChronoUnit.DAYS);
    start = today.minus(Duration.ofDays(DAYS));
    quarters = (int) (Duration.between(start, now).toMinutes() / 15);
    // One hour beyond now, so that the last quarters can interpolate.
    size = quarters / 4 + 2;
    airTemp = new double[size];
    humidity = new double[size];
    windSpeed = new double[size];
    gust = new double[size];
    windDir = new double[size];
    pressure = new double[size];
    solar = new double[size];
    rain = new double[size];
    irrigation = new double[size];
    soilWater = new double[LAYERS][size];
    entrance = new double[LAYERS][size];
    loss = new double[LAYERS][size];
    Random random = new Random(seed);
    simulateRain(random);
    simulateWeather(random);
    simulateSoil();
  }

  Instant start() {
    return start;
  }

  /** The number of 15-minute steps from {@link #start()} to now: quarter {@code q} is at start + 15 q minutes. */
  int quarters() {
    return quarters;
  }

  /** The number of whole hours whose start is not after now. */
  int hours() {
    return quarters / 4 + 1;
  }

  Instant hourAt(int hour) {
    return start.plus(Duration.ofHours(hour));
  }

  Instant quarterAt(int quarter) {
    return start.plus(Duration.ofMinutes(15L * quarter));
  }

  /** A value of an hourly series at a quarter, interpolated between the hours around it. */
  static double interpolate(double[] series, int quarter) {
    int hour = quarter / 4;
    double fraction = (quarter % 4) / 4.0;
    return series[hour] + (series[hour + 1] - series[hour]) * fraction;
  }

  boolean irrigating(int hour) {
    return irrigation[hour] > 0;
  }

  /** A few rain events of a few hours each, spread over the period. */
  private void simulateRain(Random random) {
    int events = 7;
    for (int i = 0; i < events; i++) {
      int first = (int) ((i + random.nextDouble() * 0.8) * size / events);
      int length = 3 + random.nextInt(9);
      double intensity = 0.4 + random.nextDouble() * 2.6;
      for (int h = first; h < Math.min(size, first + length); h++) {
        // Rain gauges count 0.2 mm bucket tips: keep hourly amounts on that grid so every device agrees.
        rain[h] = Math.round(intensity * (0.5 + random.nextDouble()) / 0.2) * 0.2;
      }
    }
  }

  private void simulateWeather(Random random) {
    double dayOffset = 0;
    double amplitude = 6;
    double direction = 300;
    double pressureHpa = 1016;
    for (int h = 0; h < size; h++) {
      int hourOfDay = h % 24;
      if (hourOfDay == 0) {
        dayOffset = 0.7 * dayOffset + random.nextGaussian() * 1.5;
        amplitude = 4.5 + random.nextDouble() * 3.5;
      }
      boolean wet = rain[h] > 0;
      double dayCurve = Math.sin(2 * Math.PI * (hourOfDay - 9) / 24.0);
      double mean = 16 + 3 * Math.sin(2 * Math.PI * h / (DAYS * 24.0)) + dayOffset;
      airTemp[h] = mean + (wet ? 0.4 : 1) * amplitude * dayCurve + random.nextGaussian() * 0.3;
      humidity[h] = clamp(72 - 4.5 * (airTemp[h] - mean) + (wet ? 22 : 0) + random.nextGaussian() * 2, 18, 100);
      double sun = Math.max(0, Math.sin(Math.PI * (hourOfDay - 6) / 14.0));
      solar[h] = sun * (wet ? 180 : 820) * (0.85 + random.nextDouble() * 0.15);
      windSpeed[h] = Math.max(0, 1.8 + 1.6 * Math.max(0, dayCurve) + (wet ? 2.5 : 0) + random.nextGaussian() * 0.6);
      gust[h] = windSpeed[h] * (1.4 + random.nextDouble() * 0.5);
      direction = (direction + random.nextGaussian() * 15 + 360) % 360;
      windDir[h] = direction;
      pressureHpa = clamp(pressureHpa + random.nextGaussian() * 0.4 - (wet ? 0.3 : 0), 995, 1035);
      pressure[h] = pressureHpa;
    }
  }

  /**
   * A three-layer bucket: rain and irrigation enter the top layer, water above field capacity drains to the layer
   * below, evapotranspiration (warm sunny hours) dries mostly the top. The farmer irrigates two hours at 06:00 UTC when
   * the top two layers are dry.
   */
  private void simulateSoil() {
    double[] water = {26, 40, 48};
    for (int h = 0; h < size; h++) {
      if (h % 24 == 6 && water[0] + water[1] < 52 && !rainedRecently(h)) {
        irrigation[h] = IRRIGATION_MM_PER_HOUR;
        irrigation[Math.min(h + 1, size - 1)] = IRRIGATION_MM_PER_HOUR;
      }
      double evapotranspiration = Math.max(0, airTemp[h] - 5) * 0.0022 * (0.2 + solar[h] / 100);
      double incoming = rain[h] + irrigation[h];
      for (int layer = 0; layer < LAYERS; layer++) {
        entrance[layer][h] = incoming;
        double dryable = Math.max(0, water[layer] + incoming - WILTING_MM[layer]);
        double taken = Math.min(dryable, evapotranspiration * ET_SHARE[layer]);
        double drained = Math.max(0, water[layer] + incoming - taken - FIELD_CAPACITY_MM[layer]) * 0.5;
        water[layer] += incoming - taken - drained;
        loss[layer][h] = taken + drained;
        soilWater[layer][h] = water[layer];
        incoming = drained;
      }
    }
  }

  private boolean rainedRecently(int hour) {
    for (int h = Math.max(0, hour - 48); h <= hour; h++) {
      if (rain[h] > 0) {
        return true;
      }
    }
    return false;
  }

  private static double clamp(double value, double min, double max) {
    return Math.max(min, Math.min(max, value));
  }
}
