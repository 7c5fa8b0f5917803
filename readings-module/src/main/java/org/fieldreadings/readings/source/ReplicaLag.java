package org.fieldreadings.readings.source;

import io.micrometer.core.instrument.Gauge;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.Shareable;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.time.Duration;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.core.telemetry.Telemetry;
import org.fieldreadings.readings.cache.BlockCache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How far the replica of {@code database.replica.url} is behind the primary, sampled ten times a second: the block
 * cache clock's time, then the primary's WAL position, then the replica's replay position. Once the replica has
 * replayed a sample's position it holds every write acknowledged before that sample, so a read from it is as late
 * as the sample's moment and may be kept in the block cache as of the sample's clock time. One per node, started
 * and stopped by the readings verticle; each listener's {@link ReadSource} finds it with {@link #of}.
 */
public final class ReplicaLag implements Shareable {

  /** What the node makes of its replica now. */
  enum Status {
    /** Read from: it has replayed the primary's position of at most {@code database.replica.max.lag} ago. */
    CURRENT,
    /** Skipped for the primary until it catches up. */
    BEHIND,
    /** Skipped: it does not answer, or is no standby (promoted, or a primary named by mistake). */
    DOWN
  }

  private static final Logger LOG = LoggerFactory.getLogger(ReplicaLag.class);
  private static final String SHARED_NAME = "readings.replica-lag";
  private static final long PERIOD_MS = 100;
  private static final String PRIMARY_POSITION = "SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::bigint";
  /** Null on a server that is not in recovery. */
  private static final String REPLAYED_POSITION = "SELECT (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint";

  private final Vertx vertx;
  private final BlockCache cache;
  private final Pool primary;
  private final Pool replica;
  private final long maxLagNanos;
  private final LagSamples samples = new LagSamples();
  private volatile boolean replicaAnswers;
  private Status logged;
  private volatile boolean stopped;
  private long timer = -1;

  private ReplicaLag(Vertx vertx, BlockCache cache, Pool primary, Pool replica, Duration maxLag) {
    this.vertx = vertx;
    this.cache = cache;
    this.primary = primary;
    this.replica = replica;
    this.maxLagNanos = maxLag.toNanos();
  }

  /**
   * Starts sampling when the configuration names a replica (null otherwise). Its pools are the calling verticle's,
   * closed with it; {@link #stop()} ends the sampling.
   */
  public static ReplicaLag start(Vertx vertx, JsonObject config, BlockCache cache) {
    String url = ConfigKeys.DATABASE_REPLICA_URL.get(config);
    if (url == null) {
      return null;
    }
    ReplicaLag lag = new ReplicaLag(vertx, cache, Pools.ofSize(vertx, DatabaseUrl.parse(
        ConfigKeys.DATABASE_URL.get(config)), 1), Pools.ofSize(vertx, DatabaseUrl.parse(url), 1),
        Duration.parse(ConfigKeys.DATABASE_REPLICA_MAX_LAG.get(config)));
    Gauge.builder("fieldreadings.readings.replica.lag", lag, ReplicaLag::lagSeconds).baseUnit("seconds")
        .description("How far the replica read from is behind the primary (NaN before its first sample)")
        .register(Telemetry.registry(vertx));
    vertx.sharedData().getLocalMap(SHARED_NAME).put(SHARED_NAME, lag);
    lag.sample();
    return lag;
  }

  /** The node's replica, null when it has none. */
  public static ReplicaLag of(Vertx vertx) {
    return (ReplicaLag) vertx.sharedData().getLocalMap(SHARED_NAME).get(SHARED_NAME);
  }

  /** Ends the sampling: the replica is no longer read. */
  public void stop() {
    stopped = true;
    vertx.cancelTimer(timer);
    vertx.sharedData().getLocalMap(SHARED_NAME).remove(SHARED_NAME);
  }

  /**
   * The block cache clock time a read from the replica may be kept under, and the moment after which it may lack
   * writes; null when the replica is not to be read now ({@link Status#BEHIND} or {@link Status#DOWN}).
   */
  LagSamples.Sample readable() {
    LagSamples.Sample reached = samples.reached();
    return status(reached) == Status.CURRENT ? reached : null;
  }

  /** {@code {"status": "CURRENT", "lagMillis": 120}}: for the admin health answer. */
  public JsonObject health() {
    LagSamples.Sample reached = samples.reached();
    JsonObject health = new JsonObject().put("status", status(reached).name());
    if (reached != null) {
      health.put("lagMillis", Duration.ofNanos(System.nanoTime() - reached.nanos()).toMillis());
    }
    return health;
  }

  private Status status(LagSamples.Sample reached) {
    if (!replicaAnswers) {
      return Status.DOWN;
    }
    return reached != null && System.nanoTime() - reached.nanos() <= maxLagNanos ? Status.CURRENT : Status.BEHIND;
  }

  private double lagSeconds() {
    LagSamples.Sample reached = samples.reached();
    return reached == null ? Double.NaN : (System.nanoTime() - reached.nanos()) / 1e9;
  }

  /** One sample, then the next a period later: never two at once, and none piling up while a server is slow. */
  private void sample() {
    long mark = cache.now();
    long nanos = System.nanoTime();
    primary.query(PRIMARY_POSITION).execute()
        .transform(position -> {
          if (position.succeeded()) {
            samples.primary(new LagSamples.Sample(mark, nanos, position.result().iterator().next().getLong(0)));
          }
          return replica.query(REPLAYED_POSITION).execute();
        })
        .onComplete(replayed -> {
          replicaAnswers = replayed.succeeded() && replayedPosition(replayed.result()) != null;
          if (replicaAnswers) {
            samples.replayed(replayedPosition(replayed.result()));
          }
          logChange(replayed.failed() ? replayed.cause().getMessage()
              : replicaAnswers ? null : "it is not a standby (pg_last_wal_replay_lsn() is null)");
          if (!stopped) {
            timer = vertx.setTimer(PERIOD_MS, id -> sample());
          }
        });
  }

  private static Long replayedPosition(RowSet<Row> rows) {
    return rows.iterator().next().getLong(0);
  }

  /** One line per change of status, not one per sample. */
  private void logChange(String why) {
    Status now = status(samples.reached());
    if (now == logged) {
      return;
    }
    switch (now) {
      case CURRENT -> LOG.info("database.replica.url: the replica is read from (caught up to within {} ms)",
          Duration.ofNanos(maxLagNanos).toMillis());
      case BEHIND -> LOG.warn("database.replica.url: the replica is more than {} ms behind the primary; reading "
          + "from the primary until it catches up", Duration.ofNanos(maxLagNanos).toMillis());
      case DOWN -> LOG.warn("database.replica.url: reading from the primary, the replica is not usable: {}", why);
    }
    logged = now;
  }
}
