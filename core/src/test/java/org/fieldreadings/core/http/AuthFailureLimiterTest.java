package org.fieldreadings.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AuthFailureLimiterTest {

  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final AuthFailureLimiter limiter = new AuthFailureLimiter(3, now::get);

  @Test
  void anAddressIsRefusedForTheRestOfTheMinuteOnceItReachedTheLimit() {
    for (int i = 0; i < 3; i++) {
      assertThat(limiter.retryAfter("203.0.113.9")).isZero();
      limiter.failed("203.0.113.9");
    }
    assertThat(limiter.retryAfter("203.0.113.9")).isEqualTo(60);
    now.addAndGet(TimeUnit.MILLISECONDS.toNanos(20_500));
    assertThat(limiter.retryAfter("203.0.113.9")).isEqualTo(40);
    now.addAndGet(TimeUnit.MILLISECONDS.toNanos(39_000));
    assertThat(limiter.retryAfter("203.0.113.9")).isEqualTo(1);
    now.addAndGet(TimeUnit.MILLISECONDS.toNanos(500));
    assertThat(limiter.retryAfter("203.0.113.9")).isZero();
  }

  @Test
  void otherAddressesAreNotAffected() {
    for (int i = 0; i < 3; i++) {
      limiter.failed("203.0.113.9");
    }
    assertThat(limiter.retryAfter("203.0.113.10")).isZero();
  }

  @Test
  void aNewWindowStartsWithTheFirstFailureAfterTheOldOneEnded() {
    limiter.failed("203.0.113.9");
    limiter.failed("203.0.113.9");
    now.addAndGet(TimeUnit.SECONDS.toNanos(61));
    limiter.failed("203.0.113.9");
    limiter.failed("203.0.113.9");
    assertThat(limiter.retryAfter("203.0.113.9")).isZero();
    limiter.failed("203.0.113.9");
    assertThat(limiter.retryAfter("203.0.113.9")).isEqualTo(60);
  }

  @Test
  void theAddressesOfOneIpv6Slash64ShareABudget() {
    for (int i = 0; i < 3; i++) {
      limiter.failed("2001:db8:1:2::" + (i + 1));
    }
    assertThat(limiter.retryAfter("2001:db8:1:2:ffff:ffff:ffff:ffff")).isEqualTo(60);
    assertThat(limiter.retryAfter("2001:db8:1:3::1")).isZero();
  }

  @Test
  void anIpv4MappedAddressSharesTheBudgetOfItsIpv4Address() {
    for (int i = 0; i < 3; i++) {
      limiter.failed("::ffff:203.0.113.9");
    }
    assertThat(limiter.retryAfter("203.0.113.9")).isEqualTo(60);
    assertThat(limiter.retryAfter("203.0.113.8")).isZero();
  }
}
