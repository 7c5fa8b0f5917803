package org.fieldreadings.devices;

import io.vertx.core.json.JsonObject;
import org.fieldreadings.core.bus.DeviceRef;

/** One line of an entity's device list. */
record DeviceSummary(DeviceRef ref, String group) {

  /** {@code {"profile": "PROFILE_A", "serial": "SM-0001", "group": "SOIL"}}, group null while unknown. */
  JsonObject toJson() {
    return ref.toJson().put("group", group);
  }
}
