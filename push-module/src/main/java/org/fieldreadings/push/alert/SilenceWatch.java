package org.fieldreadings.push.alert;

import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Triggers the silent rules whose series has had no reading for their duration, once a second on every node: a
 * rule's row is taken by one node at a time ({@code SKIP LOCKED}) and triggered in the statement that writes its
 * event and the event's webhook deliveries, so each silence is one event. The event's {@code at} is the moment the
 * silence reached the duration.
 */
final class SilenceWatch {

  private static final Logger LOG = LoggerFactory.getLogger(SilenceWatch.class);
  private static final long PERIOD_MS = 1000;
  private static final int MOST_AT_ONCE = 1000;
  private static final String TRIGGER_DUE = """
      WITH due AS (
        SELECT rule_id, entity_id, coalesce(judged_ts, created_ms) + for_ms AS at FROM push.alert_rule
        WHERE enabled AND condition = 'silent' AND NOT triggered AND coalesce(judged_ts, created_ms) + for_ms <= $1
        ORDER BY coalesce(judged_ts, created_ms) + for_ms LIMIT $2 FOR UPDATE SKIP LOCKED),
      triggered AS (
        UPDATE push.alert_rule r SET triggered = true FROM due WHERE r.rule_id = due.rule_id
        RETURNING r.rule_id, due.entity_id, due.at),
      events AS (
        INSERT INTO push.alert_event (event_id, rule_id, entity_id, type, at, value)
        SELECT gen_random_uuid(), rule_id, entity_id, 'alert.triggered', at, NULL FROM triggered
        RETURNING event_id, entity_id, type, rule_id)
      """ + EventDeliveries.queue();

  private final Vertx vertx;
  private final Pool pool;
  /** Told after a commit that stored events, so their deliveries go out now. */
  private final Runnable eventsStored;
  private long timer = -1;
  private boolean watching;

  SilenceWatch(Vertx vertx, Pool pool, Runnable eventsStored) {
    this.vertx = vertx;
    this.pool = pool;
    this.eventsStored = eventsStored;
  }

  void start() {
    timer = vertx.setPeriodic(PERIOD_MS, id -> watch());
  }

  void stop() {
    vertx.cancelTimer(timer);
  }

  /** One look at a time: a slow database does not pile them up. */
  private void watch() {
    if (watching) {
      return;
    }
    watching = true;
    pool.preparedQuery(TRIGGER_DUE).execute(Tuple.of(System.currentTimeMillis(), MOST_AT_ONCE))
        .onComplete(done -> {
          watching = false;
          if (done.succeeded() && done.result().rowCount() > 0) {
            eventsStored.run();
          }
          if (done.failed()) {
            LOG.warn("silent alert rules not checked now (again in a second): {}", done.cause().getMessage());
          }
        });
  }
}
