package org.fieldreadings.push.alert;

import io.vertx.core.json.JsonObject;
import java.util.UUID;

/**
 * A transition of a rule, as {@code GET /alerts/{id}/events} lists it.
 *
 * @param at the timestamp of the reading that completed or ended the condition, or the moment a silence reached
 *     the rule's duration (epoch ms)
 * @param value that reading's value; null for a silence
 */
public record AlertEvent(UUID id, String type, long at, Double value, UUID ruleId) {

  public static final String TRIGGERED = "alert.triggered";
  public static final String RESOLVED = "alert.resolved";

  public JsonObject toJson() {
    return new JsonObject().put("id", id.toString()).put("type", type).put("at", at).put("value", value)
        .put("ruleId", ruleId.toString());
  }
}
