package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.pubsub.PgSubscriber;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Pools;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Relays key revocations and replacements made by any node (PostgreSQL NOTIFY) to this node's event bus, so every
 * node sharing the database evicts the key from its authentication cache within moments. Notifications sent while
 * the connection was down are lost, so each (re)subscription evicts every remembered key.
 */
final class KeyChangeListener {

  static final String CHANNEL = "access_key_changed";
  private static final Logger LOG = LoggerFactory.getLogger(KeyChangeListener.class);

  private final PgSubscriber subscriber;

  KeyChangeListener(Vertx vertx, DatabaseUrl url) {
    subscriber = PgSubscriber.subscriber(vertx, Pools.connectOptions(url))
        .reconnectPolicy(retries -> retries < 1000 ? 1000L : -1L);
    subscriber.channel(CHANNEL)
        .subscribeHandler(v -> vertx.eventBus().publish(AccessContract.KEY_REVOKED, new JsonObject()))
        .handler(entityId ->
            vertx.eventBus().publish(AccessContract.KEY_REVOKED, new JsonObject().put("entityId", entityId)));
    subscriber.closeHandler(v -> LOG.warn("stopped listening for key changes of other nodes"));
  }

  Future<Void> start() {
    return subscriber.connect();
  }

  Future<Void> stop() {
    return subscriber.close();
  }
}
