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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * Judges the enabled rules of the series writes stored readings in ({@link ReadingsContract#STORED}). The node
 * that wrote judges within {@link #GATHER}; the others {@link #BACKUP_DELAY} later, which finds nothing left to
 * judge unless the writer stopped before it did. Writes are gathered per series meanwhile, so a burst of writes
 * (an import, a busy gateway) costs one judgement per series, not one per write. A series' rules are judged in one
 * transaction that holds their rows, on the readings stored after the newest each has judged, so each transition
 * is produced once whatever the number of nodes, and a reading a node did not get to is judged with the series'
 * next write, at the latest at the next start ({@link #catchUp}).
 */
final class AlertEvaluator {

  private static final Logger LOG = LoggerFactory.getLogger(AlertEvaluator.class);
  /** How long the writing node gathers writes before judging them. */
  static final Duration GATHER = Duration.ofMillis(100);
  /** How long other nodes leave a write to the node that made it. */
  static final Duration BACKUP_DELAY = Duration.ofSeconds(5);
  /** Readings judged per transaction: a series far behind is judged in several. */
  private static final int READINGS_PER_JUDGEMENT = 5_000;
  /** Series looked up at once. */
  private static final int SERIES_PER_LOOKUP = 1_000;
  private static final int CATCH_UP_PAGE = 500;
  private static final String RULES_OF_SERIES = """
      SELECT r.rule_id, r.device_id, r.connector_id, r.interface, r.judged_ts FROM push.alert_rule r
      JOIN unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[]) AS s(device_id, connector_id, interface, upto)
        ON r.device_id = s.device_id AND r.connector_id = s.connector_id AND r.interface = s.interface
      WHERE r.enabled AND (r.judged_ts IS NULL OR r.judged_ts < s.upto)""";
  private static final String ENABLED_RULES = """
      SELECT rule_id, device_id, connector_id, interface, judged_ts FROM push.alert_rule
      WHERE enabled AND rule_id > $1 ORDER BY rule_id LIMIT $2""";
  /** In rule id order, so that two nodes judging the same series never wait for each other in a cycle. */
  private static final String LOCK_RULES = """
      SELECT rule_id, condition, threshold, for_ms, judged_ts, holding_since, triggered, entity_id
      FROM push.alert_rule WHERE rule_id = ANY($1) AND enabled ORDER BY rule_id FOR UPDATE""";
  private static final String SAVE_STATE =
      "UPDATE push.alert_rule SET judged_ts = $2, holding_since = $3, triggered = $4 WHERE rule_id = $1";
  static final String INSERT_EVENT =
      "INSERT INTO push.alert_event (event_id, rule_id, entity_id, type, at, value) VALUES ($1, $2, $3, $4, $5, $6)";
  private static final String QUEUE_DELIVERIES = """
      WITH events AS (SELECT event_id, entity_id, type, rule_id FROM push.alert_event WHERE event_id = ANY($1))
      """ + EventDeliveries.queue();

  /** A series of a device. */
  private record Series(long deviceId, String connectorId, String iface) {}

  /** A rule to judge, and the newest reading it had judged when looked up. */
  private record Watched(UUID ruleId, Series series, Long judged) {}

  private final Vertx vertx;
  private final Pool pool;
  /** Told after a commit that stored events, so their deliveries go out now. */
  private final Runnable eventsStored;
  private final String node;
  private final Timer judging;
  /** Series written and not judged yet, with the newest timestamp written; touched on the verticle's loop only. */
  private Map<Series, Long> gathered = new HashMap<>();
  private boolean scheduled;
  private boolean judgingNow;

  AlertEvaluator(Vertx vertx, Pool pool, Runnable eventsStored) {
    this.vertx = vertx;
    this.pool = pool;
    this.eventsStored = eventsStored;
    this.node = ThisNode.id(vertx);
    this.judging = Timer.builder("fieldreadings.alerts.judgement")
        .description("Judging the rules of the series written in a gathering, from its start to the events committed")
        .register(Telemetry.registry(vertx));
  }

  /** A write's series: judged soon when this node wrote, as a backup later when another did. */
  void stored(ReadingsStored stored) {
    if (node.equals(stored.node())) {
      gather(stored.series());
    } else {
      vertx.setTimer(BACKUP_DELAY.toMillis(), id -> gather(stored.series()));
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
      return judgeSeries(new ArrayList<>(bySeries(rules).values()), 0).compose(v -> rules.size() < CATCH_UP_PAGE
          ? Future.succeededFuture() : catchUpAfter(rules.get(rules.size() - 1).ruleId()));
    });
  }

  private void gather(List<StoredSeries> written) {
    for (StoredSeries s : written) {
      gathered.merge(new Series(s.deviceId(), s.connectorId(), s.iface()), s.to(), Math::max);
    }
    schedule();
  }

  /** One judgement at a time: what is written meanwhile is gathered for the next. */
  private void schedule() {
    if (!scheduled && !judgingNow && !gathered.isEmpty()) {
      scheduled = true;
      vertx.setTimer(GATHER.toMillis(), id -> {
        scheduled = false;
        judgeGathered();
      });
    }
  }

  private void judgeGathered() {
    Map<Series, Long> series = gathered;
    gathered = new HashMap<>();
    judgingNow = true;
    long started = System.nanoTime();
    judgeWritten(new ArrayList<>(series.entrySet()), 0)
        .onSuccess(v -> judging.record(Duration.ofNanos(System.nanoTime() - started)))
        .onFailure(error -> LOG.warn("alert rules of some writes not judged now (judged with their series' next "
            + "write): {}", error.getMessage()))
        .onComplete(done -> {
          judgingNow = false;
          schedule();
        });
  }

  /** The written series from {@code from} on, a lookup of their rules at a time. */
  private Future<Void> judgeWritten(List<Map.Entry<Series, Long>> written, int from) {
    if (from >= written.size()) {
      return Future.succeededFuture();
    }
    List<Map.Entry<Series, Long>> slice = written.subList(from, Math.min(written.size(), from + SERIES_PER_LOOKUP));
    int n = slice.size();
    Long[] devices = new Long[n];
    String[] connectors = new String[n];
    String[] interfaces = new String[n];
    Long[] upto = new Long[n];
    for (int i = 0; i < n; i++) {
      Series s = slice.get(i).getKey();
      devices[i] = s.deviceId();
      connectors[i] = s.connectorId();
      interfaces[i] = s.iface();
      upto[i] = slice.get(i).getValue();
    }
    return pool.preparedQuery(RULES_OF_SERIES).execute(Tuple.of(devices, connectors, interfaces, upto))
        .compose(rows -> judgeSeries(new ArrayList<>(bySeries(watched(rows)).values()), 0))
        .compose(v -> judgeWritten(written, from + n));
  }

  /** One series after another: each is a read of its readings and a transaction. */
  private Future<Void> judgeSeries(List<List<Watched>> series, int from) {
    if (from == series.size()) {
      return Future.succeededFuture();
    }
    return judgeRules(series.get(from)).compose(v -> judgeSeries(series, from + 1));
  }

  /**
   * Judges one series' rules on its readings after the oldest of their newest judged, a transaction per batch of
   * readings, until none is left.
   */
  private Future<Void> judgeRules(List<Watched> rules) {
    Series series = rules.get(0).series();
    long after = Long.MAX_VALUE;
    for (Watched rule : rules) {
      after = Math.min(after, rule.judged() == null ? Long.MIN_VALUE : rule.judged());
    }
    List<UUID> ids = rules.stream().map(Watched::ruleId).toList();
    return ReadingsContract.SERIES_READINGS.request(vertx.eventBus(), new SeriesReadingsRequest(series.deviceId(),
            series.connectorId(), series.iface(), after, READINGS_PER_JUDGEMENT))
        .compose(readings -> {
          if (readings.size() == 0) {
            return Future.succeededFuture();
          }
          Future<Void> judged = pool.withTransaction(tx -> judgeLocked(tx, ids, readings)).map(wroteEvents -> {
            if (wroteEvents) {
              eventsStored.run();
            }
            return null;
          });
          if (readings.size() < READINGS_PER_JUDGEMENT) {
            return judged;
          }
          long last = readings.timestamps()[readings.size() - 1];
          return judged.compose(v -> judgeRules(rules.stream().map(rule -> new Watched(rule.ruleId(), series,
              rule.judged() == null ? last : Math.max(rule.judged(), last))).toList()));
        });
  }

  /**
   * In the series' transaction: judges each rule from its locked state, saves the states, the events and their
   * deliveries; true when it wrote events.
   */
  private Future<Boolean> judgeLocked(SqlConnection tx, List<UUID> ids, SeriesReadings readings) {
    return tx.preparedQuery(LOCK_RULES).execute(Tuple.of(ids.toArray(UUID[]::new))).compose(rows -> {
      List<Tuple> states = new ArrayList<>();
      List<Tuple> events = new ArrayList<>();
      List<UUID> eventIds = new ArrayList<>();
      for (Row row : rows) {
        UUID ruleId = row.getUUID(0);
        AlertState state = new AlertState(row.getLong(4), row.getLong(5), row.getBoolean(6));
        AlertJudge.Judged judged = AlertJudge.judge(Condition.parse(row.getString(1)).orElseThrow(),
            row.getDouble(2), row.getLong(3), state, readings.timestamps(), readings.values());
        if (judged.state().equals(state)) {
          continue;
        }
        AlertState saved = judged.state();
        states.add(Tuple.of(ruleId, saved.judged(), saved.holdingSince(), saved.triggered()));
        for (AlertJudge.Transition transition : judged.transitions()) {
          UUID eventId = UUID.randomUUID();
          eventIds.add(eventId);
          events.add(Tuple.of(eventId, ruleId, row.getString(7), transition.type(), transition.at(),
              transition.value()));
        }
      }
      Future<?> written = states.isEmpty() ? Future.succeededFuture()
          : tx.preparedQuery(SAVE_STATE).executeBatch(states);
      if (!events.isEmpty()) {
        written = written.compose(v -> tx.preparedQuery(INSERT_EVENT).executeBatch(events))
            .compose(v -> tx.preparedQuery(QUEUE_DELIVERIES).execute(Tuple.of(eventIds.toArray(UUID[]::new))));
      }
      return written.map(v -> !events.isEmpty());
    });
  }

  private static Map<Series, List<Watched>> bySeries(List<Watched> rules) {
    Map<Series, List<Watched>> bySeries = new LinkedHashMap<>();
    rules.forEach(rule -> bySeries.computeIfAbsent(rule.series(), s -> new ArrayList<>()).add(rule));
    return bySeries;
  }

  private static List<Watched> watched(Iterable<Row> rows) {
    List<Watched> rules = new ArrayList<>();
    for (Row row : rows) {
      rules.add(new Watched(row.getUUID(0), new Series(row.getLong(1), row.getString(2), row.getString(3)),
          row.getLong(4)));
    }
    return rules;
  }
}
