package org.fieldreadings.readings.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.LocalMap;
import io.vertx.core.shareddata.Shareable;
import org.fieldreadings.core.change.ChangeClock;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.readings.block.Aggregates;
import org.fieldreadings.readings.block.BlockKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's copy of the blocks queries read most, so that a busy day or year is decoded from memory instead of
 * fetched from PostgreSQL on every request, and of each device's latest values ({@link DeviceLatest}), so that a
 * fleet's latest values are answered from memory (InfluxDB 3's last value cache, kept as exact as the blocks). One
 * per node ({@link #of}), bounded in bytes ({@code readings.cache.mb}, 0 turns it off).
 *
 * <p>A copy is served only while no write can have changed it since it was read ({@link ChangeClock}, per device):
 * the writer ticks the clock for its devices once its transaction is over (before the write is answered), and
 * {@link ReadingsChanges} ticks it for the writes other nodes announce through PostgreSQL NOTIFY.
 */
public final class BlockCache implements Shareable {

  /** A block as a query names it: device, connector, interface, kind, and the epoch day its span starts on. */
  public record Key(long device, String connector, String iface, BlockKind kind, int day) {}

  /** A copy and the clock time of the read that made it; {@link #NONE} when there was no such block. */
  private record Entry(long readAt, byte[] block) {}

  /** A device's latest values, read when {@code readAt}. */
  private record LatestEntry(long readAt, DeviceLatest latest) {}

  private record LatestKey(long device) {}

  /** What a block's bytes become by a {@code recipe} (a query's calendar, say). */
  private record DerivedKey(Key block, Object recipe) {}

  /** Made of exactly the bytes {@code source}: served only for those very bytes, so never of an older block. */
  private record Derived(byte[] source, Aggregates value) {}

  /** A block known not to exist (stored blocks are never empty). */
  public static final byte[] NONE = new byte[0];

  private static final String SHARED_NAME = "readings.block-cache";
  private static final Logger LOG = LoggerFactory.getLogger(BlockCache.class);
  private static final int STRIPES = 4096;
  /** What an entry costs beyond its block's bytes: key, entry, array header and the cache's node. */
  private static final int ENTRY_OVERHEAD = 160;
  /** What an aggregates entry costs: its nine columns. */
  private static final int AGGREGATE_BYTES = 72;

  /** Blocks ({@link Entry}) and what queries made of them ({@link Derived}), within one memory bound. */
  private final Cache<Object, Object> entries;
  /** Ticked per device by this node's writer and by {@link ReadingsChanges} for other nodes' writes. */
  private final ChangeClock clock = new ChangeClock(STRIPES);

  BlockCache(long maxBytes) {
    entries = maxBytes == 0 ? null : Caffeine.newBuilder().maximumWeight(maxBytes)
        .weigher(BlockCache::weight).build();
  }

  private static int weight(Object key, Object value) {
    if (value instanceof Entry entry) {
      return ENTRY_OVERHEAD + entry.block.length;
    }
    if (value instanceof LatestEntry entry) {
      return ENTRY_OVERHEAD + entry.latest.bytes();
    }
    Derived derived = (Derived) value;
    return ENTRY_OVERHEAD + derived.source.length + derived.value.size() * AGGREGATE_BYTES;
  }

  /** The node's cache, made on first use with the configuration's size. */
  public static BlockCache of(Vertx vertx, JsonObject config) {
    LocalMap<String, BlockCache> shared = vertx.sharedData().getLocalMap(SHARED_NAME);
    BlockCache cache = shared.get(SHARED_NAME);
    if (cache != null) {
      return cache;
    }
    BlockCache made = new BlockCache(bounded(ConfigKeys.READINGS_CACHE_MB.get(config) * 1024L * 1024L,
        Runtime.getRuntime().maxMemory()));
    BlockCache raced = shared.putIfAbsent(SHARED_NAME, made);
    return raced == null ? made : raced;
  }

  /**
   * The size asked for, or a quarter of the heap when it asks for more: a cache that filled the heap would take the
   * node down, and a size that suits one machine may be copied to a smaller one.
   */
  static long bounded(long asked, long maxHeap) {
    long most = maxHeap / 4;
    if (asked <= most) {
      return asked;
    }
    LOG.warn("{} asks for {} MB but the heap is {} MB: the block cache keeps {} MB", ConfigKeys.READINGS_CACHE_MB.name(),
        asked >> 20, maxHeap >> 20, most >> 20);
    return most;
  }

  /** The clock's time: take it before a query whose blocks are to be kept. */
  public long now() {
    return clock.now();
  }

  /** The copy of a block: {@link #NONE} when known not to exist, null when not known (or not to be trusted). */
  public byte[] get(Key key) {
    Entry entry = entries == null ? null : (Entry) entries.getIfPresent(key);
    return entry == null || !current(entry.readAt, key.device()) ? null : entry.block;
  }

  /** What {@code recipe} made of {@code source}, the block {@code key} as a query holds it; null when not kept. */
  public Aggregates derived(Key key, Object recipe, byte[] source) {
    Object found = entries == null ? null : entries.getIfPresent(new DerivedKey(key, recipe));
    return found instanceof Derived derived && derived.source == source ? derived.value : null;
  }

  /** Keeps what {@code recipe} made of {@code source}, the block {@code key} as a query held it. */
  public void putDerived(Key key, Object recipe, byte[] source, Aggregates value) {
    if (entries != null) {
      entries.put(new DerivedKey(key, recipe), new Derived(source, value));
    }
  }

  /** Keeps a block (null: there is none) read by a query that took the time {@code readAt} before it started. */
  public void put(Key key, long readAt, byte[] block) {
    if (entries != null && current(readAt, key.device())) {
      entries.put(key, new Entry(readAt, block == null ? NONE : block));
    }
  }

  /** The latest values of a device, null when not known (or not to be trusted). */
  public DeviceLatest latest(long device) {
    LatestEntry entry = entries == null ? null : (LatestEntry) entries.getIfPresent(new LatestKey(device));
    return entry == null || !current(entry.readAt, device) ? null : entry.latest;
  }

  /** Keeps a device's latest values read by a query that took the time {@code readAt} before it started. */
  public void putLatest(long device, long readAt, DeviceLatest latest) {
    if (entries != null && current(readAt, device)) {
      entries.put(new LatestKey(device), new LatestEntry(readAt, latest));
    }
  }

  /** The readings of a device changed (or may have): copies read before now are not served again. */
  public void changed(long device) {
    clock.changed(device);
  }

  ChangeClock clock() {
    return clock;
  }

  /** Whether copies of {@code device} read at clock time {@code readAt} may still be served. */
  public boolean current(long readAt, long device) {
    return clock.current(readAt, device);
  }
}
