package org.fieldreadings.core.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;

/**
 * Token buckets per API key: {@code rate} requests per second sustained, bursts up to {@code burst}. Thread-safe
 * and shared by every edge instance of a node (a node-local limit).
 */
public final class KeyRateLimiter {

  private static final int MAX_BUCKETS = 100_000;

  private final double ratePerNano;
  private final double burst;
  private final Cache<String, Bucket> buckets;

  public KeyRateLimiter(int ratePerSecond, int burst) {
    this.ratePerNano = ratePerSecond / 1e9;
    this.burst = burst;
    // A bucket left alone until it would be full again is the same as a new one: it may be forgotten.
    long refillNanos = (long) Math.ceil(burst / ratePerNano);
    this.buckets = Caffeine.newBuilder().maximumSize(MAX_BUCKETS)
        .expireAfterAccess(Duration.ofNanos(Math.max(refillNanos, 1_000_000_000L))).build();
  }

  /** Takes one request from the key's bucket: 0 when allowed, else the whole seconds to wait before retrying. */
  public long acquire(String key) {
    return buckets.get(key, k -> new Bucket(burst, System.nanoTime())).take(System.nanoTime());
  }

  private final class Bucket {
    private double tokens;
    private long updatedAt;

    Bucket(double tokens, long updatedAt) {
      this.tokens = tokens;
      this.updatedAt = updatedAt;
    }

    synchronized long take(long now) {
      tokens = Math.min(burst, tokens + (now - updatedAt) * ratePerNano);
      updatedAt = now;
      if (tokens >= 1) {
        tokens -= 1;
        return 0;
      }
      return Math.max(1, (long) Math.ceil((1 - tokens) / ratePerNano / 1e9));
    }
  }
}
