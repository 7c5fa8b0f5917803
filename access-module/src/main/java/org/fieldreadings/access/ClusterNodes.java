package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.AccessContract.NodeCount;
import org.fieldreadings.core.change.ThisNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many nodes share the database: each node says it is alive every few seconds, and counts the nodes that did
 * within three beats. The count is published ({@link AccessContract#NODES}) at every beat, so that each node
 * enforces its share of every key's rate limit; a node that stops leaves at once, one that dies after three beats.
 */
final class ClusterNodes {

  static final long BEAT_MS = 5000;
  private static final Logger LOG = LoggerFactory.getLogger(ClusterNodes.class);
  private static final String BEAT = "INSERT INTO access.cluster_node (node_id, seen_at) VALUES ($1, now()) "
      + "ON CONFLICT (node_id) DO UPDATE SET seen_at = now()";
  private static final String COUNT =
      "SELECT count(*) FROM access.cluster_node WHERE seen_at > now() - $1 * interval '1 ms'";
  private static final String LEAVE = "DELETE FROM access.cluster_node WHERE node_id = $1";
  static final String PURGE = "DELETE FROM access.cluster_node WHERE seen_at < now() - interval '1 day'";

  private final Vertx vertx;
  private final Pool pool;
  private final String node;
  private long timer = -1;
  private volatile int count = 1;

  ClusterNodes(Vertx vertx, Pool pool) {
    this.vertx = vertx;
    this.pool = pool;
    this.node = ThisNode.id(vertx);
  }

  /** Beats now and every {@link #BEAT_MS}; a failed beat keeps the last count (the database may be failing over). */
  Future<Void> start() {
    timer = vertx.setPeriodic(BEAT_MS, id -> beat());
    return beat().otherwiseEmpty().mapEmpty();
  }

  /** The nodes seen within three beats, this one included. */
  int count() {
    return count;
  }

  private Future<Integer> beat() {
    return pool.preparedQuery(BEAT).execute(Tuple.of(node))
        .compose(v -> pool.preparedQuery(COUNT).execute(Tuple.of(3 * BEAT_MS)))
        .map(rows -> Math.max(1, rows.iterator().next().getLong(0).intValue()))
        .onSuccess(now -> {
          if (now != count) {
            LOG.info("{} node(s) share the database: each enforces 1/{} of every key's rate limit", now, now);
          }
          count = now;
          AccessContract.NODES.publish(vertx.eventBus(), new NodeCount(now));
        })
        .onFailure(e -> LOG.debug("heartbeat skipped: {}", e.getMessage()));
  }

  /** Leaves the count at once rather than after three beats. */
  Future<Void> stop() {
    vertx.cancelTimer(timer);
    return pool.preparedQuery(LEAVE).execute(Tuple.of(node)).<Void>mapEmpty().otherwiseEmpty();
  }
}
