package org.fieldreadings.readings.write;

import io.vertx.core.json.JsonObject;
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

  /** Puts the facts that were said into a LEARN entry. */
  JsonObject putInto(JsonObject device) {
    group.ifPresent(g -> device.put("group", g));
    location.ifPresent(l -> device.put("location",
        new JsonObject().put("latitude", l.latitude()).put("longitude", l.longitude())));
    return device;
  }
}
