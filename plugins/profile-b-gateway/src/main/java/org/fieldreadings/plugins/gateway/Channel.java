package org.fieldreadings.plugins.gateway;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Collectors;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.plugin.api.Units;

/**
 * A channel key of a frame, resolved to its catalog interface and the conversion from the frame's integer units.
 *
 * @param iface the interface the channel feeds
 * @param toCatalogUnit from the value as sent to the unit of the interface
 */
record Channel(SensorInterface iface, DoubleUnaryOperator toCatalogUnit) {

  /** Millimetres of rain per tip of the gauge's bucket. */
  static final double MILLIMETRES_PER_TIP = 0.2;

  private static final Channel BATTERY = new Channel(InterfaceFamily.BAT.single(), Units::millivoltsToVolts);
  private static final Channel SIGNAL = new Channel(InterfaceFamily.RSSI.single(), v -> v);
  private static final Channel AIR_TEMPERATURE = new Channel(InterfaceFamily.AIR_TEMP.single(), tenths -> tenths / 10);
  private static final Channel AIR_HUMIDITY = new Channel(InterfaceFamily.AIR_HUM.single(), v -> v);
  private static final Channel RAIN_TIPS =
      new Channel(InterfaceFamily.PRECIPITATION.single(), tips -> tips * MILLIMETRES_PER_TIP);
  private static final Channel PULSES = new Channel(InterfaceFamily.TICKS_COUNT.single(), v -> v);
  /** {@code sm<d>}: the raw soil moisture channels of the catalog's depths. */
  private static final Map<Integer, Channel> SOIL_RAW = Arrays.stream(InterfaceFamily.SM_RAW.depthsCm()).boxed()
      .collect(Collectors.toUnmodifiableMap(d -> d, d -> new Channel(InterfaceFamily.SM_RAW.atDepth(d), v -> v)));
  private static final String SOIL_RAW_PREFIX = "sm";
  /** More digits than a depth has, and than an int holds. */
  private static final int SOIL_DEPTH_DIGITS = 9;

  /** The channel of a key, or empty when the key is unknown or names a depth the catalog does not have. */
  static Optional<Channel> byKey(String key) {
    return Optional.ofNullable(switch (key) {
      case "vbat" -> BATTERY;
      case "rssi" -> SIGNAL;
      case "t" -> AIR_TEMPERATURE;
      case "rh" -> AIR_HUMIDITY;
      case "tips" -> RAIN_TIPS;
      case "pc" -> PULSES;
      default -> soilRaw(key);
    });
  }

  /** {@code sm} and the depth in decimal digits ({@code sm010} is depth 10), or null. */
  private static Channel soilRaw(String key) {
    int digits = key.length() - SOIL_RAW_PREFIX.length();
    if (!key.startsWith(SOIL_RAW_PREFIX) || digits < 1 || digits > SOIL_DEPTH_DIGITS) {
      return null;
    }
    for (int i = SOIL_RAW_PREFIX.length(); i < key.length(); i++) {
      if (key.charAt(i) < '0' || key.charAt(i) > '9') {
        return null;
      }
    }
    return SOIL_RAW.get(Integer.parseInt(key, SOIL_RAW_PREFIX.length(), key.length(), 10));
  }
}
