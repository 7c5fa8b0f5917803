package org.fieldreadings.readings.cache;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.EventBus;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.ReadingsStored;
import org.fieldreadings.core.bus.ReadingsContract.StoredSeries;
import org.fieldreadings.core.change.ChangeFeed;
import org.fieldreadings.core.change.ThisNode;
import org.fieldreadings.core.db.DatabaseUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which readings were stored, told between nodes sharing the database: the writer announces its series in its
 * transaction ({@link #NOTIFY}, delivered at commit and only then), and every other node's listener ticks its
 * {@link BlockCache} for their devices ({@link ChangeFeed}) and publishes them as {@link ReadingsContract#STORED}.
 */
public final class ReadingsChanges {

  static final String CHANNEL = "readings_changed";
  /** Announces each payload of $1 ({@link #payloads}). */
  public static final String NOTIFY = "SELECT count(pg_notify('" + CHANNEL + "', p)) FROM unnest(?::text[]) p";
  /** NOTIFY payloads must stay under 8,000 bytes. */
  private static final int MAX_PAYLOAD = 7_000;
  private static final Logger LOG = LoggerFactory.getLogger(ReadingsChanges.class);

  private final ChangeFeed feed;

  public ReadingsChanges(Vertx vertx, DatabaseUrl url, BlockCache cache) {
    String node = ThisNode.id(vertx);
    feed = ChangeFeed.ticking(vertx, url, CHANNEL, cache.clock(),
        payload -> changed(cache, vertx.eventBus(), node, payload));
  }

  public Future<Void> start() {
    return feed.start();
  }

  public Future<Void> stop() {
    return feed.stop();
  }

  /**
   * The payloads announcing {@code stored}, each within PostgreSQL's limit: the writing node's id on the first line,
   * then a line per series, {@code deviceId connectorId interface from to count} (identifiers hold no spaces).
   */
  public static String[] payloads(ReadingsStored stored) {
    List<String> payloads = new ArrayList<>();
    StringBuilder payload = new StringBuilder(stored.node());
    for (StoredSeries series : stored.series()) {
      if (payload.length() > MAX_PAYLOAD) {
        payloads.add(payload.toString());
        payload.setLength(0);
        payload.append(stored.node());
      }
      payload.append('\n').append(series.deviceId()).append(' ').append(series.connectorId()).append(' ')
          .append(series.iface()).append(' ').append(series.from()).append(' ').append(series.to()).append(' ')
          .append(series.count());
    }
    if (!stored.series().isEmpty()) {
      payloads.add(payload.toString());
    }
    return payloads.toArray(String[]::new);
  }

  /**
   * What a node stored, as one of its payloads tells it: ticks the cache for its devices and, when another node
   * wrote it, publishes it on this node ({@link ReadingsContract#STORED}; {@code node} published its own writes
   * already). A payload that cannot be read ticks every device, to be safe, and is not published.
   */
  static void changed(BlockCache cache, EventBus bus, String node, String payload) {
    ReadingsStored stored;
    try {
      stored = parse(payload);
    } catch (RuntimeException e) {
      LOG.warn("unreadable {} notification: nothing is served from the cache read before it", CHANNEL);
      cache.clock().trustFromNow();
      return;
    }
    stored.series().forEach(series -> cache.changed(series.deviceId()));
    if (!stored.node().equals(node)) {
      ReadingsContract.STORED.publish(bus, stored);
    }
  }

  private static ReadingsStored parse(String payload) {
    String[] lines = payload.split("\n");
    List<StoredSeries> series = new ArrayList<>(lines.length - 1);
    for (int i = 1; i < lines.length; i++) {
      String[] fields = lines[i].split(" ");
      if (fields.length != 6) {
        throw new IllegalArgumentException("a series line has 6 fields");
      }
      series.add(new StoredSeries(Long.parseLong(fields[0]), fields[1], fields[2], Long.parseLong(fields[3]),
          Long.parseLong(fields[4]), Long.parseLong(fields[5])));
    }
    return new ReadingsStored(lines[0], series);
  }
}
