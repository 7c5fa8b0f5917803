package org.fieldreadings.readings.query;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.Arrays;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.RollupSpan;

/**
 * Calendar buckets of a time zone: hour, day, week (Monday) and month, the last three starting at {@code dayStart}
 * local time (DST-correct: a local day lasts 23, 24 or 25 hours). A bucket is named by the UTC instant of its start.
 * Hour buckets follow the zone's offset, so they start at :30 UTC in Asia/Kolkata; {@code dayStart} does not apply
 * to them.
 *
 * @param aggregation hour, day, week or month
 * @param zone the zone whose calendar the buckets follow
 * @param dayStart the local time at which day, week and month buckets begin
 */
record Buckets(Aggregation aggregation, ZoneId zone, LocalTime dayStart) {

  private static final long HOUR = 3_600_000L;

  /** UTC calendar buckets, the default. */
  static Buckets utc(Aggregation aggregation) {
    return new Buckets(aggregation, ZoneOffset.UTC, LocalTime.MIDNIGHT);
  }

  /** Whether these are UTC calendar buckets (computed without the zone rules, and days served by day rollups). */
  boolean utc() {
    return zone.normalized().equals(ZoneOffset.UTC)
        && (aggregation == Aggregation.HOUR || dayStart.equals(LocalTime.MIDNIGHT));
  }

  /**
   * The rollup that whole buckets are made of: UTC days for UTC days, weeks and months; otherwise UTC hours (whose
   * hours straddling a bucket boundary are read raw, see {@link #straddledDays}).
   */
  RollupSpan span() {
    return aggregation != Aggregation.HOUR && utc() ? RollupSpan.DAYS : RollupSpan.HOURS;
  }

  /** The bucket width in milliseconds when every bucket has the same (UTC hours and days), else 0. */
  long fixedWidth() {
    if (!utc()) {
      return 0;
    }
    return switch (aggregation) {
      case HOUR -> HOUR;
      case DAY -> PointBlock.DAY;
      default -> 0;
    };
  }

