package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.AccessContract.KeyChange;
import org.fieldreadings.core.change.ChangeFeed;
import org.fieldreadings.core.db.DatabaseUrl;

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

  private final ChangeFeed feed;

  KeyChangeListener(Vertx vertx, DatabaseUrl url, Runnable reloadKnownKeys) {
    feed = new ChangeFeed(vertx, url, CHANNEL, new ChangeFeed.Listener() {
      @Override
      public void hearing() {
        reloadKnownKeys.run();
        AccessContract.KEY_REVOKED.publish(vertx.eventBus(), KeyChange.ALL);
      }

      /** Remembered keys expire within a second (the auth cache's time to live) meanwhile. */
      @Override
      public void deaf() {}

      @Override
      public void payload(String entityId) {
        reloadKnownKeys.run();
        if (!entityId.equals(KEY_ADDED)) {
          AccessContract.KEY_REVOKED.publish(vertx.eventBus(),
              entityId.equals(ALL_KEYS) ? KeyChange.ALL : new KeyChange(entityId));
        }
      }
    });
  }

  Future<Void> start() {
    return feed.start();
  }

  Future<Void> stop() {
    return feed.stop();
  }
}
