package org.fieldreadings.plugins.gateway;

import java.util.Arrays;
import java.util.Map;
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

  /** The keys of fixed channels, and their channels at the same positions. */
  private static final String[] NAMED_KEYS = {"vbat", "rssi", "t", "rh", "tips", "pc"};
  private static final Channel[] NAMED = {BATTERY, SIGNAL, AIR_TEMPERATURE, AIR_HUMIDITY, RAIN_TIPS, PULSES};

  /**
   * The channel of the key {@code text[from, to)}, or null when the key is unknown or names a depth the catalog does
   * not have. Read in place: a payload holds many thousand keys.
   */
  static Channel at(String text, int from, int to) {
    for (int i = 0; i < NAMED_KEYS.length; i++) {
      if (NAMED_KEYS[i].length() == to - from && text.startsWith(NAMED_KEYS[i], from)) {
        return NAMED[i];
      }
    }
    return soilRaw(text, from, to);
  }

  /** {@code sm} and the depth in decimal digits ({@code sm010} is depth 10), or null. */
  private static Channel soilRaw(String text, int from, int to) {
    int digits = to - from - SOIL_RAW_PREFIX.length();
    if (!text.startsWith(SOIL_RAW_PREFIX, from) || digits < 1 || digits > SOIL_DEPTH_DIGITS) {
      return null;
    }
    for (int i = from + SOIL_RAW_PREFIX.length(); i < to; i++) {
      if (text.charAt(i) < '0' || text.charAt(i) > '9') {
        return null;
      }
    }
    return SOIL_RAW.get(Integer.parseInt(text, from + SOIL_RAW_PREFIX.length(), to, 10));
  }
}
