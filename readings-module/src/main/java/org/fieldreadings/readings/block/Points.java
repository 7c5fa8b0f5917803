package org.fieldreadings.readings.block;

import java.util.Arrays;

/** Readings of one series in time order, as parallel arrays that grow: what a point block decodes into. */
public final class Points {

  private long[] times = new long[128];
  private double[] values = new double[128];
  private int size;

  public void add(long time, double value) {
    if (size == times.length) {
      times = Arrays.copyOf(times, size * 2);
      values = Arrays.copyOf(values, size * 2);
    }
    times[size] = time;
    values[size] = value;
    size++;
  }

  public void clear() {
    size = 0;
  }

  public int size() {
    return size;
  }

  public long time(int i) {
    return times[i];
  }

  public double value(int i) {
    return values[i];
  }

  /** The first index whose time is at or after {@code time} ({@link #size()} if none). */
  public int indexAtOrAfter(long time) {
    int i = Arrays.binarySearch(times, 0, size, time);
    return i >= 0 ? i : -i - 1;
  }

  /** Copies of the times and values: what outlives this (reused) buffer. */
  public long[] copyOfTimes() {
    return Arrays.copyOf(times, size);
  }

  public double[] copyOfValues() {
    return Arrays.copyOf(values, size);
  }

  long[] times() {
    return times;
  }

  double[] values() {
    return values;
  }
}
