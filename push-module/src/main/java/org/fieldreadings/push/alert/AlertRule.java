package org.fieldreadings.push.alert;

import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import java.time.Duration;
import java.util.UUID;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * An entity's alert rule as the API shows it: on one series of one of its devices, a condition that must hold
 * {@code holdFor} before the rule is triggered.
 *
 * @param threshold null for {@link Condition#SILENT}
 */
public record AlertRule(UUID id, String name, DeviceRef device, String connectorId, SensorInterface iface,
    Condition condition, Double threshold, Duration holdFor, boolean email, boolean enabled) {

  /** The rule of a {@code push.alert_rule} row, read by column name. */
  public static AlertRule fromRow(Row row) {
    return new AlertRule(row.getUUID("rule_id"), row.getString("name"),
        new DeviceRef(Profile.parse(row.getString("profile")).orElseThrow(), row.getString("serial")),
        row.getString("connector_id"), InterfaceCatalog.of(row.getString("interface")),
        Condition.parse(row.getString("condition")).orElseThrow(), row.getDouble("threshold"),
        Duration.ofMillis(row.getLong("for_ms")), row.getBoolean("email"), row.getBoolean("enabled"));
  }

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
