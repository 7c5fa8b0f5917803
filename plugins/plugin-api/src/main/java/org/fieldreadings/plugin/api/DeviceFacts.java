package org.fieldreadings.plugin.api;

import java.util.Objects;
import java.util.Optional;

/**
 * What a payload says about a device besides its readings, for the devices module to record. Empty fields mean the
 * payload did not say, never "clear it".
 *
 * @param serial the device serial (same syntax as {@link Observation#serial()})
 * @param group the device group: 1 to 32 characters of {@code [A-Z0-9_]}, e.g. {@code AIR}
 * @param location where the device stands
 */
public record DeviceFacts(String serial, Optional<String> group, Optional<Location> location) {

  public DeviceFacts {
    SpiRules.serial(serial);
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(location, "location");
    group.ifPresent(SpiRules::group);
  }
}
