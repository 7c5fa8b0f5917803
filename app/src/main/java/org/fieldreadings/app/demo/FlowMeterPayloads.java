package org.fieldreadings.app.demo;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * {@code PROFILE_C} logger exports of the irrigation water meter, every 15 minutes: the flow rate in l/s (2.5 while
 * irrigating, else 0) and the totaliser in m³, which grows by what flowed. Semicolons and decimal commas.
 */
final class FlowMeterPayloads implements PayloadGenerator {

  private static final DemoDevice DEVICE = new DemoDevice("PROFILE_C", "FM-DEMO-01", "WATER", 38.7355, -9.1402);
  private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("dd.MM.yyyy;HH:mm:ss")
      .withZone(ZoneOffset.UTC);
  private static final double START_TOTAL_M3 = 1523.4;
  private static final double M3_PER_QUARTER = DemoFarm.IRRIGATION_LITRES_PER_SECOND * 900 / 1000;

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
    StringBuilder csv = new StringBuilder("Logger;Channel;Date;Time;Value;Unit\n");
    double total = totalBefore(farm, fromHour * 4);
    for (int q = fromHour * 4; q < toHour * 4 && q <= farm.quarters(); q++) {
      // The flow of quarter q is what ran since the previous reading, so the total grows by it at q's timestamp.
      boolean flowing = q > 0 && farm.irrigating((q - 1) / 4);
      total += flowing ? M3_PER_QUARTER : 0;
      String when = DATE_TIME.format(farm.quarterAt(q));
      line(csv, "FLOW", when, flowing ? DemoFarm.IRRIGATION_LITRES_PER_SECOND : 0, "l/s");
      line(csv, "VOLUME", when, total, "m3");
    }
    return csv.toString();
  }

  /** The totaliser just before quarter {@code quarter}: the start value plus every irrigated quarter before it. */
  private static double totalBefore(DemoFarm farm, int quarter) {
    double total = START_TOTAL_M3;
    for (int q = 1; q < quarter; q++) {
      total += farm.irrigating((q - 1) / 4) ? M3_PER_QUARTER : 0;
    }
    return total;
  }

  private static void line(StringBuilder csv, String channel, String when, double value, String unit) {
    csv.append(DEVICE.serial()).append(';').append(channel).append(';').append(when).append(';')
        .append(String.format(Locale.ROOT, "%.3f", value).replace('.', ',')).append(';').append(unit).append('\n');
  }
}
