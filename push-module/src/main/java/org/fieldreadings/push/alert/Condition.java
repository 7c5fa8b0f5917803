package org.fieldreadings.push.alert;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What an alert rule watches for: a value below or above its threshold, or no reading at all. */
public enum Condition {
  BELOW, ABOVE, SILENT;

  /** The name in the API: {@code below}. */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Optional<Condition> parse(String value) {
    return Arrays.stream(values()).filter(c -> c.value().equals(value)).findFirst();
  }

  /** Whether {@code value} meets a below or above condition of {@code threshold}. */
  boolean holds(double value, double threshold) {
    return switch (this) {
      case BELOW -> value < threshold;
      case ABOVE -> value > threshold;
      case SILENT -> throw new IllegalStateException("silence is not judged on values");
    };
  }
}
