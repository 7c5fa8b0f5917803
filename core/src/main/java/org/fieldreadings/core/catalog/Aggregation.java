package org.fieldreadings.core.catalog;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The {@code aggregation} values of {@code getReadingsBySerial} (docs/api.md), in their documented order. */
public enum Aggregation {
  NONE,
  HOUR,
  DAY,
  WEEK,
  MONTH,
  AUTO;

  /** The value as written in the query string, e.g. {@code hour}. */
  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The exact, lower-case value; empty for anything else. */
  public static Optional<Aggregation> parse(String value) {
    return Arrays.stream(values()).filter(a -> a.wireName().equals(value)).findFirst();
  }

  public static String allowedValues() {
    return Arrays.stream(values()).map(Aggregation::wireName).collect(Collectors.joining(", "));
  }

  /**
   * What {@code auto} means for a period (docs/api.md): up to 3 days none, up to 62 days hour, up to 2 years
   * day, up to 10 years week, longer month. Years count their leap days (2 years = 731 days, 10 = 3653).
   */
  public static Aggregation forPeriod(Duration period) {
    if (period.compareTo(Duration.ofDays(3)) <= 0) {
      return NONE;
    }
    if (period.compareTo(Duration.ofDays(62)) <= 0) {
      return HOUR;
    }
    if (period.compareTo(Duration.ofDays(731)) <= 0) {
      return DAY;
    }
    if (period.compareTo(Duration.ofDays(3653)) <= 0) {
      return WEEK;
    }
    return MONTH;
  }
}
