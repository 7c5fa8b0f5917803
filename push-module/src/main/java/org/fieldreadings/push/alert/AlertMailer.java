package org.fieldreadings.push.alert;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import java.time.Duration;
import java.time.Instant;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.AccessContract.EntityMail;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.outbox.Backoff;
import org.fieldreadings.core.outbox.Outbox;
import org.fieldreadings.core.outbox.OutboxSql;
import org.fieldreadings.core.outbox.Undeliverable;
import org.slf4j.event.Level;

/**
 * Hands the e-mails of alert events ({@code push.alert_mail}, queued with the events) to the access module's mail
 * outbox ({@link AccessContract#MAIL_ENTITY}), which owns the entities' addresses and the SMTP relay. The event's id
 * is the mail's dedup key, so a hand-over retried after a lost answer still queues one mail.
 */
final class AlertMailer {

  private static final Duration LEASE = Duration.ofMinutes(1);
  private static final Duration POLL = Duration.ofSeconds(1);
  private static final String CLAIM = """
      WITH claimed AS (
        UPDATE push.alert_mail SET attempts = attempts + 1, next_attempt_at = now() + $1 * interval '1 millisecond'
        WHERE event_id = (SELECT event_id FROM push.alert_mail WHERE state = 'pending' AND next_attempt_at <= now()
                          ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING event_id, attempts, created_at)
      SELECT c.event_id, c.attempts, c.created_at, e.entity_id, e.type, e.at, e.value, r.rule_id, r.name, r.profile,
             r.serial, r.connector_id, r.interface, r.condition, r.threshold, r.for_ms, r.email, r.enabled
      FROM claimed c JOIN push.alert_event e ON e.event_id = c.event_id
      JOIN push.alert_rule r ON r.rule_id = e.rule_id""";
  private static final String HELD = " WHERE event_id = $1 AND attempts = $2 AND state = 'pending'";
  private static final OutboxSql SQL = new OutboxSql(CLAIM,
      "UPDATE push.alert_mail SET next_attempt_at = now() + $3 * interval '1 millisecond'" + HELD,
      "UPDATE push.alert_mail SET state = 'queued', finished_at = now(), last_error = NULL" + HELD,
      "UPDATE push.alert_mail SET next_attempt_at = now() + $3 * interval '1 millisecond', last_error = $4" + HELD,
      "UPDATE push.alert_mail SET state = 'abandoned', finished_at = now(), last_error = $3" + HELD,
      "SELECT count(*) FROM push.alert_mail WHERE state = 'pending'");

  private final Vertx vertx;
  private final Outbox outbox;

  AlertMailer(Vertx vertx, Pool pool) {
    this.vertx = vertx;
    // The hand-over fails only while this node's own database or access module does: the operator's to mend.
    this.outbox = new Outbox(vertx, pool, SQL, new Outbox.Settings("alert mail", "alerts.mail", LEASE, POLL, 1,
        Level.WARN), this::handOver, Backoff.exponential(Duration.ofSeconds(1), Duration.ofMinutes(5)));
  }

  void start() {
    outbox.start();
  }

  void stop() {
    outbox.stop();
  }

  void wake() {
    outbox.wake();
  }

  private Future<Void> handOver(Row claimed) {
    AlertRule rule = AlertRule.fromRow(claimed);
    AlertEvent event = new AlertEvent(claimed.getUUID("event_id"), claimed.getString("type"), claimed.getLong("at"),
        claimed.getDouble("value"), rule.id());
    EntityMail mail = new EntityMail(claimed.getString("entity_id"), "alert-event:" + event.id(), subject(rule, event),
        text(rule, event));
    return AccessContract.MAIL_ENTITY.request(vertx.eventBus(), mail).recover(error -> Future.failedFuture(
        error instanceof ReplyException reply && reply.failureCode() == BusFailure.NOT_FOUND
            ? new Undeliverable(error.getMessage()) : error));
  }

  static String subject(AlertRule rule, AlertEvent event) {
    return (event.type().equals(AlertEvent.TRIGGERED) ? "Alert triggered: " : "Alert resolved: ") + rule.name();
  }

  static String text(AlertRule rule, AlertEvent event) {
    String condition = switch (rule.condition()) {
      case SILENT -> "no reading for " + rule.holdFor();
      default -> rule.condition().value() + " " + rule.threshold() + " for " + rule.holdFor();
    };
    String happened = event.type().equals(AlertEvent.TRIGGERED) ? "was triggered" : "was resolved";
    return """
        The alert rule "%s" %s.

        Device:    %s %s, connector %s
        Interface: %s
        Condition: %s
        At:        %s
        Value:     %s

        The rule's events: GET /api/alerts/%s/events
        """.formatted(rule.name(), happened, rule.device().profile().name(), rule.device().serial(),
        rule.connectorId(), rule.iface().name(), condition, Instant.ofEpochMilli(event.at()),
        event.value() == null ? "none (a silence)" : event.value(), rule.id());
  }
}
