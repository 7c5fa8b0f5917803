package org.fieldreadings.readings.agronomy;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The daily values of the agronomy operation, in the order an answer's elements list them. */
enum Metric {
  ET0("ET0", 2),
  GDD("GDD", 2),
  CHILL_HOURS("ChillHours", 0),
  VPD("VPD", 3),
  DEW_POINT("DewPoint", 2);

  private final String wireName;
  private final int decimals;

  Metric(String wireName, int decimals) {
    this.wireName = wireName;
    this.decimals = decimals;
  }

  String wireName() {
    return wireName;
  }

  /** Decimals the value is served with (0: a whole number). */
  int decimals() {
    return decimals;
  }

  /** The metric of an exact, case-sensitive name. */
  static Optional<Metric> byName(String name) {
    return Arrays.stream(values()).filter(m -> m.wireName.equals(name)).findFirst();
  }

  /** The names, comma-separated, for messages. */
  static String names() {
    return Arrays.stream(values()).map(Metric::wireName).collect(Collectors.joining(", "));
  }
}
