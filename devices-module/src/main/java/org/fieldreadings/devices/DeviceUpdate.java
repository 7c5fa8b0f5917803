package org.fieldreadings.devices;

import io.vertx.core.json.JsonObject;
import java.util.Set;
import org.fieldreadings.core.bus.DeviceRef;

/**
 * An operator's {@code PUT /admin/devices/{profile}/{serial}}: facts left out keep their value; connectors, when
 * given (not null), replace the device's connectors.
 */
record DeviceUpdate(DeviceRef ref, DeviceFacts facts, Connectors connectors) {

  private static final Set<String> FIELDS = Set.of("group", "location", "connectors");

  /** Reads a request body; throws a 400 problem naming every invalid or unknown field. */
  static DeviceUpdate fromBody(DeviceRef ref, JsonObject body) {
    Validation validation = new Validation();
    body.fieldNames().stream().filter(name -> !FIELDS.contains(name)).sorted()
        .forEach(name -> validation.add(name, "unknown field"));
    DeviceFacts facts = DeviceFacts.parse(body, "", validation);
    Object declared = body.getValue("connectors");
    Connectors connectors = declared == null ? null : Connectors.parseDeclared(declared, "connectors", validation);
    validation.throwIfInvalid();
    return new DeviceUpdate(ref, facts, connectors);
  }

  /** Reads a {@link org.fieldreadings.core.bus.DevicesContract#PUT} message. */
  static DeviceUpdate fromMessage(JsonObject message) {
    JsonObject body = message.copy();
    body.remove("profile");
    body.remove("serial");
    return fromBody(DeviceRef.fromJson(message), body);
  }

  JsonObject toMessage() {
    JsonObject message = facts.putGivenInto(ref.toJson());
    if (connectors != null) {
      message.put("connectors", connectors.toApiJson());
    }
    return message;
  }
}
