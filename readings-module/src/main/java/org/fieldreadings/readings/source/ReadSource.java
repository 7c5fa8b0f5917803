package org.fieldreadings.readings.source;

import io.micrometer.core.instrument.Counter;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.telemetry.Telemetry;
import org.fieldreadings.readings.cache.BlockCache;

/**
 * Where the readings queries read: the replica ({@code database.replica.url}) while {@link ReplicaLag} finds it
 * caught up to within {@code database.replica.max.lag} and none of the read's devices changed since the moment it
 * has reached, else the primary, which also answers when the replica fails. So a write this node made or heard of
 * (its own writes and other nodes' {@code NOTIFY}) is never missing from an answer, and one it has not heard of is
 * missing for at most the lag. Each answer comes with the block cache clock time it may be kept under.
 */
public final class ReadSource {

  /** Rows, and the block cache clock time they may be kept under ({@link BlockCache#put}). */
  public record Answer(RowSet<Row> rows, long readAt) {}

  private final Vertx vertx;
  private final Pool primary;
  private final Pool replica;
  private final BlockCache cache;
  private final Counter fromPrimary;
  private final Counter fromReplica;

  private ReadSource(Vertx vertx, Pool primary, Pool replica, BlockCache cache) {
    this.vertx = vertx;
    this.primary = primary;
    this.replica = replica;
    this.cache = cache;
    this.fromPrimary = reads(vertx, "primary");
    this.fromReplica = reads(vertx, "replica");
  }

  /** The primary only: the pool is the calling verticle's. */
  public static ReadSource primary(Vertx vertx, Pool pool, BlockCache cache) {
    return new ReadSource(vertx, pool, null, cache);
  }

  /** A listener's: its pool, and a pool of its own to the replica when the configuration names one. */
  public static ReadSource of(EdgeContext edge) {
    return of(edge.vertx(), edge.config(), edge.pool(), BlockCache.of(edge.vertx(), edge.config()));
  }

  /** The calling verticle's: {@code primary}, and a pool of its own to the replica when the configuration names one. */
  public static ReadSource of(Vertx vertx, JsonObject config, Pool primary, BlockCache cache) {
    String replicaUrl = ConfigKeys.DATABASE_REPLICA_URL.get(config);
    Pool replica = replicaUrl == null ? null : Pools.ofListener(vertx, config, DatabaseUrl.parse(replicaUrl));
    return new ReadSource(vertx, primary, replica, cache);
  }

  private static Counter reads(Vertx vertx, String database) {
    return Counter.builder("fieldreadings.readings.database.reads").tag("database", database)
        .description("Readings queries sent to the primary or to the replica (database.replica.url)")
        .register(Telemetry.registry(vertx));
  }

  /** The node's block cache. */
  public BlockCache cache() {
    return cache;
  }

  /** Runs a statement that reads the readings of {@code device}. */
  public Future<Answer> execute(String sql, Tuple args, long device) {
    return execute(sql, args, List.of(device));
  }

  /** Runs a statement that reads the readings of {@code devices}. */
  public Future<Answer> execute(String sql, Tuple args, List<Long> devices) {
    ReplicaLag lag = replica == null ? null : ReplicaLag.of(vertx);
    LagSamples.Sample reached = lag == null ? null : lag.readable();
    if (reached == null || !unchangedSince(reached.mark(), devices)) {
      return fromPrimary(sql, args);
    }
    fromReplica.increment();
    return replica.preparedQuery(sql).execute(args).map(rows -> new Answer(rows, reached.mark()))
        // A query the replica cancels (a conflict with its recovery) or cannot answer is the primary's.
        .recover(failure -> fromPrimary(sql, args));
  }

  private boolean unchangedSince(long mark, List<Long> devices) {
    for (long device : devices) {
      if (!cache.current(mark, device)) {
        return false;
      }
    }
    return true;
  }

  private Future<Answer> fromPrimary(String sql, Tuple args) {
    fromPrimary.increment();
    long readAt = cache.now();
    return primary.preparedQuery(sql).execute(args).map(rows -> new Answer(rows, readAt));
  }
}
