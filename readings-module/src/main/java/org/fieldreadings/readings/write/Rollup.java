package org.fieldreadings.readings.write;

import java.util.ArrayList;
import java.util.List;

/**
 * One rollup row as the readings tables hold it: what every aggregation function needs of a series' points in
 * one UTC hour or day.
 */
record Rollup(int seriesId, long bucket, int n, double sum, double min, double max, long lastTs,
    double lastValue, double sinSum, double cosSum) {

  static final long HOUR = 3_600_000L;
  static final long DAY = 86_400_000L;

  /**
   * The rollups of {@code points} in buckets of {@code width} milliseconds (UTC hours or days), in the points'
   * order: by series, then bucket.
   */
  static List<Rollup> of(SeriesPoints points, long width) {
    List<Rollup> rollups = new ArrayList<>();
    int i = 0;
    while (i < points.size()) {
      int series = points.series(i);
      long bucket = Math.floorDiv(points.timestamp(i), width) * width;
      int n = 0;
      double sum = 0;
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      double sinSum = 0;
      double cosSum = 0;
      long lastTs = 0;
      double lastValue = 0;
      for (; i < points.size() && points.series(i) == series && points.timestamp(i) < bucket + width; i++) {
        double value = points.value(i);
        double radians = Math.toRadians(value);
        n++;
        sum += value;
        min = Math.min(min, value);
        max = Math.max(max, value);
        sinSum += Math.sin(radians);
        cosSum += Math.cos(radians);
        lastTs = points.timestamp(i);
        lastValue = value;
      }
      rollups.add(new Rollup(series, bucket, n, sum, min, max, lastTs, lastValue, sinSum, cosSum));
    }
    return rollups;
  }
}
