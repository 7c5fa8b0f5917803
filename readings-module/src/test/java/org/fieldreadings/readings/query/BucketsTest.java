package org.fieldreadings.readings.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.readings.block.PointBlock.HOUR;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.readings.block.PointBlock;
import org.junit.jupiter.api.Test;

class BucketsTest {

  private static final Instant YEAR_START = Instant.parse("2024-01-01T00:00:00Z");
  private static final Instant YEAR_END = Instant.parse("2025-01-01T00:00:00Z");
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

  @Test
  void startsOfFixedWidthBucketsAreEvenlySpaced() {
    assertThat(Buckets.utc(Aggregation.HOUR).starts(Instant.parse("2024-05-01T10:30:00Z"),
        Instant.parse("2024-05-01T12:00:00Z")))
        .containsExactly(millis("2024-05-01T10:00:00Z"), millis("2024-05-01T11:00:00Z"),
            millis("2024-05-01T12:00:00Z"));
  }

  @Test
  void localDaysOfAWholeHourZoneStraddleNoHour() {
    Buckets lisbonDays = new Buckets(Aggregation.DAY, ZoneId.of("Europe/Lisbon"), LocalTime.MIDNIGHT);
    assertThat(lisbonDays.straddledDays(lisbonDays.ceil(YEAR_START), lisbonDays.floor(YEAR_END), HOUR)).isEmpty();
  }

  @Test
  void daysStartingOffTheHourStraddleAnHourOfEachDay() {
    Buckets kolkataDays = new Buckets(Aggregation.DAY, ZoneId.of("Asia/Kolkata"), LocalTime.MIDNIGHT);
    assertThat(kolkataDays.straddledDays(Instant.parse("2024-03-01T18:30:00Z"),
        Instant.parse("2024-03-03T18:30:00Z"), HOUR)).containsExactly(day("2024-03-01"), day("2024-03-02"),
            day("2024-03-03"));
  }

  @Test
  void straddledDaysAreTheDaysOfTheBoundariesOffTheUnitsInEveryZone() {
    for (String id : ZoneId.getAvailableZoneIds()) {
      for (Aggregation aggregation : List.of(Aggregation.HOUR, Aggregation.DAY, Aggregation.WEEK,
          Aggregation.MONTH)) {
        for (LocalTime dayStart : List.of(LocalTime.MIDNIGHT, LocalTime.of(6, 0), LocalTime.of(6, 30))) {
          Buckets buckets = new Buckets(aggregation, ZoneId.of(id), dayStart);
          Instant from = buckets.ceil(YEAR_START);
          Instant to = buckets.floor(aggregation == Aggregation.HOUR ? YEAR_START.plusSeconds(86_400 * 40)
              : YEAR_END);
          assertStraddledAsWalked(buckets, from, to);
        }
      }
    }
  }

  @Test
  void straddledDaysFollowAnOffsetTurningFromOrToWholeHours() {
    // Caracas went from -4:00 to -4:30 on 9 December 2007; Lisbon from its mean time (-0:36:45) to 0:00 in 1912.
    Buckets caracas = new Buckets(Aggregation.DAY, ZoneId.of("America/Caracas"), LocalTime.MIDNIGHT);
    assertStraddledAsWalked(caracas, caracas.ceil(Instant.parse("2007-11-01T00:00:00Z")),
        caracas.floor(Instant.parse("2008-01-01T00:00:00Z")));
    Buckets lisbon = new Buckets(Aggregation.DAY, ZoneId.of("Europe/Lisbon"), LocalTime.MIDNIGHT);
    assertStraddledAsWalked(lisbon, lisbon.ceil(Instant.parse("1911-12-01T00:00:00Z")),
        lisbon.floor(Instant.parse("1912-02-01T00:00:00Z")));
    // Its first midnight at -4:30 is 10 December's, 04:30 UTC.
    assertThat(caracas.straddledDays(caracas.ceil(Instant.parse("2007-11-01T00:00:00Z")),
        caracas.floor(Instant.parse("2008-01-01T00:00:00Z")), HOUR)).startsWith(day("2007-12-10"));
  }

  private static void assertStraddledAsWalked(Buckets buckets, Instant from, Instant to) {
    long width = buckets.rollup().width();
    assertThat(buckets.straddledDays(from, to, width)).as("%s %s", buckets, from)
        .containsExactly(walked(buckets, from, to, width));
  }

  /** The days of the boundaries of {@code [from, to]} off the units, found by walking every bucket. */
  private static int[] walked(Buckets buckets, Instant from, Instant to, long width) {
    List<Integer> days = new ArrayList<>();
    for (Instant b = from; !b.isAfter(to); b = buckets.next(b)) {
      int day = (int) Math.floorDiv(b.toEpochMilli(), PointBlock.DAY);
      if (b.toEpochMilli() % width != 0 && (days.isEmpty() || days.get(days.size() - 1) != day)) {
        days.add(day);
      }
    }
    return days.stream().mapToInt(Integer::intValue).toArray();
  }

  private static long millis(String instant) {
    return Instant.parse(instant).toEpochMilli();
  }

  private static int day(String date) {
    return (int) LocalDate.parse(date).toEpochDay();
  }
}
