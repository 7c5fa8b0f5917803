package org.fieldreadings.readings.write;

import java.util.Objects;
import java.util.Optional;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.Location;

/**
 * What a payload said about a device besides its readings, for {@code DevicesContract.LEARN}. An empty fact was not
 * said and leaves the device as it is.
 */
public record ReportedFacts(DeviceRef device, Optional<String> group, Optional<Location> location) {

  public ReportedFacts {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(location, "location");
  }
}
