package org.fieldreadings.readings.write;

import java.util.List;

/** What a write stored in one series: {@code count} new or corrected readings between {@code from} and {@code to}. */
record StoredRange(int seriesId, long from, long to, long count) {

  /** How many readings the ranges hold. */
  static long total(List<StoredRange> ranges) {
    return ranges.stream().mapToLong(StoredRange::count).sum();
  }
}
