package org.fieldreadings.plugins.gateway;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  private static final Pattern SOIL_RAW = Pattern.compile("sm(\\d+)");

  /** The channel of a key, or empty when the key is unknown or names a depth the catalog does not have. */
  static Optional<Channel> byKey(String key) {
    return switch (key) {
      case "vbat" -> Optional.of(new Channel(InterfaceFamily.BAT.single(), Units::millivoltsToVolts));
      case "rssi" -> Optional.of(new Channel(InterfaceFamily.RSSI.single(), v -> v));
      case "t" -> Optional.of(new Channel(InterfaceFamily.AIR_TEMP.single(), tenths -> tenths / 10));
      case "rh" -> Optional.of(new Channel(InterfaceFamily.AIR_HUM.single(), v -> v));
      case "tips" -> Optional.of(
          new Channel(InterfaceFamily.PRECIPITATION.single(), tips -> tips * MILLIMETRES_PER_TIP));
      case "pc" -> Optional.of(new Channel(InterfaceFamily.TICKS_COUNT.single(), v -> v));
      default -> soilRaw(key);
    };
  }

  private static Optional<Channel> soilRaw(String key) {
    Matcher m = SOIL_RAW.matcher(key);
    if (!m.matches()) {
      return Optional.empty();
    }
    int depth = Integer.parseInt(m.group(1));
    InterfaceFamily family = InterfaceFamily.SM_RAW;
    return Arrays.stream(family.depthsCm()).anyMatch(d -> d == depth)
        ? Optional.of(new Channel(family.atDepth(depth), v -> v))
        : Optional.empty();
  }
}
