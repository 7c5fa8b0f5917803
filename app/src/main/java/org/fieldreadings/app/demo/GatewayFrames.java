package org.fieldreadings.app.demo;

import java.util.Locale;

/**
 * {@code PROFILE_B} gateway frames, hourly: the gateway's own battery and signal on {@code ORIGIN}, an air node
 * (temperature, humidity, rain gauge tips) and a soil node (raw moisture at 10 and 30 cm), each its own connector.
 */
final class GatewayFrames implements PayloadGenerator {

  static final String AIR_NODE = "N-AIR1";
  static final String SOIL_NODE = "N-SOIL1";
  private static final DemoDevice DEVICE = new DemoDevice("PROFILE_B", "GW-DEMO-01", "GATEWAY", 38.7360, -9.1410);
  private static final double MM_PER_TIP = 0.2;

  @Override
  public DemoDevice device() {
    return DEVICE;
  }

  @Override
  public String contentType() {
    return "text/plain";
  }

  @Override
  public String payload(DemoFarm farm, int fromHour, int toHour) {
    StringBuilder frames = new StringBuilder();
    for (int h = fromHour; h < Math.min(toHour, farm.hours()); h++) {
      long epoch = farm.hourAt(h).getEpochSecond();
      int days = h / 24;
      frames.append(frame(epoch, "-", "vbat=" + (12950 - 2 * days + (h % 24 < 12 ? 40 : 0)) + ";rssi=-" + (60 + h % 7)));
      frames.append(frame(epoch, AIR_NODE, String.format(Locale.ROOT, "t=%d;rh=%d;tips=%d;vbat=%d",
          Math.round(farm.airTemp[h] * 10 + 3), Math.round(farm.humidity[h]),
          Math.round(farm.rain[h] / MM_PER_TIP), 3300 - days)));
      frames.append(frame(epoch, SOIL_NODE, String.format(Locale.ROOT, "sm10=%d;sm30=%d;vbat=%d",
          Math.round(1700 + 46 * farm.soilWater[0][h]), Math.round(1700 + 46 * farm.soilWater[1][h]), 3280 - days)));
    }
    return frames.toString();
  }

  private static String frame(long epochSeconds, String source, String channels) {
    String body = "GWD," + DEVICE.serial() + "," + epochSeconds + "," + source + "," + channels;
    int checksum = 0;
    for (int i = 0; i < body.length(); i++) {
      checksum ^= body.charAt(i);
    }
    return String.format(Locale.ROOT, "$%s*%02X\n", body, checksum);
  }
}
