package org.fieldreadings.core.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;

/**
 * Token buckets per API key: {@code rate} requests per second sustained, bursts up to {@code burst}. Thread-safe
 * and shared by every edge instance of a node. With several nodes behind a load balancer that spreads requests,
 * each node enforces its share ({@link #share(int)}), so that the configured rate holds for the key across them
 * without a round trip to the database per request.
 */
public final class KeyRateLimiter {

  private static final int MAX_BUCKETS = 100_000;

  private final int ratePerSecond;
  private final int burst;
  private final Cache<String, Bucket> buckets;
  private volatile Share share;

  /** What this node lets through of each key: the whole limit alone, a share of it among others. */
  private record Share(double ratePerNano, double burst) {}

  public KeyRateLimiter(int ratePerSecond, int burst) {
    this.ratePerSecond = ratePerSecond;
    this.burst = burst;
    this.share = new Share(ratePerSecond / 1e9, burst);
    // A bucket left alone until it would be full again is the same as a new one: it may be forgotten.
    long refillNanos = (long) Math.ceil(burst / share.ratePerNano());
    this.buckets = Caffeine.newBuilder().maximumSize(MAX_BUCKETS)
        .expireAfterAccess(Duration.ofNanos(Math.max(refillNanos, 1_000_000_000L))).build();
  }

  /** Enforces 1/{@code nodes} of the rate and the burst from now on (never less than one request of burst). */
  public void share(int nodes) {
    share = new Share(ratePerSecond / 1e9 / nodes, Math.max(1.0, (double) burst / nodes));
  }

  /** Takes one request from the key's bucket: 0 when allowed, else the whole seconds to wait before retrying. */
  public long acquire(String key) {
    Share now = share;
    return buckets.get(key, k -> new Bucket(now.burst(), System.nanoTime())).take(System.nanoTime(), now);
  }

  private static final class Bucket {
    private double tokens;
    private long updatedAt;

    Bucket(double tokens, long updatedAt) {
      this.tokens = tokens;
      this.updatedAt = updatedAt;
    }

    synchronized long take(long now, Share share) {
      tokens = Math.min(share.burst(), tokens + (now - updatedAt) * share.ratePerNano());
      updatedAt = now;
      if (tokens >= 1) {
        tokens -= 1;
        return 0;
      }
      return Math.max(1, (long) Math.ceil((1 - tokens) / share.ratePerNano() / 1e9));
    }
  }
}
