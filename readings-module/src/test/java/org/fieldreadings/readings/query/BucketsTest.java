package org.fieldreadings.readings.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.catalog.Aggregation;
import org.junit.jupiter.api.Test;

class BucketsTest {

  private static final Instant FROM = Instant.parse("2023-12-30T17:45:00Z");
  private static final Instant TO = Instant.parse("2025-01-02T06:00:00Z");
  private static final List<LocalTime> DAY_STARTS = List.of(LocalTime.MIDNIGHT, LocalTime.of(2, 30),
      LocalTime.of(9, 30), LocalTime.of(23, 30));

  @Test
  void bucketStartsSteppedThroughEveryZoneAreThoseOfTheZoneRules() {
    for (String id : ZoneId.getAvailableZoneIds()) {
      for (Aggregation aggregation : List.of(Aggregation.DAY, Aggregation.WEEK, Aggregation.MONTH)) {
        for (LocalTime dayStart : DAY_STARTS) {
          Buckets buckets = new Buckets(aggregation, ZoneId.of(id), dayStart);
          assertThat(buckets.starts(FROM, TO)).as(buckets.toString()).containsExactly(oneByOne(buckets, FROM, TO));
        }
      }
    }
  }

  @Test
  void hourStartsFollowTheZonesOffset() {
    Buckets kolkata = new Buckets(Aggregation.HOUR, ZoneId.of("Asia/Kolkata"), LocalTime.MIDNIGHT);
    assertThat(kolkata.starts(Instant.parse("2024-06-15T00:10:00Z"), Instant.parse("2024-06-15T02:30:00Z")))
        .containsExactly(Instant.parse("2024-06-14T23:30:00Z").toEpochMilli(),
            Instant.parse("2024-06-15T00:30:00Z").toEpochMilli(), Instant.parse("2024-06-15T01:30:00Z").toEpochMilli(),
            Instant.parse("2024-06-15T02:30:00Z").toEpochMilli());
  }

  @Test
  void aLisbonDayAcrossTheSpringTransitionLastsTwentyThreeHours() {
    Buckets lisbon = new Buckets(Aggregation.DAY, ZoneId.of("Europe/Lisbon"), LocalTime.MIDNIGHT);
    long[] starts = lisbon.starts(Instant.parse("2024-03-30T12:00:00Z"), Instant.parse("2024-04-01T12:00:00Z"));
    assertThat(starts).containsExactly(Instant.parse("2024-03-30T00:00:00Z").toEpochMilli(),
        Instant.parse("2024-03-31T00:00:00Z").toEpochMilli(), Instant.parse("2024-03-31T23:00:00Z").toEpochMilli());
  }

  @Test
  void aDayStartPushedPastMidnightByADstGapStillLeavesTheNextDayItsBucket() {
    // Nuuk springs from -02:00 to -01:00 at 23:00 on 2024-03-30: that day's 23:30 is 00:30 of the 31st.
    Buckets nuuk = new Buckets(Aggregation.DAY, ZoneId.of("America/Nuuk"), LocalTime.of(23, 30));
    long[] starts = nuuk.starts(Instant.parse("2024-03-30T12:00:00Z"), Instant.parse("2024-04-01T12:00:00Z"));
    assertThat(starts).containsExactly(Instant.parse("2024-03-30T01:30:00Z").toEpochMilli(),
        Instant.parse("2024-03-31T01:30:00Z").toEpochMilli(), Instant.parse("2024-04-01T00:30:00Z").toEpochMilli());
  }

  /** The reference: every bucket from the zone rules, one {@link Buckets#next} at a time. */
  private static long[] oneByOne(Buckets buckets, Instant from, Instant to) {
    List<Long> starts = new ArrayList<>();
    for (Instant b = buckets.floor(from); !b.isAfter(to); b = buckets.next(b)) {
      starts.add(b.toEpochMilli());
    }
    return starts.stream().mapToLong(Long::longValue).toArray();
  }
}
