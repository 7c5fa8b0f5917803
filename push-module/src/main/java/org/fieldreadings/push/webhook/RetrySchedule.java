package org.fieldreadings.push.webhook;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.fieldreadings.core.outbox.Backoff;

/**
 * The waits between a delivery's attempts: about 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 2 h, each
 * ±20 % so that the retries of many deliveries that failed together (a receiver's outage) spread out; no retry
 * after {@code webhooks.retry.for}.
 */
final class RetrySchedule {

  private static final List<Duration> WAITS = List.of(Duration.ofSeconds(5), Duration.ofSeconds(30),
      Duration.ofMinutes(2), Duration.ofMinutes(10), Duration.ofMinutes(30), Duration.ofHours(1));
  private static final Duration THEN = Duration.ofHours(2);
  private static final double JITTER = 0.2;

  private RetrySchedule() {}

  static Backoff within(Duration retryFor) {
    return (attempts, queued) -> {
      Duration wait = jittered(attempts <= WAITS.size() ? WAITS.get(attempts - 1) : THEN);
      return queued.plus(wait).compareTo(retryFor) > 0 ? Optional.empty() : Optional.of(wait);
    };
  }

  private static Duration jittered(Duration base) {
    double factor = 1 + ThreadLocalRandom.current().nextDouble(-JITTER, JITTER);
    return Duration.ofMillis(Math.round(base.toMillis() * factor));
  }
}
