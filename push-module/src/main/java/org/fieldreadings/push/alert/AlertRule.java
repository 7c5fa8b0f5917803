package org.fieldreadings.push.alert;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.UUID;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * An entity's alert rule as the API shows it: on one series of one of its devices, a condition that must hold
 * {@code holdFor} before the rule is triggered.
 *
 * @param threshold null for {@link Condition#SILENT}
 */
public record AlertRule(UUID id, String name, DeviceRef device, String connectorId, SensorInterface iface,
    Condition condition, Double threshold, Duration holdFor, boolean email, boolean enabled) {

  public JsonObject toJson() {
    JsonObject json = new JsonObject().put("id", id.toString()).put("name", name)
        .put("profile", device.profile().name()).put("serial", device.serial()).put("connectorId", connectorId)
        .put("interface", iface.name()).put("condition", condition.value());
    if (threshold != null) {
      json.put("threshold", threshold);
    }
    return json.put("for", holdFor.toString()).put("email", email).put("enabled", enabled);
  }
}
