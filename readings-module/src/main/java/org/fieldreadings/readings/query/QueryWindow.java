package org.fieldreadings.readings.query;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.readings.block.BlockKind;

/**
 * One slice of a period, queried and written before the next one is read, so memory stays bounded whatever the
 * period. Aggregated slices hold whole buckets; {@code fullStart}/{@code fullEnd} delimit the buckets that lie
 * wholly inside the period (served from rollups, but for the rollup hours a local bucket boundary cuts, see
 * {@link Buckets#straddledDays}), the rest of the slice is read raw.
 *
 * @param start first instant (inclusive)
 * @param end last instant (inclusive)
 * @param fullStart start of the first whole bucket (aggregated slices)
 * @param fullEnd end (exclusive) of the last whole bucket (aggregated slices)
 */
record QueryWindow(Instant start, Instant end, Instant fullStart, Instant fullEnd) {

  /** Raw rows a slice aims at, assuming one reading a minute per interface (the densest data we expect). */
  private static final long RAW_ROWS_PER_WINDOW = 20_000;
  private static final Duration SHORTEST_RAW_WINDOW = Duration.ofHours(1);
  private static final long MINUTES_A_DAY = 1440;

  /** Rows an aggregated slice aims at: buckets times interfaces. */
  private static final int AGGREGATED_ROWS_PER_WINDOW = 20_000;

  /**
   * Buckets per aggregated slice: as many as keep the slice near its row target, at least a week's worth. Days,
   * weeks and months made of hour rollups (local time) read 24 times as many rollup entries, so their slices hold
   * that many fewer buckets.
   */
  private static int bucketsPerWindow(Buckets buckets, int interfaces) {
    Aggregation aggregation = buckets.aggregation();
    int least = switch (aggregation) {
      case HOUR -> 24 * 7;
      case DAY -> 7;
      default -> 1;
    };
    int hoursPerEntry = aggregation != Aggregation.HOUR && buckets.rollup() == BlockKind.HOURS ? 24 : 1;
    return Math.max(least, AGGREGATED_ROWS_PER_WINDOW / interfaces / hoursPerEntry);
  }

  /** The slices of a period for an aggregation in UTC buckets, in time order. */
  static List<QueryWindow> plan(Instant start, Instant end, Aggregation aggregation, int interfaces) {
    return plan(start, end, aggregation, aggregation == Aggregation.NONE ? null : Buckets.utc(aggregation),
        interfaces);
  }

  /** The slices of a period for an aggregation ({@code buckets} null for none), in time order. */
  static List<QueryWindow> plan(Instant start, Instant end, Aggregation aggregation, Buckets buckets,
      int interfaces) {
    List<QueryWindow> windows = new ArrayList<>();
    if (aggregation == Aggregation.NONE) {
      // Readings are stored by UTC day, so raw slices are whole days (the first and last cut to the period).
      long minutes = Math.max(SHORTEST_RAW_WINDOW.toMinutes(), RAW_ROWS_PER_WINDOW / interfaces);
      long days = Math.max(1, (minutes + MINUTES_A_DAY - 1) / MINUTES_A_DAY);
      for (Instant from = start; !from.isAfter(end); ) {
        Instant to = from.truncatedTo(ChronoUnit.DAYS).plus(days, ChronoUnit.DAYS).minusMillis(1);
        windows.add(new QueryWindow(from, to.isAfter(end) ? end : to, null, null));
        from = to.plusMillis(1);
      }
      return windows;
    }
    // Whole buckets inside [start, end] are those in [ceil(start), floor(end + 1 ms)).
    Instant fullStart = buckets.ceil(start);
    Instant fullEnd = buckets.floor(end.plusMillis(1));
    int perWindow = bucketsPerWindow(buckets, interfaces);
    Instant bucket = buckets.floor(start);
    while (!bucket.isAfter(end)) {
      Instant windowEnd = buckets.advance(bucket, perWindow);
      Instant from = bucket.isBefore(start) ? start : bucket;
      Instant to = windowEnd.minusMillis(1).isAfter(end) ? end : windowEnd.minusMillis(1);
      Instant wholeFrom = fullStart.isAfter(bucket) ? fullStart : bucket;
      Instant wholeTo = fullEnd.isBefore(windowEnd) ? fullEnd : windowEnd;
      if (!wholeFrom.isBefore(wholeTo)) {
        // No whole bucket in this slice: all of it is read raw.
        wholeFrom = to.plusMillis(1);
        wholeTo = wholeFrom;
      }
      windows.add(new QueryWindow(from, to, wholeFrom, wholeTo));
      bucket = windowEnd;
    }
    return windows;
  }
}
