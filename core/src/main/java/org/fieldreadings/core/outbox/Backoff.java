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
}
