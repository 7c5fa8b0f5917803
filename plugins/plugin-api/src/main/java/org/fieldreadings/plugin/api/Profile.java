package org.fieldreadings.plugin.api;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The device suppliers, in enumeration order. A device is identified by its profile and serial;
 * each profile is served by one or more supplier plugins.
 */
public enum Profile {
  PROFILE_A,
  REAL_WEATHER_STATION,
  PROFILE_B,
  PROFILE_C,
  PROFILE_D;

  /** The exact, case-sensitive profile of {@code name}, or empty when the name is not one of the five. */
  public static Optional<Profile> parse(String name) {
    for (Profile profile : values()) {
      if (profile.name().equals(name)) {
        return Optional.of(profile);
      }
    }
    return Optional.empty();
  }

  /** The allowed values, comma separated in enumeration order, for error messages. */
  public static String allowedValues() {
    return Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "));
  }
}
