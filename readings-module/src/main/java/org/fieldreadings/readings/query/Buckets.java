package org.fieldreadings.readings.query;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import org.fieldreadings.core.catalog.Aggregation;

/** UTC calendar buckets: hour, day, ISO week (Monday 00:00 UTC) and calendar month. A bucket is named by its start. */
final class Buckets {

  private Buckets() {}

  /** The start of the bucket holding {@code t}. */
  static Instant floor(Instant t, Aggregation aggregation) {
    ZonedDateTime utc = t.atZone(ZoneOffset.UTC);
    return switch (aggregation) {
      case HOUR -> utc.truncatedTo(ChronoUnit.HOURS).toInstant();
      case DAY -> utc.truncatedTo(ChronoUnit.DAYS).toInstant();
      case WEEK -> utc.truncatedTo(ChronoUnit.DAYS).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).toInstant();
      case MONTH -> utc.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1).toInstant();
      default -> throw new IllegalArgumentException("no buckets for " + aggregation);
    };
  }

  /** The start of the bucket after the one starting at {@code bucketStart}. */
  static Instant next(Instant bucketStart, Aggregation aggregation) {
    return advance(bucketStart, aggregation, 1);
  }

  /** The start of the bucket {@code count} buckets after the one starting at {@code bucketStart}. */
  static Instant advance(Instant bucketStart, Aggregation aggregation, int count) {
    ZonedDateTime utc = bucketStart.atZone(ZoneOffset.UTC);
    return switch (aggregation) {
      case HOUR -> utc.plusHours(count).toInstant();
      case DAY -> utc.plusDays(count).toInstant();
      case WEEK -> utc.plusWeeks(count).toInstant();
      case MONTH -> utc.plusMonths(count).toInstant();
      default -> throw new IllegalArgumentException("no buckets for " + aggregation);
    };
  }

  /** The first bucket boundary at or after {@code t}. */
  static Instant ceil(Instant t, Aggregation aggregation) {
    Instant floor = floor(t, aggregation);
    return floor.equals(t) ? t : next(floor, aggregation);
  }

  /** The PostgreSQL {@code date_trunc} field of the aggregation. */
  static String sqlField(Aggregation aggregation) {
    return switch (aggregation) {
      case HOUR -> "hour";
      case DAY -> "day";
      case WEEK -> "week";
      case MONTH -> "month";
      default -> throw new IllegalArgumentException("no buckets for " + aggregation);
    };
  }
}
