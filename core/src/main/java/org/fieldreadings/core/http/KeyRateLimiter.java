package org.fieldreadings.core.http;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Token buckets per API key: {@code rate} requests per second sustained, bursts up to {@code burst}. Thread-safe
 * and shared by every edge instance of a node (a node-local limit).
 */
public final class KeyRateLimiter {

  private static final int MAX_BUCKETS = 100_000;

  private final double ratePerNano;
  private final double burst;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  public KeyRateLimiter(int ratePerSecond, int burst) {
    this.ratePerNano = ratePerSecond / 1e9;
    this.burst = burst;
  }

  /** Takes one request from the key's bucket: 0 when allowed, else the whole seconds to wait before retrying. */
  public long acquire(String key) {
    if (buckets.size() >= MAX_BUCKETS) {
      buckets.clear();
    }
    return buckets.computeIfAbsent(key, k -> new Bucket(burst, System.nanoTime())).take(System.nanoTime());
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
