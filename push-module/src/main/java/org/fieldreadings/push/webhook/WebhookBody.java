package org.fieldreadings.push.webhook;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fieldreadings.core.http.FieldError;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.push.alert.AlertEvent;

/** Reads a webhook from a request body, every invalid field named at once (400). */
final class WebhookBody {

  /** The event types a webhook may subscribe to. */
  static final List<String> EVENTS = List.of(AlertEvent.TRIGGERED, AlertEvent.RESOLVED);

  /** The fields of a valid body; {@code events} without repeats, in the order given. */
  record Fields(String url, List<String> events) {}

  private WebhookBody() {}

  static Fields parse(JsonObject body, UrlPolicy policy) {
    List<FieldError> errors = new ArrayList<>();
    String url = null;
    Object urlValue = body.getValue("url");
    if (!(urlValue instanceof String text)) {
      errors.add(new FieldError("url", urlValue == null ? "is required" : "must be a string"));
    } else {
      try {
        policy.parse(text);
        url = text;
      } catch (UrlPolicy.RefusedUrl refused) {
        errors.add(new FieldError("url", refused.getMessage()));
      }
    }
    Set<String> events = new LinkedHashSet<>();
    Object eventsValue = body.getValue("events");
    String eventsRule = "must be a non-empty array of " + String.join(", ", EVENTS);
    if (!(eventsValue instanceof JsonArray array) || array.isEmpty()) {
      errors.add(new FieldError("events", eventsValue == null ? "is required" : eventsRule));
    } else {
      for (Object event : array) {
        if (!EVENTS.contains(event)) {
          errors.add(new FieldError("events", eventsRule));
          break;
        }
        events.add((String) event);
      }
    }
    if (!errors.isEmpty()) {
      throw new ProblemException(Problem.invalid(errors));
    }
    return new Fields(url, List.copyOf(events));
  }
}
