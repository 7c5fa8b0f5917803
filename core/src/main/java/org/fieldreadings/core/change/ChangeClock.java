package org.fieldreadings.core.change;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * When a copy kept in memory may still be served: every change of a key (a device, say) is a tick of one clock. A
 * read takes the clock's time {@link #now()} before its query; what it read is kept, and later served, only while no
 * tick of its key came after that time, so a read that raced with a write never leaves older data behind. Ticks are
 * kept per stripe of keys (a key shares its stripe with a few others and is at worst read again when they change),
 * so the clock's memory does not grow with the keys. Changes made by other nodes are heard through a
 * {@link ChangeFeed}; while it could miss some, nothing is current ({@link #deaf()}), and once it hears again
 * ({@link #trustFromNow()}) nothing read before is.
 */
public final class ChangeClock {

  private final AtomicLong clock = new AtomicLong();
  private final AtomicLongArray changedAt;
  /** The clock time from which copies may be served: none while other nodes' changes could go unnoticed. */
  private volatile long trustedFrom = Long.MAX_VALUE;

  /** A clock of {@code stripes} stripes, a power of two (1: any change makes every copy stale). */
  public ChangeClock(int stripes) {
    if (Integer.bitCount(stripes) != 1) {
      throw new IllegalArgumentException("stripes must be a power of two: " + stripes);
    }
    changedAt = new AtomicLongArray(stripes);
  }

  /** The clock's time: take it before a query whose answer is to be kept. */
  public long now() {
    return clock.get();
  }

  /** {@code key} changed (or may have): copies of it read before now are not served again. */
  public void changed(long key) {
    long tick = clock.incrementAndGet();
    changedAt.accumulateAndGet(stripe(key), tick, Math::max);
  }

  /** Whether a copy of {@code key} read at {@code readAt} may be kept and served. */
  public boolean current(long readAt, long key) {
    return readAt >= trustedFrom && readAt >= changedAt.get(stripe(key));
  }

  /**
   * Copies read before now are not served: changes of other nodes are heard from now on (after a (re)subscription),
   * or some change could not be told apart.
   */
  public void trustFromNow() {
    trustedFrom = clock.incrementAndGet();
  }

  /** Changes of other nodes may go unheard: nothing is served until {@link #trustFromNow()}. */
  public void deaf() {
    trustedFrom = Long.MAX_VALUE;
  }

  private int stripe(long key) {
    return (int) (key ^ key >>> 32) & (changedAt.length() - 1);
  }
}
