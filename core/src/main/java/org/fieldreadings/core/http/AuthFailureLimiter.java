package org.fieldreadings.core.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.netty.util.NetUtil;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Failed authentications per client address (an IPv6 address counts for its whole /64, which one subscriber
 * usually holds; an IPv4 address for itself), in one-minute windows opened by an address's first failure: once an
 * address has failed {@code perMinute} times, it is refused (429) without a lookup until its window ends. Bounded:
 * the least useful windows are dropped first when too many addresses fail at once. Thread-safe; one per node.
 */
public final class AuthFailureLimiter {

  private static final int MAX_ADDRESSES = 100_000;
  private static final long WINDOW_NANOS = Duration.ofMinutes(1).toNanos();

  private static final byte[] IPV4_MAPPED = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1};

  private final int perMinute;
  private final LongSupplier clock;
  private final Cache<String, Window> windows = Caffeine.newBuilder()
      .maximumSize(MAX_ADDRESSES).expireAfterWrite(Duration.ofNanos(WINDOW_NANOS)).build();

  private record Window(long start, int failures) {}

  public AuthFailureLimiter(int perMinute) {
    this(perMinute, System::nanoTime);
  }

  AuthFailureLimiter(int perMinute, LongSupplier clock) {
    this.perMinute = perMinute;
    this.clock = clock;
  }

  /** 0 when the address may try to authenticate, else the whole seconds until its window ends. */
  public long retryAfter(String address) {
    Window window = windows.getIfPresent(budgetOf(address));
    if (window == null || window.failures() < perMinute) {
      return 0;
    }
    long left = window.start() + WINDOW_NANOS - clock.getAsLong();
    return left <= 0 ? 0 : Math.max(1, (left + 999_999_999) / 1_000_000_000);
  }

  /** Counts one failed authentication of the address. */
  public void failed(String address) {
    long now = clock.getAsLong();
    windows.asMap().compute(budgetOf(address), (a, window) -> window == null || now - window.start() >= WINDOW_NANOS
        ? new Window(now, 1) : new Window(window.start(), window.failures() + 1));
  }

  /** The budget an address draws on: its /64 for IPv6 (an IPv4-mapped one is its IPv4 address), else itself. */
  static String budgetOf(String address) {
    if (address.indexOf(':') < 0) {
      return address;
    }
    byte[] bytes = NetUtil.createByteArrayFromIpAddressString(address);
    if (bytes == null) {
      return address;
    }
    if (bytes.length == 4 || Arrays.mismatch(bytes, 0, 12, IPV4_MAPPED, 0, 12) < 0) {
      return NetUtil.bytesToIpAddress(bytes, bytes.length - 4, 4);
    }
    Arrays.fill(bytes, 8, 16, (byte) 0);
    return NetUtil.bytesToIpAddress(bytes) + "/64";
  }
}
