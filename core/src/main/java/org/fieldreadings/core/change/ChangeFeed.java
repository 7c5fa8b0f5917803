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
 * The changes nodes sharing the database announce on a PostgreSQL channel ({@code NOTIFY}, sent in the writer's
 * transaction and so delivered only at its commit), handed to a {@link Listener}. Notifications sent while the
 * listening connection is down are lost: the listener hears when it is lost ({@link Listener#deaf()}) and when it
 * listens again ({@link Listener#hearing()}, retried every second), and must assume anything may have changed
 * between the two. The one way the house listens to other nodes.
 */
public final class ChangeFeed {

  /** What a feed tells its owner. */
  public interface Listener {

    /** Listening (again): changes from now on are heard; those before may have been missed. */
    void hearing();

    /** The connection is lost: changes go unheard until {@link #hearing()}. */
    void deaf();

    /** A notification's payload. */
    void payload(String payload);
  }

  private static final long RECONNECT_MS = 1000;
  private static final Logger LOG = LoggerFactory.getLogger(ChangeFeed.class);

  private final PgSubscriber subscriber;
  private volatile boolean stopping;

  /** Listens on {@code channel} for {@code listener}. */
  public ChangeFeed(Vertx vertx, DatabaseUrl url, String channel, Listener listener) {
    // The policy is asked as soon as the connection is lost: from then on changes go unheard.
    subscriber = PgSubscriber.subscriber(vertx, Pools.connectOptions(url)).reconnectPolicy(retries -> {
      listener.deaf();
      return stopping ? -1L : RECONNECT_MS;
    });
    subscriber.channel(channel).subscribeHandler(v -> listener.hearing()).handler(listener::payload);
    subscriber.closeHandler(v -> {
      listener.deaf();
      if (!stopping) {
        LOG.warn("stopped listening on {}: changes of other nodes go unheard", channel);
      }
    });
  }

  /**
   * Listens for a {@link ChangeClock}'s owner: nothing the clock guards is current while the feed is deaf, nor what
   * was read before it hears again; {@code payloads} gets each notification.
   */
  public static ChangeFeed ticking(Vertx vertx, DatabaseUrl url, String channel, ChangeClock clock,
      Consumer<String> payloads) {
    return new ChangeFeed(vertx, url, channel, new Listener() {
      @Override
      public void hearing() {
        clock.trustFromNow();
      }

      @Override
      public void deaf() {
        clock.deaf();
      }

      @Override
      public void payload(String payload) {
        payloads.accept(payload);
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
