package org.fieldreadings.readings.query;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.core.config.ConfigKeys;

/**
 * The configurable limits of a readings request (docs/api.md, "Limits"): the longest period per
 * aggregation, the most interfaces per request and the most devices per multi-device request.
 */
record ReadingsLimits(Duration none, Duration hour, Duration aggregated, int interfaces, int devices) {

  static ReadingsLimits fromConfig(JsonObject config) {
    return new ReadingsLimits(
        Duration.parse(ConfigKeys.READINGS_LIMIT_NONE.get(config)),
        Duration.parse(ConfigKeys.READINGS_LIMIT_HOUR.get(config)),
        Duration.parse(ConfigKeys.READINGS_LIMIT_AGGREGATED.get(config)),
        ConfigKeys.READINGS_LIMIT_INTERFACES.get(config),
        ConfigKeys.READINGS_LIMIT_DEVICES.get(config));
  }

  Duration longestPeriod(Aggregation aggregation) {
    return switch (aggregation) {
      case NONE -> none;
      case HOUR -> hour;
      default -> aggregated;
    };
  }

  /** The name of the configuration key that sets the limit, for error messages. */
  static String keyFor(Aggregation aggregation) {
    return switch (aggregation) {
      case NONE -> ConfigKeys.READINGS_LIMIT_NONE.name();
      case HOUR -> ConfigKeys.READINGS_LIMIT_HOUR.name();
      default -> ConfigKeys.READINGS_LIMIT_AGGREGATED.name();
    };
  }
}
