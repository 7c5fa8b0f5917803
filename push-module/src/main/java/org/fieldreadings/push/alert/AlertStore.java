package org.fieldreadings.push.alert;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;

/** The alert rules and events of the entities (schema {@code push}), as the API reads and writes them. */
final class AlertStore {

  private static final String COLUMNS = "rule_id, name, profile, serial, connector_id, interface, condition, "
      + "threshold, for_ms, email, enabled, triggered";
  private static final String LOCK_ENTITY = "SELECT pg_advisory_xact_lock(hashtext('push.alert_rule:' || $1))";
  private static final String COUNT = "SELECT count(*) FROM push.alert_rule WHERE entity_id = $1";
  private static final String INSERT = """
      INSERT INTO push.alert_rule (rule_id, entity_id, name, profile, serial, device_id, connector_id, interface,
        condition, threshold, for_ms, email, enabled, created_ms, judged_ts)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)""";
  /** A changed rule judges afresh: from the readings stored after the change, its condition not yet holding. */
  private static final String UPDATE = """
      UPDATE push.alert_rule SET name = $3, profile = $4, serial = $5, device_id = $6, connector_id = $7,
        interface = $8, condition = $9, threshold = $10, for_ms = $11, email = $12, enabled = $13, created_ms = $14,
        judged_ts = $15, holding_since = NULL, triggered = false
      WHERE rule_id = $1 AND entity_id = $2""";
  private static final String LIST = "SELECT " + COLUMNS
      + " FROM push.alert_rule WHERE entity_id = $1 ORDER BY created_ms, rule_id";
  private static final String GET = "SELECT " + COLUMNS + " FROM push.alert_rule WHERE rule_id = $1 AND entity_id = $2";
  private static final String DELETE = "DELETE FROM push.alert_rule WHERE rule_id = $1 AND entity_id = $2";
  private static final String EVENTS = """
      SELECT e.event_id, e.type, e.at, e.value, e.rule_id FROM push.alert_event e
      WHERE e.rule_id = $1 AND e.entity_id = $2 AND e.at > $3 ORDER BY e.seq LIMIT $4""";

  /** The most events one answer lists: a client asks again with the last one's {@code at}. */
  static final int EVENTS_PAGE = 1000;

  private final Pool pool;

  AlertStore(Pool pool) {
    this.pool = pool;
  }

  /**
   * Stores a new rule of the entity on the device {@code deviceId}, judging the readings stored after the series'
   * newest now ({@code judgedFrom}, null for a series without readings). 409 beyond {@code maxPerEntity}.
   */
  Future<AlertRule> create(String entityId, AlertRule rule, long deviceId, Long judgedFrom, int maxPerEntity) {
    return pool.withTransaction(tx -> tx.preparedQuery(LOCK_ENTITY).execute(Tuple.of(entityId))
        .compose(locked -> tx.preparedQuery(COUNT).execute(Tuple.of(entityId)))
        .compose(count -> {
          if (count.iterator().next().getLong(0) >= maxPerEntity) {
            throw new ProblemException(Problem.of(409, "At most " + maxPerEntity + " alert rules per entity: "
                + "delete one first."));
          }
          return tx.preparedQuery(INSERT).execute(definition(entityId, rule, deviceId, judgedFrom));
        })
        .map(inserted -> rule));
  }

  /** Replaces the entity's rule; fails 404 when it has no such rule. */
  Future<AlertRule> replace(String entityId, AlertRule rule, long deviceId, Long judgedFrom) {
    return pool.preparedQuery(UPDATE).execute(definition(entityId, rule, deviceId, judgedFrom)).map(updated -> {
      if (updated.rowCount() == 0) {
        throw notFound();
      }
      return rule;
    });
  }

  Future<List<StoredRule>> list(String entityId) {
    return pool.preparedQuery(LIST).execute(Tuple.of(entityId)).map(rows -> {
      List<StoredRule> rules = new ArrayList<>();
      rows.forEach(row -> rules.add(rule(row)));
      return rules;
    });
  }

  /** The entity's rule; fails 404 when it has no such rule. */
  Future<StoredRule> get(String entityId, UUID id) {
    return pool.preparedQuery(GET).execute(Tuple.of(id, entityId)).map(rows -> {
      if (rows.size() == 0) {
        throw notFound();
      }
      return rule(rows.iterator().next());
    });
  }

  /** Deletes the entity's rule and its events; fails 404 when it has no such rule. */
  Future<Void> delete(String entityId, UUID id) {
    return pool.preparedQuery(DELETE).execute(Tuple.of(id, entityId)).map(deleted -> {
      if (deleted.rowCount() == 0) {
        throw notFound();
      }
      return null;
    });
  }

  /** The rule's events whose {@code at} is after {@code since}, oldest first, at most {@link #EVENTS_PAGE}. */
  Future<List<AlertEvent>> events(String entityId, UUID id, long since) {
    return get(entityId, id).compose(rule -> pool.preparedQuery(EVENTS)
        .execute(Tuple.of(id, entityId, since, EVENTS_PAGE)).map(rows -> {
          List<AlertEvent> events = new ArrayList<>();
          rows.forEach(row -> events.add(new AlertEvent(row.getUUID(0), row.getString(1), row.getLong(2),
              row.getDouble(3), row.getUUID(4))));
          return events;
        }));
  }

  /** A rule as stored, with whether it is triggered now. */
  record StoredRule(AlertRule rule, boolean triggered) {}

  static ProblemException notFound() {
    return ProblemException.of(404, "No such alert rule.");
  }

  private static Tuple definition(String entityId, AlertRule rule, long deviceId, Long judgedFrom) {
    return Tuple.from(new Object[] {rule.id(), entityId, rule.name(), rule.device().profile().name(),
        rule.device().serial(), deviceId, rule.connectorId(), rule.iface().name(), rule.condition().value(),
        rule.threshold(), rule.holdFor().toMillis(), rule.email(), rule.enabled(), System.currentTimeMillis(),
        judgedFrom});
  }

  private static StoredRule rule(Row row) {
    return new StoredRule(AlertRule.fromRow(row), row.getBoolean("triggered"));
  }
}
