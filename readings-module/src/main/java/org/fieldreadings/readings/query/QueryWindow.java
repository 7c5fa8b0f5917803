package org.fieldreadings.readings.query;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.catalog.Aggregation;

/**
 * One slice of a period, queried and written before the next one is read, so memory stays bounded whatever the
 * period. Aggregated slices hold whole buckets; {@code fullStart}/{@code fullEnd} delimit the buckets that lie
 * wholly inside the period (served from rollups), the rest of the slice is read raw.
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

  /** Rows an aggregated slice aims at: buckets times interfaces. */
  private static final int AGGREGATED_ROWS_PER_WINDOW = 20_000;

  /** Buckets per aggregated slice: as many as keep the slice near its row target, at least a week's worth. */
  private static int bucketsPerWindow(Aggregation aggregation, int interfaces) {
    int least = switch (aggregation) {
      case HOUR -> 24 * 7;
      case DAY -> 7;
      default -> 1;
    };
    return Math.max(least, AGGREGATED_ROWS_PER_WINDOW / interfaces);
  }

  /** The slices of a period for an aggregation, in time order. */
  static List<QueryWindow> plan(Instant start, Instant end, Aggregation aggregation, int interfaces) {
    List<QueryWindow> windows = new ArrayList<>();
    if (aggregation == Aggregation.NONE) {
      Duration length = Duration.ofMinutes(Math.max(SHORTEST_RAW_WINDOW.toMinutes(),
          RAW_ROWS_PER_WINDOW / interfaces));
      for (Instant from = start; !from.isAfter(end); from = from.plus(length)) {
        Instant to = from.plus(length).minusMillis(1);
        windows.add(new QueryWindow(from, to.isAfter(end) ? end : to, null, null));
      }
      return windows;
    }
    // Whole buckets inside [start, end] are those in [ceil(start), floor(end + 1 ms)).
    Instant fullStart = Buckets.ceil(start, aggregation);
    Instant fullEnd = Buckets.floor(end.plusMillis(1), aggregation);
    int perWindow = bucketsPerWindow(aggregation, interfaces);
    Instant bucket = Buckets.floor(start, aggregation);
    while (!bucket.isAfter(end)) {
      Instant windowEnd = Buckets.advance(bucket, aggregation, perWindow);
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
