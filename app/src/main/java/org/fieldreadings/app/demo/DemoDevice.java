package org.fieldreadings.app.demo;

import io.vertx.core.json.JsonObject;

/** A device of the demo farm as the operator declares it. */
record DemoDevice(String profile, String serial, String group, double latitude, double longitude) {

  /** The body of {@code PUT /admin/devices/{profile}/{serial}}. */
  JsonObject declaration() {
    return new JsonObject().put("group", group)
        .put("location", new JsonObject().put("latitude", latitude).put("longitude", longitude));
  }
}
