package org.fieldreadings.push.webhook;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.UUID;

/** An entity's webhook as the API shows it; {@code enabled} is cleared when its receiver answers 410 Gone. */
record Webhook(UUID id, String url, List<String> events, boolean enabled) {

  JsonObject toJson() {
    return new JsonObject().put("id", id.toString()).put("url", url).put("events", new JsonArray(events))
        .put("enabled", enabled);
  }
}
