package org.fieldreadings.devices;

import io.vertx.core.json.JsonObject;
import java.util.regex.Pattern;

/**
 * What is known about a device besides its identity and connectors. A null fact is unknown, or, in an update,
 * not given (and then left as it is).
 */
record DeviceFacts(String group, Location location) {

  static final DeviceFacts NONE = new DeviceFacts(null, null);

  /** The syntax of groups (docs/api.md, "Identifiers"). */
  static final Pattern GROUP = Pattern.compile("[A-Z0-9_]{1,32}");

  static final String GROUP_RULE = "must be 1 to 32 characters of A-Z, 0-9 and '_'";

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
    if (value instanceof String group && GROUP.matcher(group).matches()) {
      return group;
    }
    validation.add(parameter, GROUP_RULE);
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
