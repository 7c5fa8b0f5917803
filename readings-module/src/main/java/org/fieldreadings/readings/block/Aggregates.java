package org.fieldreadings.readings.block;

import java.util.Arrays;

/**
 * What every aggregation function needs of a series' readings in each of a run of buckets (UTC hours or days), as
 * parallel arrays in bucket order: count, sum, minimum, maximum, the last reading and its time, and for wind
 * directions ({@code circular}) the sums of sines and cosines that their circular mean is made of.
 */
public final class Aggregates {

  private final boolean circular;
  private long[] bucket;
  private long[] n;
  private double[] sum;
  private double[] min;
  private double[] max;
  private long[] lastTime;
  private double[] lastValue;
  private double[] sinSum;
  private double[] cosSum;
  private int size;

  public Aggregates(boolean circular) {
    this(circular, 32);
  }

  /** Aggregates with room for {@code capacity} buckets before they first grow. */
  public Aggregates(boolean circular, int capacity) {
    this.circular = circular;
    int length = Math.max(1, capacity);
    bucket = new long[length];
    n = new long[length];
    sum = new double[length];
    min = new double[length];
    max = new double[length];
    lastTime = new long[length];
    lastValue = new double[length];
    sinSum = new double[length];
    cosSum = new double[length];
  }

  /** After columns were decoded into the arrays. */
  void setSize(int size) {
    this.size = size;
  }

  /** Whether these aggregates, emptied, may take the decoded columns of a block of {@code size} entries. */
  boolean fits(boolean circular, int size) {
    return this.circular == circular && bucket.length >= size;
  }

  /**
   * The aggregates of {@code points[from, to)} in buckets {@code width} milliseconds wide, appended. Sums of
   * decimals are taken as whole numbers of their scale, so they are exact (12.1 + 12.2 is 24.3, not
   * 24.299999999999997).
   */
  public void summarize(Points points, int from, int to, long width) {
    int scale = DoubleColumn.scale(points.values(), from, to);
    boolean exact = !DoubleColumn.isRaw(scale);
    double power = exact ? DoubleColumn.power(scale) : 1;
    int i = from;
    while (i < to) {
      long start = Math.floorDiv(points.time(i), width) * width;
      long count = 0;
      long whole = 0;
      double total = 0;
      double least = Double.POSITIVE_INFINITY;
      double most = Double.NEGATIVE_INFINITY;
      double sines = 0;
      double cosines = 0;
      for (; i < to && points.time(i) < start + width; i++) {
        double value = points.value(i);
        count++;
        if (exact) {
          try {
            whole = Math.addExact(whole, Math.round(value * power));
          } catch (ArithmeticException overflow) {
            exact = false;
          }
        }
        total += value;
        least = Math.min(least, value);
        most = Math.max(most, value);
        if (circular) {
          double radians = Math.toRadians(value);
          sines += Math.sin(radians);
          cosines += Math.cos(radians);
        }
      }
      add(start, count, exact ? whole / power : total, least, most, points.time(i - 1), points.value(i - 1), sines,
          cosines);
    }
  }

  public void add(long bucketStart, long count, double total, double least, double most, long lastAt, double last,
      double sines, double cosines) {
    if (size == bucket.length) {
      grow();
    }
    bucket[size] = bucketStart;
    n[size] = count;
    sum[size] = total;
    min[size] = least;
    max[size] = most;
    lastTime[size] = lastAt;
    lastValue[size] = last;
    sinSum[size] = sines;
    cosSum[size] = cosines;
    size++;
  }

  /** Appends entry {@code i} of {@code other}. */
  public void add(Aggregates other, int i) {
    add(other.bucket[i], other.n[i], other.sum[i], other.min[i], other.max[i], other.lastTime[i], other.lastValue[i],
        other.sinSum[i], other.cosSum[i]);
  }

  /**
   * {@code fresh} in place of the entries of {@code stored} whose bucket lies in a replaced span (both in bucket
   * order; every bucket of {@code fresh} lies in a replaced span): how a rewritten day replaces its hours.
   */
  public static Aggregates spliced(Aggregates stored, Aggregates fresh, java.util.function.LongPredicate replaced) {
    Aggregates result = new Aggregates(fresh.circular, stored.size + fresh.size);
    int s = 0;
    int f = 0;
    while (s < stored.size || f < fresh.size) {
      if (s < stored.size && replaced.test(stored.bucket[s])) {
        s++;
      } else if (f < fresh.size && (s == stored.size || fresh.bucket[f] < stored.bucket[s])) {
        result.add(fresh, f++);
      } else {
        result.add(stored, s++);
      }
    }
    return result;
  }

  /** A copy of entries {@code [from, to)}. */
  public Aggregates range(int from, int to) {
    int size = to - from;
    Aggregates range = new Aggregates(circular, size);
    System.arraycopy(bucket, from, range.bucket, 0, size);
    System.arraycopy(n, from, range.n, 0, size);
    System.arraycopy(sum, from, range.sum, 0, size);
    System.arraycopy(min, from, range.min, 0, size);
    System.arraycopy(max, from, range.max, 0, size);
    System.arraycopy(lastTime, from, range.lastTime, 0, size);
    System.arraycopy(lastValue, from, range.lastValue, 0, size);
    System.arraycopy(sinSum, from, range.sinSum, 0, size);
    System.arraycopy(cosSum, from, range.cosSum, 0, size);
    range.size = size;
    return range;
  }

  private void grow() {
    int length = bucket.length * 2;
    bucket = Arrays.copyOf(bucket, length);
    n = Arrays.copyOf(n, length);
    sum = Arrays.copyOf(sum, length);
    min = Arrays.copyOf(min, length);
    max = Arrays.copyOf(max, length);
    lastTime = Arrays.copyOf(lastTime, length);
    lastValue = Arrays.copyOf(lastValue, length);
    sinSum = Arrays.copyOf(sinSum, length);
    cosSum = Arrays.copyOf(cosSum, length);
  }

  public boolean circular() {
    return circular;
  }

  public int size() {
    return size;
  }

  public long bucket(int i) {
    return bucket[i];
  }

  public long n(int i) {
    return n[i];
  }

  public double sum(int i) {
    return sum[i];
  }

  public double min(int i) {
    return min[i];
  }

  public double max(int i) {
    return max[i];
  }

  public long lastTime(int i) {
    return lastTime[i];
  }

  public double lastValue(int i) {
    return lastValue[i];
  }

  public double sinSum(int i) {
    return sinSum[i];
  }

  public double cosSum(int i) {
    return cosSum[i];
  }

  long[] buckets() {
    return bucket;
  }

  long[] counts() {
    return n;
  }

  double[] sums() {
    return sum;
  }

  double[] mins() {
    return min;
  }

  double[] maxes() {
    return max;
  }

  long[] lastTimes() {
    return lastTime;
  }

  double[] lastValues() {
    return lastValue;
  }

  double[] sinSums() {
    return sinSum;
  }

  double[] cosSums() {
    return cosSum;
  }
}
