package org.fieldreadings.push.alert;

/**
 * Queues the webhook deliveries of alert events in the statement or transaction that stores the events, so an event
 * is never stored without them: one per enabled webhook of the rule's entity subscribed to the event's type.
 */
final class EventDeliveries {

  private EventDeliveries() {}

  /** The insert of the deliveries of the events {@code events} (a table or a CTE with event_id, entity_id, type). */
  static String queueOf(String events) {
    return "INSERT INTO push.webhook_delivery (webhook_id, type, event_id)\n"
        + "SELECT w.webhook_id, e.type, e.event_id FROM " + events + " e\n"
        + "JOIN push.webhook w ON w.entity_id = e.entity_id AND w.enabled AND e.type = ANY(w.events)";
  }
}
