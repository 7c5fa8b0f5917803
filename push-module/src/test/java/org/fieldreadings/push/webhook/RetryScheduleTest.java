package org.fieldreadings.push.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.fieldreadings.core.outbox.Backoff;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

  private final Backoff schedule = RetrySchedule.within(Duration.ofDays(1));

  @Test
  void theWaitsGrowFromFiveSecondsToTwoHoursEachWithinTwentyPercent() {
    List<Duration> expected = List.of(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMinutes(2),
        Duration.ofMinutes(10), Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(2),
        Duration.ofHours(2));
    for (int attempts = 1; attempts <= expected.size(); attempts++) {
      long base = expected.get(attempts - 1).toMillis();
      for (int i = 0; i < 50; i++) {
        assertThat(schedule.next(attempts, Duration.ZERO).orElseThrow().toMillis()).as("after attempt " + attempts)
            .isBetween(Math.round(base * 0.8), Math.round(base * 1.2));
      }
    }
  }

  @Test
  void noRetryIsDueAfterTheRetryPeriod() {
    assertThat(schedule.next(2, Duration.ofHours(23).plusMinutes(59).plusSeconds(40))).isEmpty();
    assertThat(schedule.next(2, Duration.ofHours(23))).isPresent();
  }
}
