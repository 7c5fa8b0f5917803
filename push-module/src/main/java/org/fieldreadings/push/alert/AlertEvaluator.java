package org.fieldreadings.push.alert;

import io.micrometer.core.instrument.Timer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.ReadingsStored;
import org.fieldreadings.core.bus.ReadingsContract.SeriesReadings;
import org.fieldreadings.core.bus.ReadingsContract.SeriesReadingsRequest;
import org.fieldreadings.core.bus.ReadingsContract.StoredSeries;
import org.fieldreadings.core.change.ThisNode;
import org.fieldreadings.core.telemetry.Telemetry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges the enabled rules of every series a write stored readings in ({@link ReadingsContract#STORED}). The
 * node that wrote judges at once; the others a few seconds later, which finds nothing left to judge unless the
 * writer stopped before it did. Each rule is judged in a transaction that holds its row, on the readings stored
 * after the newest it has judged, so each transition is produced once whatever the number of nodes, and a reading
 * a node did not get to is judged with the series' next write, at the latest at the next start ({@link #catchUp}).
 */
final class AlertEvaluator {

  private static final Logger LOG = LoggerFactory.getLogger(AlertEvaluator.class);
  /** How long other nodes leave a write to the node that made it. */
  static final Duration BACKUP_DELAY = Duration.ofSeconds(5);
  /** Readings judged per transaction: a rule far behind catches up in several. */
  private static final int READINGS_PER_JUDGEMENT = 5_000;
  private static final int CATCH_UP_PAGE = 500;
  private static final String RULES_OF_SERIES = """
      SELECT r.rule_id, r.device_id, r.connector_id, r.interface, r.judged_ts FROM push.alert_rule r
      JOIN unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[]) AS s(device_id, connector_id, interface, upto)
        ON r.device_id = s.device_id AND r.connector_id = s.connector_id AND r.interface = s.interface
      WHERE r.enabled AND (r.judged_ts IS NULL OR r.judged_ts < s.upto)""";
  private static final String ENABLED_RULES = """
      SELECT rule_id, device_id, connector_id, interface, judged_ts FROM push.alert_rule
      WHERE enabled AND rule_id > $1 ORDER BY rule_id LIMIT $2""";
  private static final String LOCK_RULE = """
      SELECT condition, threshold, for_ms, judged_ts, holding_since, triggered, entity_id FROM push.alert_rule
      WHERE rule_id = $1 AND enabled FOR UPDATE""";
  private static final String SAVE_STATE =
      "UPDATE push.alert_rule SET judged_ts = $2, holding_since = $3, triggered = $4 WHERE rule_id = $1";
  static final String INSERT_EVENT =
      "INSERT INTO push.alert_event (event_id, rule_id, entity_id, type, at, value) VALUES ($1, $2, $3, $4, $5, $6)";

  /** A rule to judge on its series. */
  private record Watched(UUID ruleId, long deviceId, String connectorId, String iface, Long judged) {}

  private final Vertx vertx;
  private final Pool pool;
  private final String node;
  private final Timer judging;

  AlertEvaluator(Vertx vertx, Pool pool) {
    this.vertx = vertx;
    this.pool = pool;
    this.node = ThisNode.id(vertx);
    this.judging = Timer.builder("fieldreadings.alerts.judgement")
        .description("Judging the rules of a write's series, from its announcement to the events committed")
        .register(Telemetry.registry(vertx));
  }

  /** Judges the rules of a write's series: at once when this node wrote, as a backup later when another did. */
  void stored(ReadingsStored stored) {
    if (node.equals(stored.node())) {
      judge(stored.series());
    } else {
      vertx.setTimer(BACKUP_DELAY.toMillis(), id -> judge(stored.series()));
    }
  }

  /** Judges every enabled rule that has readings left to judge: what a stopped node may have left. */
  Future<Void> catchUp() {
    return catchUpAfter(new UUID(Long.MIN_VALUE, Long.MIN_VALUE));
  }

  private Future<Void> catchUpAfter(UUID after) {
    return pool.preparedQuery(ENABLED_RULES).execute(Tuple.of(after, CATCH_UP_PAGE)).compose(rows -> {
      List<Watched> rules = watched(rows);
      if (rules.isEmpty()) {
        return Future.succeededFuture();
      }
      return judgeAll(rules, 0).compose(v -> rules.size() < CATCH_UP_PAGE ? Future.succeededFuture()
          : catchUpAfter(rules.get(rules.size() - 1).ruleId()));
    });
  }

  private void judge(List<StoredSeries> series) {
    long started = System.nanoTime();
    int n = series.size();
    Long[] devices = new Long[n];
    String[] connectors = new String[n];
    String[] interfaces = new String[n];
    Long[] upto = new Long[n];
    for (int i = 0; i < n; i++) {
      StoredSeries s = series.get(i);
      devices[i] = s.deviceId();
      connectors[i] = s.connectorId();
      interfaces[i] = s.iface();
      upto[i] = s.to();
    }
    pool.preparedQuery(RULES_OF_SERIES).execute(Tuple.of(devices, connectors, interfaces, upto))
        .compose(rows -> judgeAll(watched(rows), 0))
        .onSuccess(v -> judging.record(Duration.ofNanos(System.nanoTime() - started)))
        .onFailure(error -> LOG.warn("alert rules of a write not judged now (judged with the series' next write): "
            + "{}", error.getMessage()));
  }

  /** One rule after another: a write's rules are few, and a catch-up must not flood the database. */
  private Future<Void> judgeAll(List<Watched> rules, int from) {
    if (from == rules.size()) {
      return Future.succeededFuture();
    }
    return judgeRule(rules.get(from)).compose(v -> judgeAll(rules, from + 1));
  }

  /** Judges the rule's readings after the newest it judged, a transaction per batch of them, until none is left. */
  private Future<Void> judgeRule(Watched rule) {
    long after = rule.judged() == null ? Long.MIN_VALUE : rule.judged();
    return ReadingsContract.SERIES_READINGS.request(vertx.eventBus(),
            new SeriesReadingsRequest(rule.deviceId(), rule.connectorId(), rule.iface(), after,
                READINGS_PER_JUDGEMENT))
        .compose(readings -> readings.size() == 0 ? Future.succeededFuture()
            : pool.withTransaction(tx -> judgeLocked(tx, rule.ruleId(), readings))
                .compose(judgedUpTo -> readings.size() < READINGS_PER_JUDGEMENT || judgedUpTo == null
                    ? Future.succeededFuture()
                    : judgeRule(new Watched(rule.ruleId(), rule.deviceId(), rule.connectorId(), rule.iface(),
                        judgedUpTo))));
  }

  /** In the rule's transaction: judges, saves the state and the events; the newest timestamp judged, or null. */
  private Future<Long> judgeLocked(SqlConnection tx, UUID ruleId, SeriesReadings readings) {
    return tx.preparedQuery(LOCK_RULE).execute(Tuple.of(ruleId)).compose(rows -> {
      if (rows.size() == 0) {
        return Future.succeededFuture(null);
      }
      Row row = rows.iterator().next();
      AlertState state = new AlertState(row.getLong(3), row.getLong(4), row.getBoolean(5));
      AlertJudge.Judged judged = AlertJudge.judge(Condition.parse(row.getString(0)).orElseThrow(),
          row.getDouble(1), row.getLong(2), state, readings.timestamps(), readings.values());
      if (judged.state().equals(state)) {
        return Future.succeededFuture(state.judged());
      }
      List<Tuple> events = new ArrayList<>();
      for (AlertJudge.Transition transition : judged.transitions()) {
        events.add(Tuple.of(UUID.randomUUID(), ruleId, row.getString(6), transition.type(), transition.at(),
            transition.value()));
      }
      AlertState saved = judged.state();
      Future<?> written = tx.preparedQuery(SAVE_STATE)
          .execute(Tuple.of(ruleId, saved.judged(), saved.holdingSince(), saved.triggered()));
      if (!events.isEmpty()) {
        written = written.compose(v -> tx.preparedQuery(INSERT_EVENT).executeBatch(events));
      }
      return written.map(v -> saved.judged());
    });
  }

  private static List<Watched> watched(Iterable<Row> rows) {
    List<Watched> rules = new ArrayList<>();
    for (Row row : rows) {
      rules.add(new Watched(row.getUUID(0), row.getLong(1), row.getString(2), row.getString(3), row.getLong(4)));
    }
    return rules;
  }
}
