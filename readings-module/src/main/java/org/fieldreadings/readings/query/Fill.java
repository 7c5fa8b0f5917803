package org.fieldreadings.readings.query;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The {@code fill} values of aggregated readings requests: what an empty bucket of an interface shows. */
public enum Fill {
  /** Nothing: buckets without readings are left out. */
  NONE,
  /** The previous bucket's aggregate of the interface. */
  PREVIOUS,
  /** Interpolated by time between the starts of the neighbouring buckets that have the interface. */
  LINEAR;

  String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Optional<Fill> parse(String value) {
    return Arrays.stream(values()).filter(f -> f.wireName().equals(value)).findFirst();
  }

  static String allowedValues() {
    return Arrays.stream(values()).map(Fill::wireName).collect(Collectors.joining(", "));
  }
}
