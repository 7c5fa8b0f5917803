package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.pubsub.PgSubscriber;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.AccessContract.KeyChange;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Pools;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Relays key revocations and replacements made by any node (PostgreSQL NOTIFY) to this node's event bus, so every
 * node sharing the database evicts the key from its authentication cache within moments, and reloads its
 * {@link KnownKeys} so that keys issued elsewhere pass its throttled addresses. Notifications sent while the
 * connection was down are lost, so each (re)subscription evicts every remembered key and reloads the known ones.
 */
final class KeyChangeListener {

  static final String CHANNEL = "access_key_changed";
  /** The notification payload of a change that concerns no one entity (an ingest key): every key is forgotten. */
  static final String ALL_KEYS = "";
  /** The notification payload of a key created where none was replaced: nothing to evict, a key to know. */
  static final String KEY_ADDED = "+";
  private static final Logger LOG = LoggerFactory.getLogger(KeyChangeListener.class);

  private final PgSubscriber subscriber;
  private volatile boolean stopping;

  KeyChangeListener(Vertx vertx, DatabaseUrl url, Runnable reloadKnownKeys) {
    subscriber = PgSubscriber.subscriber(vertx, Pools.connectOptions(url))
        .reconnectPolicy(retries -> retries < 1000 ? 1000L : -1L);
    subscriber.channel(CHANNEL)
        .subscribeHandler(v -> {
          reloadKnownKeys.run();
          AccessContract.KEY_REVOKED.publish(vertx.eventBus(), KeyChange.ALL);
        })
        .handler(entityId -> {
          reloadKnownKeys.run();
          if (!entityId.equals(KEY_ADDED)) {
            AccessContract.KEY_REVOKED.publish(vertx.eventBus(),
                entityId.equals(ALL_KEYS) ? KeyChange.ALL : new KeyChange(entityId));
          }
        });
    subscriber.closeHandler(v -> {
      // Only a connection lost for good is news: a node that stops closes it on purpose.
      if (!stopping) {
        LOG.warn("stopped listening for key changes of other nodes");
      }
    });
  }

  Future<Void> start() {
    return subscriber.connect();
  }

  Future<Void> stop() {
    stopping = true;
    return subscriber.close();
  }
}
