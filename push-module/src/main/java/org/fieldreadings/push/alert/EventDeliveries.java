package org.fieldreadings.push.alert;

/**
 * Queues the deliveries of alert events in the statement that stores the events or follows them in their
 * transaction, so an event is never stored without them: a webhook delivery per enabled webhook of the rule's
 * entity subscribed to the event's type, and an e-mail when the rule asks for one.
 */
final class EventDeliveries {

  private EventDeliveries() {}

  /**
   * The end of a statement whose {@code WITH} list has just defined {@code events} (event_id, entity_id, type,
   * rule_id), without a trailing comma: the inserts of their deliveries.
   */
  static String queue() {
    return """
        , hooks AS (
          INSERT INTO push.webhook_delivery (webhook_id, type, event_id)
          SELECT w.webhook_id, e.type, e.event_id FROM events e
          JOIN push.webhook w ON w.entity_id = e.entity_id AND w.enabled AND e.type = ANY(w.events))
        INSERT INTO push.alert_mail (event_id)
        SELECT e.event_id FROM events e JOIN push.alert_rule r ON r.rule_id = e.rule_id WHERE r.email""";
  }
}
