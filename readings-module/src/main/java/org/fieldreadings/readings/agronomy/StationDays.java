package org.fieldreadings.readings.agronomy;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.fieldreadings.readings.block.Aggregates;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;
import org.fieldreadings.readings.block.RollupBlock;

/**
 * A station's readings gathered into local days and local hours: per input and day the count, sum, minimum and
 * maximum of its readings, and per local hour the count and sum of air temperature and humidity (the hourly means
 * VPD, dew point and chill hours are made of). Local hours are counted from the first day's local midnight. Where
 * every local day starts on a UTC hour (zones whose offset is a whole number of hours) they are UTC hours, and the
 * days are made of hour rollups ({@link #add(Input, Aggregates)}); otherwise (Asia/Kolkata) of readings
 * ({@link #add(Input, Points)}).
 */
final class StationDays {

  /** What the days are made of: the hours' counts, sums, minima and maxima. */
  static final Set<RollupBlock.Part> PARTS = EnumSet.of(RollupBlock.Part.SUM, RollupBlock.Part.MIN,
      RollupBlock.Part.MAX);

  private final LocalDate first;
  /** Local day d runs from starts[d] to starts[d + 1]. */
  private final long[] starts;
  private final long[][] counts;
  private final double[][] sums;
  private final double[][] mins;
  private final double[][] maxes;
  private final long[][] hourlyCounts;
  private final double[][] hourlySums;

  StationDays(LocalDate first, LocalDate last, ZoneId zone) {
    this.first = first;
    int days = Math.toIntExact(last.toEpochDay() - first.toEpochDay() + 1);
    starts = new long[days + 1];
    for (int d = 0; d <= days; d++) {
      starts[d] = first.plusDays(d).atStartOfDay(zone).toInstant().toEpochMilli();
    }
    int inputs = Input.values().length;
    counts = new long[inputs][days];
    sums = new double[inputs][days];
    mins = new double[inputs][days];
    maxes = new double[inputs][days];
    for (int i = 0; i < inputs; i++) {
      Arrays.fill(mins[i], Double.POSITIVE_INFINITY);
      Arrays.fill(maxes[i], Double.NEGATIVE_INFINITY);
    }
    int hours = Math.toIntExact((until() - from() + PointBlock.HOUR - 1) / PointBlock.HOUR);
    hourlyCounts = new long[2][hours];
    hourlySums = new double[2][hours];
  }

  /** The first millisecond of the first day. */
  long from() {
    return starts[0];
  }

  /** The first millisecond after the last day. */
  long until() {
    return starts[starts.length - 1];
  }

  /** Whether every local day starts on a UTC hour, so that hour rollups are local hours. */
  boolean hourAligned() {
    return Arrays.stream(starts).allMatch(start -> Math.floorMod(start, PointBlock.HOUR) == 0);
  }

  int days() {
    return starts.length - 1;
  }

  LocalDate date(int day) {
    return first.plusDays(day);
  }

  long start(int day) {
    return starts[day];
  }

  /** Adds the hours of {@code rollup} (an input's hour rollup block) that lie within the days. */
  void add(Input input, Aggregates rollup) {
    for (int i = 0; i < rollup.size(); i++) {
      long hour = rollup.bucket(i);
      if (hour >= from() && hour < until() && rollup.n(i) > 0) {
        add(input, hour, rollup.n(i), rollup.sum(i), rollup.min(i), rollup.max(i));
      }
    }
  }

  /** Adds the readings of {@code points} (an input's point block) that lie within the days. */
  void add(Input input, Points points) {
    for (int i = points.indexAtOrAfter(from()); i < points.size() && points.time(i) < until(); i++) {
      double value = points.value(i);
      add(input, points.time(i), 1, value, value, value);
    }
  }

  private void add(Input input, long time, long n, double sum, double min, double max) {
    int in = input.ordinal();
    int day = dayOf(time);
    counts[in][day] += n;
    sums[in][day] += sum;
    mins[in][day] = Math.min(mins[in][day], min);
    maxes[in][day] = Math.max(maxes[in][day], max);
    int hourly = input == Input.AIR_TEMP ? 0 : input == Input.AIR_HUM ? 1 : -1;
    if (hourly >= 0) {
      int hour = (int) ((time - from()) / PointBlock.HOUR);
      hourlyCounts[hourly][hour] += n;
      hourlySums[hourly][hour] += sum;
    }
  }

  private int dayOf(long time) {
    int found = Arrays.binarySearch(starts, time);
    return found >= 0 ? found : -found - 2;
  }

  boolean has(Input input, int day) {
    return counts[input.ordinal()][day] > 0;
  }

  double mean(Input input, int day) {
    return sums[input.ordinal()][day] / counts[input.ordinal()][day];
  }

  double min(Input input, int day) {
    return mins[input.ordinal()][day];
  }

  double max(Input input, int day) {
    return maxes[input.ordinal()][day];
  }

  /** Receives the hourly means of one hour of a day. */
  interface HourConsumer {
    void accept(double temperature, double humidity);
  }

  /** The hourly means of air temperature and humidity of the hours of {@code day} (NaN where one has none). */
  void hours(int day, HourConsumer consumer) {
    int from = (int) ((starts[day] - from() + PointBlock.HOUR - 1) / PointBlock.HOUR);
    int to = (int) Math.min(hourlyCounts[0].length, (starts[day + 1] - from() + PointBlock.HOUR - 1) / PointBlock.HOUR);
    for (int h = from; h < to; h++) {
      consumer.accept(hourlyMean(0, h), hourlyMean(1, h));
    }
  }

  private double hourlyMean(int hourly, int hour) {
    long n = hourlyCounts[hourly][hour];
    return n == 0 ? Double.NaN : hourlySums[hourly][hour] / n;
  }
}
