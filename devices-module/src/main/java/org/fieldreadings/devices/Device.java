package org.fieldreadings.devices;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.fieldreadings.core.bus.DeviceRef;

/** Everything the registry knows about one device. */
record Device(DeviceRef ref, DeviceFacts facts, List<Subscription> subscriptions, Connectors connectors) {

  /**
   * The documented fields (docs/api.md): {@code group}, {@code location} (null while unknown), {@code subscriptions}
   * by start date and {@code connectors} in answer order.
   */
  JsonObject toApiJson() {
    return facts.putInto(new JsonObject())
        .put("subscriptions", new JsonArray(subscriptions.stream().map(Subscription::toJson).toList()))
        .put("connectors", connectors.toApiJson());
  }

  /** The operator's view: {@code profile} and {@code serial}, then the fields of {@link #toApiJson()}. */
  JsonObject toAdminJson() {
    return ref.toJson().mergeIn(toApiJson());
  }
}
