package org.fieldreadings.devices;

import io.vertx.core.json.JsonObject;
import org.fieldreadings.core.http.DeviceGroup;

/**
 * What is known about a device besides its identity and connectors. A null fact is unknown, or, in an update,
 * not given (and then left as it is).
 */
record DeviceFacts(String group, Location location) {

  static final DeviceFacts NONE = new DeviceFacts(null, null);

  /** Reads the optional {@code group} and {@code location} of a message or body; errors name {@code prefix + field}. */
  static DeviceFacts parse(JsonObject json, String prefix, Validation validation) {
    Object group = json.getValue("group");
    Object location = json.getValue("location");
    return new DeviceFacts(
        group == null ? null : group(group, prefix + "group", validation),
        location == null ? null : Location.parse(location, prefix + "location", validation));
  }

  /** A valid group, or null after adding an error for {@code parameter}. */
  static String group(Object value, String parameter, Validation validation) {
    if (value instanceof String group && DeviceGroup.isValid(group)) {
      return group;
    }
    validation.add(parameter, DeviceGroup.RULE);
    return null;
  }

  /** These facts applied to {@code known}: what is given here wins, the rest stays. */
  DeviceFacts over(DeviceFacts known) {
    return new DeviceFacts(group != null ? group : known.group, location != null ? location : known.location);
  }

  /** Whether applying these facts to {@code known} changes anything. */
  boolean changes(DeviceFacts known) {
    return !over(known).equals(known);
  }

  /** Puts {@code group} and {@code location}, null when unknown, as every device answer shows them. */
  JsonObject putInto(JsonObject json) {
    return json.put("group", group).put("location", location == null ? null : location.toJson());
  }

  /** Puts only the facts that are given, as update messages carry them. */
  JsonObject putGivenInto(JsonObject json) {
    if (group != null) {
      json.put("group", group);
    }
    if (location != null) {
      json.put("location", location.toJson());
    }
    return json;
  }
}
