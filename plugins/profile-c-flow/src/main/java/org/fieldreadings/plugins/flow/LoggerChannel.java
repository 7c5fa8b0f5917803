package org.fieldreadings.plugins.flow;

import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.plugin.api.Units;

/** A channel of the logger export: the interface it feeds and, per unit the logger may write, the conversion. */
enum LoggerChannel {
  FLOW(InterfaceFamily.FLOWMETER, Conversions.FLOW_RATE),
  FLOW_AVG(InterfaceFamily.FLOWMETER_AVG, Conversions.FLOW_RATE),
  VOLUME(InterfaceFamily.FLOWMETER_TOTAL, Map.of("l", Units::litresToCubicMetres, "m3", v -> v)),
  PULSES(InterfaceFamily.TICKS_COUNT, Conversions.PULSES),
  PULSE_AVG(InterfaceFamily.TICKS_AVG, Conversions.PULSES),
  PULSE_TOTAL(InterfaceFamily.TICKS_TOTAL, Conversions.PULSES);

  private final SensorInterface iface;
  private final Map<String, DoubleUnaryOperator> conversionByUnit;

  LoggerChannel(InterfaceFamily family, Map<String, DoubleUnaryOperator> conversionByUnit) {
    this.iface = family.single();
    this.conversionByUnit = conversionByUnit;
  }

  /** The channel of a name as the logger writes it, e.g. {@code FLOW_AVG}. */
  static Optional<LoggerChannel> byName(String name) {
    for (LoggerChannel channel : values()) {
      if (channel.name().equals(name)) {
        return Optional.of(channel);
      }
    }
    return Optional.empty();
  }

  SensorInterface iface() {
    return iface;
  }

  /** The conversion of values written in {@code unit}, or empty when this channel never uses that unit. */
  Optional<DoubleUnaryOperator> conversionFrom(String unit) {
    return Optional.ofNullable(conversionByUnit.get(unit));
  }

  /** The units this channel accepts, for error messages. */
  String units() {
    return String.join(", ", conversionByUnit.keySet().stream().sorted().toList());
  }

  private static final class Conversions {
    static final Map<String, DoubleUnaryOperator> FLOW_RATE = Map.of(
        "l/s", Units::litresPerSecondToCubicMetresPerHour,
        "l/min", Units::litresPerMinuteToCubicMetresPerHour,
        "m3/h", v -> v);
    static final Map<String, DoubleUnaryOperator> PULSES = Map.of("imp", v -> v);
  }
}
