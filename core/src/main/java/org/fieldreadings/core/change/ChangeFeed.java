package org.fieldreadings.core.change;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.pubsub.PgSubscriber;
import java.util.function.Consumer;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Pools;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The changes other nodes sharing the database announce on a PostgreSQL channel ({@code NOTIFY}, sent in the
 * writer's transaction and so delivered only at its commit), handed to a {@link ChangeClock}'s owner. Notifications
 * sent while the listening connection is down are lost: from the moment it is lost the clock serves nothing, and
 * once it is back (retried every second) nothing read before serves again.
 */
public final class ChangeFeed {

  private static final long RECONNECT_MS = 1000;
  private static final Logger LOG = LoggerFactory.getLogger(ChangeFeed.class);

  private final PgSubscriber subscriber;
  private volatile boolean stopping;

  /** Listens on {@code channel}; {@code payloads} gets each notification's payload. */
  public ChangeFeed(Vertx vertx, DatabaseUrl url, String channel, ChangeClock clock, Consumer<String> payloads) {
    // The policy is asked as soon as the connection is lost: from then on the copies must not be trusted.
    subscriber = PgSubscriber.subscriber(vertx, Pools.connectOptions(url)).reconnectPolicy(retries -> {
      clock.deaf();
      return stopping ? -1L : RECONNECT_MS;
    });
    subscriber.channel(channel).subscribeHandler(v -> clock.trustFromNow()).handler(payloads::accept);
    subscriber.closeHandler(v -> {
      clock.deaf();
      if (!stopping) {
        LOG.warn("stopped listening on {}: changes of other nodes go unheard, so copies are read from the database",
            channel);
      }
    });
  }

  public Future<Void> start() {
    return subscriber.connect();
  }

  public Future<Void> stop() {
    stopping = true;
    return subscriber.close();
  }
}
