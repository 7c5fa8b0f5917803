package org.fieldreadings.readings.cache;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.fieldreadings.core.change.ChangeFeed;
import org.fieldreadings.core.db.DatabaseUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which devices' readings changed, told between nodes sharing the database: the writer announces its devices in its
 * transaction ({@link #NOTIFY}, delivered at commit and only then), and every node's listener ticks its
 * {@link BlockCache} for them ({@link ChangeFeed}).
 */
public final class ReadingsChanges {

  static final String CHANNEL = "readings_changed";
  /** Announces the devices of each payload of $1: device ids separated by commas. */
  public static final String NOTIFY = "SELECT count(pg_notify('" + CHANNEL + "', p)) FROM unnest(?::text[]) p";
  /** NOTIFY payloads must stay under 8,000 bytes. */
  private static final int MAX_PAYLOAD = 7_000;
  private static final Logger LOG = LoggerFactory.getLogger(ReadingsChanges.class);

  private final ChangeFeed feed;

  public ReadingsChanges(Vertx vertx, DatabaseUrl url, BlockCache cache) {
    feed = new ChangeFeed(vertx, url, CHANNEL, cache.clock(), payload -> changed(cache, payload));
  }

  public Future<Void> start() {
    return feed.start();
  }

  public Future<Void> stop() {
    return feed.stop();
  }

  /** The payloads announcing {@code devices}, each within PostgreSQL's limit. */
  public static String[] payloads(Collection<Long> devices) {
    List<String> payloads = new ArrayList<>();
    StringBuilder payload = new StringBuilder();
    for (long device : devices) {
      if (payload.length() > MAX_PAYLOAD) {
        payloads.add(payload.toString());
        payload.setLength(0);
      }
      payload.append(payload.isEmpty() ? "" : ",").append(device);
    }
    if (!payload.isEmpty()) {
      payloads.add(payload.toString());
    }
    return payloads.toArray(String[]::new);
  }

  /** Ticks the devices of a payload; one that cannot be read ticks every device, to be safe. */
  static void changed(BlockCache cache, String payload) {
    try {
      for (String device : payload.split(",")) {
        cache.changed(Long.parseLong(device));
      }
    } catch (NumberFormatException e) {
      LOG.warn("unreadable {} notification: nothing is served from the cache read before it", CHANNEL);
      cache.clock().trustFromNow();
    }
  }
}
