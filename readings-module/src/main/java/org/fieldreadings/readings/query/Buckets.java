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
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.block.PointBlock;

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
public record Buckets(Aggregation aggregation, ZoneId zone, LocalTime dayStart) {

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
  BlockKind rollup() {
    return aggregation != Aggregation.HOUR && utc() ? BlockKind.DAYS : BlockKind.HOURS;
  }

  /** The bucket width in milliseconds when every bucket has the same (UTC hours and days), else 0. */
  long fixedWidth() {
    if (!utc()) {
      return 0;
    }
    return switch (aggregation) {
      case HOUR -> PointBlock.HOUR;
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
    if (aggregation == Aggregation.HOUR) {
      return t.atZone(zone).truncatedTo(ChronoUnit.HOURS).toInstant();
    }
    return start(firstDay(t));
  }

  /** The local date a (local) day, week or month bucket holding {@code t} is named by: its first day. */
  private LocalDate firstDay(Instant t) {
    ZonedDateTime local = t.atZone(zone);
    LocalDate day = local.toLocalDate();
    if (local.toLocalTime().isBefore(dayStart)) {
      day = day.minusDays(1);
    }
    LocalDate first = first(day);
    // A dayStart inside a DST gap begins later (even the next date): an instant before it is in the previous bucket.
    return start(first).isAfter(t) ? first(first.minusDays(1)) : first;
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
    return start(advance(firstDay(bucketStart), count));
  }

  /** The first local day of the bucket {@code count} buckets after the one beginning on {@code day}. */
  private LocalDate advance(LocalDate day, int count) {
    return switch (aggregation) {
      case DAY -> day.plusDays(count);
      case WEEK -> day.plusWeeks(count);
      case MONTH -> day.plusMonths(count);
      default -> throw new IllegalArgumentException("no buckets for " + aggregation);
    };
  }

  /** The first bucket boundary at or after {@code t}. */
  Instant ceil(Instant t) {
    Instant floor = floor(t);
    return floor.equals(t) ? t : next(floor);
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
    long[] boundaries = starts(from, to);
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

  /**
   * Whether {@code from} and every bucket boundary of {@code [from, to]} are multiples of {@code unitWidth}, known
   * without walking the buckets: UTC buckets start on UTC hours or midnights; local ones on whole local hours (at
   * {@code dayStart} but for hour buckets), which are UTC hours while the zone's offset is a whole number of hours.
   */
  boolean onUnits(Instant from, Instant to, long unitWidth) {
    if (Math.floorMod(from.toEpochMilli(), unitWidth) != 0) {
      return false;
    }
    if (utc()) {
      return (aggregation == Aggregation.HOUR ? PointBlock.HOUR : PointBlock.DAY) % unitWidth == 0;
    }
    boolean onTheHour = aggregation == Aggregation.HOUR
        || dayStart.toNanoOfDay() % (PointBlock.HOUR * 1_000_000) == 0;
    return unitWidth == PointBlock.HOUR && onTheHour && wholeHourOffsets(from, to);
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

  /**
   * The starts (epoch milliseconds) of the buckets that hold an instant of {@code [from, to]}, in order. Local days,
   * weeks and months are stepped in whole days while the zone's offset stays the same (a year of local days takes
   * a handful of zone rule lookups, not one per day); only a bucket whose step a transition cuts is computed from
   * the zone rules.
   */
  long[] starts(Instant from, Instant to) {
    long first = floor(from).toEpochMilli();
    long last = to.toEpochMilli();
    long width = aggregation == Aggregation.HOUR ? PointBlock.HOUR : fixedWidth();
    if (width > 0) {
      long[] starts = new long[Math.toIntExact((last - first) / width + 1)];
      for (int i = 0; i < starts.length; i++) {
        starts[i] = first + i * width;
      }
      return starts;
    }
    ZoneRules rules = zone.getRules();
    long[] starts = new long[16];
    int size = 0;
    LocalDate day = firstDay(Instant.ofEpochMilli(first));
    long start = first;
    long transition = nextTransition(rules, start, day);
    while (start <= last) {
      if (size == starts.length) {
        starts = Arrays.copyOf(starts, size * 2);
      }
      starts[size++] = start;
      LocalDate next = advance(day, 1);
      long stepped = start + (next.toEpochDay() - day.toEpochDay()) * PointBlock.DAY;
      day = next;
      if (stepped < transition) {
        start = stepped;
      } else {
        start = start(day).toEpochMilli();
        transition = nextTransition(rules, start, day);
      }
    }
    return Arrays.copyOf(starts, size);
  }

  /**
   * The instant from which stepping on from the bucket starting at {@code start} (on local date {@code day}) is no
   * longer safe: the zone's next transition, or at once if this start was moved by a DST gap (the next one is not).
   */
  private long nextTransition(ZoneRules rules, long start, LocalDate day) {
    Instant at = Instant.ofEpochMilli(start);
    if (!at.atZone(zone).toLocalDateTime().equals(day.atTime(dayStart))) {
      return start;
    }
    ZoneOffsetTransition next = rules.nextTransition(at);
    return next == null ? Long.MAX_VALUE : next.toEpochSecond() * 1000;
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
