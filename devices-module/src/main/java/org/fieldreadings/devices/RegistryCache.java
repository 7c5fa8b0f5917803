package org.fieldreadings.devices;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.LocalMap;
import io.vertx.core.shareddata.Shareable;
import io.vertx.sqlclient.SqlClient;
import java.util.function.Function;
import org.fieldreadings.core.bus.DevicesContract.Connector;
import org.fieldreadings.core.bus.DevicesContract.EntityDevice;
import org.fieldreadings.core.bus.DevicesContract.EntityDevicePage;
import org.fieldreadings.core.bus.DevicesContract.EntityDeviceQuery;
import org.fieldreadings.core.change.ChangeClock;
import org.fieldreadings.core.change.ChangeFeed;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;

/**
 * This node's copy of the registry's answers a fleet's latest values walk through: an entity's device pages with
 * their connectors ({@link org.fieldreadings.core.bus.DevicesContract#ENTITY_PAGE}). A fleet of 10,000 devices is
 * twenty pages; from memory they cost no query.
 *
 * <p>A page is served only while the registry has not changed since it was read ({@link ChangeClock}, one stripe:
 * any change of devices, connectors or assignments makes every page stale, as registries change rarely and pages
 * are cheap to read again). This node's writes tick the clock once their transaction is over, before they are
 * answered; they announce themselves in their transaction ({@link #announce}) and other nodes' {@link ChangeFeed}s
 * tick theirs at commit. One per node, shared by the module's verticles, bounded to a sixteenth of the heap.
 */
final class RegistryCache implements Shareable {

  private static final String CHANNEL = "devices_changed";
  private static final String NOTIFY = "SELECT pg_notify('" + CHANNEL + "', '')";
  private static final String SHARED_NAME = "devices.registry-cache";
  /** The clock's one key: the whole registry. */
  private static final long REGISTRY = 0;
  /** Roughly what a cached device costs in memory: its records, id and serial, plus a reference per interface. */
  private static final int DEVICE_BYTES = 200;
  private static final int INTERFACE_BYTES = 8;

  private record Entry(long readAt, EntityDevicePage page, int weight) {}

  private final ChangeClock clock = new ChangeClock(1);
  private final Cache<EntityDeviceQuery, Entry> pages;
  private final ChangeFeed feed;
  /** The verticles using it: the feed stops with the last. */
  private int users;

  private RegistryCache(Vertx vertx, DatabaseUrl database) {
    pages = Caffeine.newBuilder().maximumWeight(Runtime.getRuntime().maxMemory() / 16)
        .weigher((EntityDeviceQuery query, Entry entry) -> entry.weight).build();
    feed = ChangeFeed.ticking(vertx, database, CHANNEL, clock, payload -> changed());
  }

  /** The node's cache for one more verticle: made and listening on first use. */
  static Future<RegistryCache> acquire(Vertx vertx, JsonObject config) {
    LocalMap<String, RegistryCache> shared = vertx.sharedData().getLocalMap(SHARED_NAME);
    synchronized (RegistryCache.class) {
      RegistryCache cache = shared.get(SHARED_NAME);
      boolean made = cache == null;
      if (made) {
        cache = new RegistryCache(vertx, DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config)));
        shared.put(SHARED_NAME, cache);
      }
      cache.users++;
      RegistryCache acquired = cache;
      return made ? cache.feed.start().map(acquired) : Future.succeededFuture(acquired);
    }
  }

  /** One verticle less; the last one's release stops listening. */
  Future<Void> release(Vertx vertx) {
    synchronized (RegistryCache.class) {
      if (--users > 0) {
        return Future.succeededFuture();
      }
      vertx.sharedData().getLocalMap(SHARED_NAME).remove(SHARED_NAME);
    }
    return feed.stop();
  }

  /** The page from memory when it is current, otherwise {@code read} and kept. */
  Future<EntityDevicePage> entityPage(EntityDeviceQuery query,
      Function<EntityDeviceQuery, Future<EntityDevicePage>> read) {
    Entry entry = pages.getIfPresent(query);
    if (entry != null && clock.current(entry.readAt, REGISTRY)) {
      return Future.succeededFuture(entry.page);
    }
    long readAt = clock.now();
    return read.apply(query).onSuccess(page -> {
      if (clock.current(readAt, REGISTRY)) {
        pages.put(query, new Entry(readAt, page, weight(page)));
      }
    });
  }

  /** In a write's transaction: tells the other nodes, at its commit, that the registry changed. */
  Future<Void> announce(SqlClient transaction) {
    return transaction.query(NOTIFY).execute().mapEmpty();
  }

  /** After a write's transaction, committed or not: pages read before are not served again. */
  void changed() {
    clock.changed(REGISTRY);
  }

  private static int weight(EntityDevicePage page) {
    long bytes = 0;
    for (EntityDevice device : page.devices()) {
      bytes += DEVICE_BYTES;
      for (Connector connector : device.connectors()) {
        bytes += (long) INTERFACE_BYTES * connector.interfaces().size();
      }
    }
    return (int) Math.min(Integer.MAX_VALUE, bytes);
  }
}
