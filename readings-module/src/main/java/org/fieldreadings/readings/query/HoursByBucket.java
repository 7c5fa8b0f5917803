package org.fieldreadings.readings.query;

import java.time.Instant;
import org.fieldreadings.readings.block.Aggregates;

/**
 * The hours of a rollup block gathered by the local buckets (days, weeks, months of a zone whose bucket boundaries
 * are all UTC hours) they fall in: a year of local days adds some 400 entries instead of 8,784 hours. Each entry is
 * at its first hour and adds up its hours in time order, as {@link BucketAggregator} would one by one; the hours of
 * a bucket that began before the block stay single, so that a bucket's cell receives the very same additions in the
 * very same order either way, and answers do not differ in the last bit.
 */
final class HoursByBucket {

  private HoursByBucket() {}

  static Aggregates of(Aggregates hours, Buckets buckets) {
    Aggregates gathered = new Aggregates(hours.circular());
    int size = hours.size();
    if (size == 0) {
      return gathered;
    }
    long first = hours.bucket(0);
    long[] starts = buckets.starts(Instant.ofEpochMilli(first), Instant.ofEpochMilli(hours.bucket(size - 1)));
    int b = 0;
    int i = 0;
    while (i < size) {
      while (b + 1 < starts.length && starts[b + 1] <= hours.bucket(i)) {
        b++;
      }
      long end = b + 1 < starts.length ? starts[b + 1] : Long.MAX_VALUE;
      if (starts[b] < first) {
        for (; i < size && hours.bucket(i) < end; i++) {
          gathered.add(hours, i);
        }
        continue;
      }
      int from = i;
      long n = 0;
      double sum = 0;
      double min = 0;
      double max = 0;
      long lastTime = 0;
      double lastValue = 0;
      double sines = 0;
      double cosines = 0;
      for (; i < size && hours.bucket(i) < end; i++) {
        if (i == from || hours.min(i) < min) {
          min = hours.min(i);
        }
        if (i == from || hours.max(i) > max) {
          max = hours.max(i);
        }
        if (i == from || hours.lastTime(i) > lastTime) {
          lastTime = hours.lastTime(i);
          lastValue = hours.lastValue(i);
        }
        n += hours.n(i);
        sum += hours.sum(i);
        sines += hours.sinSum(i);
        cosines += hours.cosSum(i);
      }
      gathered.add(hours.bucket(from), n, sum, min, max, lastTime, lastValue, sines, cosines);
    }
    return gathered;
  }
}
