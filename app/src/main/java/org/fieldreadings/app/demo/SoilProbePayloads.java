package org.fieldreadings.app.demo;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** {@code PROFILE_A} probe exports: CSV, one hourly line with raw counts, water and temperature at 10, 30, 50 cm. */
final class SoilProbePayloads implements PayloadGenerator {

  private static final DemoDevice DEVICE = new DemoDevice("PROFILE_A", "SM-DEMO-01", "SOIL", 38.7352, -9.1398);
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
      .withZone(ZoneOffset.UTC);
  private static final String HEADER = "serial,timestamp,raw_10cm,raw_30cm,raw_50cm,mm_10cm,mm_30cm,mm_50cm,"
      + "temp_10cm,temp_30cm,temp_50cm\n";
  /** How much of the air's daily swing reaches each depth, and how many hours later. */
  private static final double[] DAMPING = {0.35, 0.12, 0.04};
  private static final int[] LAG_HOURS = {2, 5, 9};

  @Override
  public DemoDevice device() {
    return DEVICE;
  }

  @Override
  public String contentType() {
    return "text/csv";
  }

  @Override
  public String payload(DemoFarm farm, int fromHour, int toHour) {
    StringBuilder csv = new StringBuilder(HEADER);
    for (int h = fromHour; h < Math.min(toHour, farm.hours()); h++) {
      csv.append(DEVICE.serial()).append(',').append(TIME.format(farm.hourAt(h)));
      for (int layer = 0; layer < DemoFarm.LAYERS; layer++) {
        csv.append(',').append(Math.round(1650 + 48 * farm.soilWater[layer][h]));
      }
      for (int layer = 0; layer < DemoFarm.LAYERS; layer++) {
        csv.append(',').append(String.format(Locale.ROOT, "%.1f", farm.soilWater[layer][h]));
      }
      for (int layer = 0; layer < DemoFarm.LAYERS; layer++) {
        csv.append(',').append(String.format(Locale.ROOT, "%.1f", soilTemp(farm, layer, h)));
      }
      csv.append('\n');
    }
    return csv.toString();
  }

  private static double soilTemp(DemoFarm farm, int layer, int hour) {
    int from = Math.max(0, hour - 23);
    double mean = 0;
    for (int h = from; h <= hour; h++) {
      mean += farm.airTemp[h];
    }
    mean /= hour - from + 1;
    double lagged = farm.airTemp[Math.max(0, hour - LAG_HOURS[layer])];
    return mean + DAMPING[layer] * (lagged - mean);
  }
}
