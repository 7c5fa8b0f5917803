package org.fieldreadings.core.db;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlConnectOptions;
import java.util.function.Supplier;
import org.fieldreadings.core.config.ConfigKeys;

/** The PostgreSQL pool: one shared set of connections per node, whichever verticle asks for it. */
public final class Pools {

  private static final String SHARED_NAME = "field-readings";

  private Pools() {}

  /**
   * A handle on the node's shared pool; each verticle takes its own handle, which Vert.x closes when the verticle
   * is undeployed (the connections close with the last handle).
   */
  public static Pool shared(Vertx vertx, DatabaseUrl url, int size) {
    return PgBuilder.pool()
        .with(new PoolOptions().setShared(true).setName(SHARED_NAME).setMaxSize(size).setMaxWaitQueueSize(1000)
            // Spread the connections over the event loops rather than tying them all to the first user's loop.
            .setEventLoopSize(Runtime.getRuntime().availableProcessors()))
        .connectingTo(connecting(vertx, url))
        .using(vertx)
        .build();
  }

  /**
   * A pool of the calling verticle's own, its connections on the verticle's event loop, so a request's queries never
   * leave the thread that serves it (a shared pool's connections run on event loops of their own, two thread hops
   * per query). Each public listener instance takes one, together as many connections as the shared pool.
   */
  public static Pool ofListener(Vertx vertx, JsonObject config) {
    return ofListener(vertx, config, DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config)));
  }

  /** As {@link #ofListener(Vertx, JsonObject)}, to the database of {@code url} (a replica, say). */
  public static Pool ofListener(Vertx vertx, JsonObject config, DatabaseUrl url) {
    int instances = ConfigKeys.HTTP_INSTANCES.get(config);
    int size = Math.max(2, (ConfigKeys.DATABASE_POOL_SIZE.get(config) + instances - 1) / instances);
    return ofSize(vertx, url, size);
  }

  /** A pool of the caller's own, of at most {@code size} connections to the database of {@code url}. */
  public static Pool ofSize(Vertx vertx, DatabaseUrl url, int size) {
    return PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(size).setMaxWaitQueueSize(1000))
        .connectingTo(connecting(vertx, url))
        .using(vertx)
        .build();
  }

  /** The shared pool of the configuration's {@code database.url} and {@code database.pool.size}. */
  public static Pool shared(Vertx vertx, JsonObject config) {
    return shared(vertx, DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config)), ConfigKeys.DATABASE_POOL_SIZE.get(config));
  }

  /** Each new connection goes to the host that serves the URL's {@code target_session_attrs} at that moment. */
  private static Supplier<Future<SqlConnectOptions>> connecting(Vertx vertx, DatabaseUrl url) {
    TargetHosts hosts = new TargetHosts(vertx, url);
    return () -> hosts.next().map(options -> options);
  }

  /** The options of a single-host URL's host. */
  public static PgConnectOptions connectOptions(DatabaseUrl url) {
    if (url.hosts().size() != 1) {
      throw new IllegalArgumentException("a URL of several hosts: connect through TargetHosts");
    }
    return connectOptions(url, url.hosts().get(0));
  }

  /** The options of one of the URL's hosts. */
  public static PgConnectOptions connectOptions(DatabaseUrl url, DatabaseUrl.Host host) {
    PgConnectOptions options = new PgConnectOptions()
        .setHost(host.name())
        .setPort(host.port())
        .setDatabase(url.database())
        .setUser(url.user())
        .setPassword(url.password())
        .setCachePreparedStatements(true)
        .setPipeliningLimit(256)
        .setReconnectAttempts(0);
    url.tls().applyTo(options);
    // Every statement of the service is a parameterized lookup or range scan whose best plan does not depend on
    // the values, so each is planned once per connection. Left to choose, PostgreSQL re-plans the readings query
    // on every execution (its generic estimate over the monthly partitions looks dear), which cost about 0.3 ms of
    // database CPU per request (measured with pgbench on the bench data).
    options.addProperty("plan_cache_mode", "force_generic_plan");
    // For the same reason no statement gains from parallel workers: starting them (about 17 ms) cost more than a
    // page of a 100,000-device fleet takes to read without them (a few milliseconds).
    options.addProperty("max_parallel_workers_per_gather", "0");
    return options;
  }
}
