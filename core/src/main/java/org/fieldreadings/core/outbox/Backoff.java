package org.fieldreadings.core.outbox;

import java.time.Duration;
import java.util.Optional;

/** When an outbox row whose attempt failed is tried again. */
@FunctionalInterface
public interface Backoff {

  /**
   * The wait before the next attempt after {@code attempts} failed ones, the row having been queued for
   * {@code queued}; empty to give up.
   */
  Optional<Duration> next(int attempts, Duration queued);

  /** {@code first}, doubling after each failed attempt up to {@code longest}; never gives up. */
  static Backoff exponential(Duration first, Duration longest) {
    return (attempts, queued) -> {
      Duration wait = first.multipliedBy(1L << Math.min(attempts - 1, 20));
      return Optional.of(wait.compareTo(longest) > 0 ? longest : wait);
    };
  }
}
