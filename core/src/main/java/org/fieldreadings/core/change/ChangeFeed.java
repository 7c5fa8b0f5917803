package org.fieldreadings.core.change;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.pubsub.PgSubscriber;
import java.util.function.Consumer;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.TargetHosts;
import org.fieldreadings.core.text.LogSafe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The changes nodes sharing the database announce on a PostgreSQL channel ({@code NOTIFY}, sent in the writer's
 * transaction and so delivered only at its commit), handed to a {@link Listener}. Notifications sent while the
 * listening connection is down are lost: the listener hears when it is lost ({@link Listener#deaf()}) and when it
 * listens again ({@link Listener#hearing()}, retried every second, on whichever host is the primary by then), and
 * must assume anything may have changed between the two. The one way the house listens to other nodes.
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

  private final Vertx vertx;
  private final TargetHosts hosts;
  private final String channel;
  private final Listener listener;
  private PgSubscriber subscriber;
  private volatile boolean stopping;
  private volatile boolean failing;

  /** Listens on {@code channel} for {@code listener}. */
  public ChangeFeed(Vertx vertx, DatabaseUrl url, String channel, Listener listener) {
    this.vertx = vertx;
    this.hosts = new TargetHosts(vertx, url);
    this.channel = channel;
    this.listener = listener;
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

  /** Listens; fails when the first connection fails (later ones are retried every second). */
  public Future<Void> start() {
    return listen();
  }

  public Future<Void> stop() {
    stopping = true;
    PgSubscriber current = subscriber;
    return current == null ? Future.succeededFuture() : current.close();
  }

  /**
   * Connects a subscriber to the host the URL's target is on now: after a failover, NOTIFY is sent on the promoted
   * primary, so a lost connection is made again from the host choice rather than to the same host.
   */
  private Future<Void> listen() {
    return hosts.next().compose(options -> {
      PgSubscriber next = PgSubscriber.subscriber(vertx, options).reconnectPolicy(retries -> -1L);
      next.channel(channel).subscribeHandler(v -> listener.hearing()).handler(listener::payload);
      next.closeHandler(v -> lost());
      subscriber = next;
      return next.connect();
    });
  }

  /**
   * From the moment the connection is lost, changes go unheard until it is made again, a second later. A loss that
   * the next attempt mends (a failover, a verticle's context closing under the connection) is logged at INFO; one
   * that lasts, once, as a warning.
   */
  private void lost() {
    listener.deaf();
    if (stopping) {
      return;
    }
    LOG.info("lost the connection listening on {}; listening again within a second", channel);
    retry();
  }

  private void retry() {
    vertx.setTimer(RECONNECT_MS, id -> {
      if (stopping) {
        return;
      }
      listen().onSuccess(v -> {
        if (failing) {
          LOG.info("listening on {} again", channel);
          failing = false;
        }
      }).onFailure(e -> {
        if (!failing) {
          LOG.warn("cannot listen on {}: {}; changes of other nodes go unheard, trying again every second",
              channel, LogSafe.text(e.getMessage()));
          failing = true;
        }
        retry();
      });
    });
  }
}
