package org.fieldreadings.readings.write;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.Set;
import org.fieldreadings.core.bus.DeviceRef;

/**
 * A batch's readings as columns: their times and values in primitive arrays, and runs of consecutive readings of one
 * series sharing one {@link ReadingSeries}. Parsers and decoders append to a {@link Builder}, so a batch of many
 * thousand readings is a few arrays rather than an object a reading. As a list it shows each reading as a
 * {@link Reading}, made when asked for.
 */
public final class ReadingColumns extends AbstractList<Reading> implements RandomAccess {

  private static final ReadingColumns EMPTY = new Builder(0).build();

  private final long[] timestamps;
  private final double[] values;
  private final int size;
  private final ReadingSeries[] runSeries;
  /** Where each run ends (exclusive), ascending: run {@code r} is {@code [runEnd[r - 1], runEnd[r])}. */
  private final int[] runEnd;
  private final int runs;

  private ReadingColumns(Builder builder) {
    timestamps = builder.timestamps;
    values = builder.values;
    size = builder.size;
    runSeries = builder.runSeries;
    runEnd = builder.runEnd;
    runs = builder.runs;
  }

  /** The columns of readings given one by one. */
  public static ReadingColumns of(List<Reading> readings) {
    if (readings instanceof ReadingColumns columns) {
      return columns;
    }
    Builder builder = new Builder(readings.size());
    ReadingSeries series = null;
    Reading previous = null;
    for (Reading reading : readings) {
      if (!reading.sameSeries(previous)) {
        series = new ReadingSeries(reading.device(), reading.connectorId(), reading.iface());
      }
      builder.add(series, reading.timestamp(), reading.value());
      previous = reading;
    }
    return builder.build();
  }

  static ReadingColumns empty() {
    return EMPTY;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public Reading get(int index) {
    ReadingSeries series = runSeries[runOf(index)];
    return new Reading(series.device(), series.connectorId(), series.iface(), timestamps[index], values[index]);
  }

  long timestamp(int index) {
    return timestamps[index];
  }

  double value(int index) {
    return values[index];
  }

  /** The times, {@code [0, size)} of them readings': shared, not copied, as nothing changes them once built. */
  long[] timestamps() {
    return timestamps;
  }

  /** The values, as {@link #timestamps()}. */
  double[] values() {
    return values;
  }

  /** The number of runs: each a maximal stretch of consecutive readings of one series. */
  int runs() {
    return runs;
  }

  ReadingSeries series(int run) {
    return runSeries[run];
  }

  int runStart(int run) {
    return run == 0 ? 0 : runEnd[run - 1];
  }

  int runEnd(int run) {
    return runEnd[run];
  }

  /** These readings but those of {@code devices}; {@code dropped} adds up each such device's readings left out. */
  ReadingColumns without(Set<DeviceRef> devices, Map<DeviceRef, Integer> dropped) {
    Builder kept = new Builder(size);
    for (int run = 0; run < runs; run++) {
      ReadingSeries series = runSeries[run];
      if (devices.contains(series.device())) {
        dropped.merge(series.device(), runEnd(run) - runStart(run), Integer::sum);
        continue;
      }
      for (int i = runStart(run); i < runEnd(run); i++) {
        kept.add(series, timestamps[i], values[i]);
      }
    }
    return kept.build();
  }

  private int runOf(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException(index);
    }
    int found = Arrays.binarySearch(runEnd, 0, runs, index);
    // runEnd holds ends (exclusive): an index equal to one is the first of the next run.
    return found >= 0 ? found + 1 : -found - 1;
  }

  /**
   * Appends readings, opening a run whenever the series changes; the arrays grow by doubling. Done with
   * {@link #build}, after which it takes no more readings.
   */
  public static final class Builder {
    private long[] timestamps;
    private double[] values;
    private int size;
    private ReadingSeries[] runSeries = new ReadingSeries[4];
    private int[] runEnd = new int[4];
    private int runs;
    private boolean built;

    /** A builder with room for {@code expected} readings before it first grows. */
    public Builder(int expected) {
      timestamps = new long[Math.max(expected, 16)];
      values = new double[timestamps.length];
    }

    /** Appends a reading of {@code series}; throws {@link IllegalArgumentException} for a value not finite. */
    public void add(ReadingSeries series, long timestamp, double value) {
      Reading.requireFinite(value);
      if (built) {
        throw new IllegalStateException("the columns are built");
      }
      if (size == timestamps.length) {
        timestamps = Arrays.copyOf(timestamps, size * 2);
        values = Arrays.copyOf(values, size * 2);
      }
      if (runs == 0 || !runSeries[runs - 1].same(series)) {
        if (runs == runSeries.length) {
          runSeries = Arrays.copyOf(runSeries, runs * 2);
          runEnd = Arrays.copyOf(runEnd, runs * 2);
        }
        runSeries[runs++] = series;
      }
      timestamps[size] = timestamp;
      values[size] = value;
      size++;
      runEnd[runs - 1] = size;
    }

    public int size() {
      return size;
    }

    public ReadingColumns build() {
      built = true;
      return new ReadingColumns(this);
    }
  }
}
