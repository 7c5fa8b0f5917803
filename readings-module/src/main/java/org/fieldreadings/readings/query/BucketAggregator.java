package org.fieldreadings.readings.query;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.fieldreadings.plugin.api.AggregationFunction;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.block.Aggregates;
import org.fieldreadings.readings.block.RollupBlock;

/**
 * The buckets of one aggregated window, per interface column: raw readings of the partial buckets at the window's
 * edges (and of the rollup hours a local bucket boundary cuts) and rollup entries (UTC hours, or UTC days for UTC
 * days, weeks and months) lying within one whole bucket are added up the same way, so either gives what the raw
 * computation would, and are then written in bucket order with each interface's {@link AggregationFunction}. A
 * window holds a bounded number of buckets (see {@link QueryWindow}), kept in flat arrays indexed by bucket and
 * column.
 */
final class BucketAggregator {

  /** What a mean or a sum is computed from. */
  private static final Set<RollupBlock.Part> SUMS = Collections.unmodifiableSet(EnumSet.of(RollupBlock.Part.SUM));

  private final List<SensorInterface> interfaces;
  private final int columns;
  /** The width of every bucket when they all have the same (UTC hours and days), else 0. */
  private final long width;
  /** Whether buckets without readings are written too (as rows of NaN, for gap filling). */
  private final boolean everyBucket;
  /** The start of every bucket of the window, in order. */
  private final long[] starts;
  private final long[] n;
  private final double[] sum;
  private final double[] max;
  private final long[] lastTime;
  private final double[] lastValue;
  private final double[] sinSum;
  private final double[] cosSum;
  /** The bucket found last (see {@link #bucket}). */
  private int recent;

  /** The buckets that hold an instant of {@code [start, end]}. */
  BucketAggregator(Buckets buckets, List<SensorInterface> interfaces, Instant start, Instant end,
      boolean everyBucket) {
    this.interfaces = interfaces;
    this.columns = interfaces.size();
    this.width = buckets.fixedWidth();
    this.everyBucket = everyBucket;
    starts = buckets.starts(start, end);
    int cells = starts.length * columns;
    n = new long[cells];
    sum = new double[cells];
    max = new double[cells];
    lastTime = new long[cells];
    lastValue = new double[cells];
    sinSum = new double[cells];
    cosSum = new double[cells];
  }

  /** Whether {@code from} and {@code to} lie in the same bucket (a rollup entry may then be added whole). */
  boolean sameBucket(long from, long to) {
    return bucket(from) == bucket(to);
  }

  void addReading(int column, long time, double value) {
    double radians = Math.toRadians(value);
    add(cell(time, column), 1, value, value, time, value, Math.sin(radians), Math.cos(radians));
  }

  /**
   * Adds the entries of rollup {@code a} (units {@code width} wide, in time order) that lie within
   * {@code [fullStart, fullEnd)} and within one bucket; the others' readings are read raw. Only the {@code parts}
   * of {@code a} (see {@link #partsOf}) are read: a mean or a sum adds counts and sums alone.
   */
  void addRollups(int column, Aggregates a, Set<RollupBlock.Part> parts, long fullStart, long fullEnd, long width) {
    boolean sumsOnly = parts.equals(SUMS);
    int b = -1;
    long bucketEnd = Long.MIN_VALUE;
    for (int i = 0; i < a.size(); i++) {
      long unit = a.bucket(i);
      if (unit < fullStart || unit + width > fullEnd) {
        continue;
      }
      if (unit >= bucketEnd) {
        b = bucket(unit);
        bucketEnd = b + 1 < starts.length ? starts[b + 1] : Long.MAX_VALUE;
      }
      if (unit + width > bucketEnd) {
        continue;
      }
      int cell = b * columns + column;
      if (sumsOnly) {
        n[cell] += a.n(i);
        sum[cell] += a.sum(i);
      } else {
        add(cell, a.n(i), a.sum(i), a.max(i), a.lastTime(i), a.lastValue(i), a.sinSum(i), a.cosSum(i));
      }
    }
  }

  /** The rollup columns that {@code function} is computed from, besides the counts. */
  static Set<RollupBlock.Part> partsOf(AggregationFunction function) {
    return switch (function) {
      case MEAN, SUM -> SUMS;
      case MAX -> EnumSet.of(RollupBlock.Part.MAX);
      case LAST -> EnumSet.of(RollupBlock.Part.LAST_TIME, RollupBlock.Part.LAST_VALUE);
      case CIRCULAR_MEAN -> EnumSet.of(RollupBlock.Part.SIN, RollupBlock.Part.COS);
    };
  }

  /** Writes the buckets that hold something (every bucket if asked to) as rows, in time order; absent values NaN. */
  void writeTo(RowSink rows) {
    double[] values = new double[columns];
    for (int b = 0; b < starts.length; b++) {
      boolean any = false;
      for (int c = 0; c < columns; c++) {
        int cell = b * columns + c;
        values[c] = n[cell] > 0 ? value(cell, interfaces.get(c)) : Double.NaN;
        any |= n[cell] > 0;
      }
      if (any || everyBucket) {
        rows.row(starts[b], values);
      }
    }
  }

  private int cell(long time, int column) {
    return bucket(time) * columns + column;
  }

  private int bucket(long time) {
    if (width > 0) {
      return (int) ((time - starts[0]) / width);
    }
    // Blocks come in time order, so the bucket is mostly the last one found or the next: search only when not.
    for (int b = recent; b <= recent + 1 && b < starts.length; b++) {
      if (time >= starts[b] && (b + 1 == starts.length || time < starts[b + 1])) {
        recent = b;
        return b;
      }
    }
    int i = Arrays.binarySearch(starts, time);
    int b = i >= 0 ? i : -i - 2;
    recent = Math.max(b, 0);
    return b;
  }

  private void add(int c, long count, double total, double most, long lastAt, double last, double sines,
      double cosines) {
    if (n[c] == 0 || most > max[c]) {
      max[c] = most;
    }
    if (n[c] == 0 || lastAt > lastTime[c]) {
      lastTime[c] = lastAt;
      lastValue[c] = last;
    }
    n[c] += count;
    sum[c] += total;
    sinSum[c] += sines;
    cosSum[c] += cosines;
  }

  private double value(int c, SensorInterface iface) {
    return switch (iface.aggregation()) {
      case MEAN -> sum[c] / n[c];
      case SUM -> sum[c];
      case MAX -> max[c];
      case LAST -> lastValue[c];
      case CIRCULAR_MEAN -> circularMean(sinSum[c], cosSum[c], iface.decimals());
    };
  }

  /**
   * The direction of the summed unit vectors in degrees, rounded to {@code decimals} (the interface's resolution,
   * as it is served) within [0, 360): a mean of 359.97 at one decimal is north, 0, not 360.0.
   */
  static double circularMean(double sinSum, double cosSum, int decimals) {
    double degrees = Math.toDegrees(Math.atan2(sinSum, cosSum));
    double step = Math.pow(10, decimals);
    double rounded = Math.round((degrees < 0 ? degrees + 360 : degrees) * step) / step;
    return rounded >= 360 ? 0 : rounded;
  }
}