  /** The start of the bucket holding {@code t}. */
  Instant floor(Instant t) {
    if (utc()) {
      ZonedDateTime utc = t.atZone(ZoneOffset.UTC);
      return switch (aggregation) {
        case HOUR -> utc.truncatedTo(ChronoUnit.HOURS).toInstant();
        case DAY -> utc.truncatedTo(ChronoUnit.DAYS).toInstant();
        case WEEK -> utc.truncatedTo(ChronoUnit.DAYS).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
            .toInstant();
        case MONTH -> utc.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1).toInstant();
        default -> throw new IllegalArgumentException("no buckets for " + aggregation);
      };
    }
    ZonedDateTime local = t.atZone(zone);
    if (aggregation == Aggregation.HOUR) {
      return local.truncatedTo(ChronoUnit.HOURS).toInstant();
    }
    LocalDate day = local.toLocalDate();
    if (local.toLocalTime().isBefore(dayStart)) {
      day = day.minusDays(1);
    }
    Instant start = start(first(day));
    // A dayStart inside a DST gap begins later that day: an instant before it belongs to the previous bucket.
    return start.isAfter(t) ? start(first(first(day).minusDays(1))) : start;
  }

  /** The start of the bucket after the one starting at {@code bucketStart}. */
  Instant next(Instant bucketStart) {
    return advance(bucketStart, 1);
  }

  /** The start of the bucket {@code count} buckets after the one starting at {@code bucketStart}. */
  Instant advance(Instant bucketStart, int count) {
    if (aggregation == Aggregation.HOUR) {
      return bucketStart.plus(count, ChronoUnit.HOURS);
    }
    if (utc()) {
      ZonedDateTime utc = bucketStart.atZone(ZoneOffset.UTC);
      return switch (aggregation) {
        case DAY -> utc.plusDays(count).toInstant();
        case WEEK -> utc.plusWeeks(count).toInstant();
        case MONTH -> utc.plusMonths(count).toInstant();
        default -> throw new IllegalArgumentException("no buckets for " + aggregation);
      };
    }
    LocalDate day = bucketStart.atZone(zone).toLocalDate();
    return start(switch (aggregation) {
      case DAY -> day.plusDays(count);
      case WEEK -> day.plusWeeks(count);
      case MONTH -> day.plusMonths(count);
      default -> throw new IllegalArgumentException("no buckets for " + aggregation);
    });
  }

  /** The first bucket boundary at or after {@code t}. */
  Instant ceil(Instant t) {
    Instant floor = floor(t);
    return floor.equals(t) ? t : next(floor);
  }

  /** The starts of the buckets that hold an instant of {@code [from, to]}, in order. */
  long[] starts(Instant from, Instant to) {
    long width = fixedWidth();
    if (width == 0) {
      return walk(floor(from), to);
    }
    long first = floor(from).toEpochMilli();
    long[] starts = new long[Math.toIntExact((to.toEpochMilli() - first) / width + 1)];
    for (int i = 0; i < starts.length; i++) {
      starts[i] = first + i * width;
    }
    return starts;
  }

  /**
   * The UTC days (epoch days, ascending) of the rollup units of {@code [from, to]} that a bucket boundary cuts
   * (each boundary of {@code from}, the buckets' starts after it and {@code to} that is not a multiple of
   * {@code unitWidth}): their readings are read raw, since their rollup belongs to two buckets.
   */
  int[] straddledDays(Instant from, Instant to, long unitWidth) {
    if (onUnits(from, to, unitWidth)) {
      return new int[0];
    }
    long[] boundaries = walk(from, to);
    int[] days = new int[boundaries.length];
    int size = 0;
    for (long at : boundaries) {
      int day = Math.toIntExact(Math.floorDiv(at, PointBlock.DAY));
      if (Math.floorMod(at, unitWidth) != 0 && (size == 0 || days[size - 1] != day)) {
        days[size++] = day;
      }
    }
    return Arrays.copyOf(days, size);
  }

  /** {@code first} and the bucket starts after it up to {@code to}, stepping through the zone's calendar. */
  private long[] walk(Instant first, Instant to) {
    long[] starts = new long[32];
    int size = 0;
    for (Instant b = first; !b.isAfter(to); b = next(b)) {
      if (size == starts.length) {
        starts = Arrays.copyOf(starts, size * 2);
      }
      starts[size++] = b.toEpochMilli();
    }
    return Arrays.copyOf(starts, size);
  }

  /**
   * Whether {@code from} and every bucket boundary of {@code [from, to]} are multiples of {@code unitWidth}, known
   * without walking the buckets: UTC buckets start on UTC hours or midnights; local ones on whole local hours (at
   * {@code dayStart} but for hour buckets), which are UTC hours while the zone's offset is a whole number of hours.
   */
  private boolean onUnits(Instant from, Instant to, long unitWidth) {
    if (Math.floorMod(from.toEpochMilli(), unitWidth) != 0) {
      return false;
    }
    if (utc()) {
      return (aggregation == Aggregation.HOUR ? HOUR : PointBlock.DAY) % unitWidth == 0;
    }
    boolean onTheHour = aggregation == Aggregation.HOUR || dayStart.toNanoOfDay() % (HOUR * 1_000_000) == 0;
    return unitWidth == HOUR && onTheHour && wholeHourOffsets(from, to);
  }

  /**
   * Whether the zone's offset is a whole number of hours from a day before {@code from} (a boundary in a DST gap
   * falls where the offset before the gap puts it) to {@code to}.
   */
  private boolean wholeHourOffsets(Instant from, Instant to) {
    ZoneRules rules = zone.getRules();
    Instant since = from.minus(1, ChronoUnit.DAYS);
    if (rules.getOffset(since).getTotalSeconds() % 3600 != 0) {
      return false;
    }
    for (ZoneOffsetTransition t = rules.nextTransition(since); t != null && !t.getInstant().isAfter(to);
        t = rules.nextTransition(t.getInstant())) {
      if (t.getOffsetAfter().getTotalSeconds() % 3600 != 0) {
        return false;
      }
    }
    return true;
  }

  /** The day a bucket holding {@code day} begins on: itself, its week's Monday or its month's first day. */
  private LocalDate first(LocalDate day) {
    return switch (aggregation) {
      case DAY -> day;
      case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      case MONTH -> day.withDayOfMonth(1);
      default -> throw new IllegalArgumentException("no local days for " + aggregation);
    };
  }

  /** The instant {@code dayStart} of a local date begins (the earlier one in a DST overlap, later in a gap). */
  private Instant start(LocalDate day) {
    return ZonedDateTime.of(day, dayStart, zone).toInstant();
  }
}
