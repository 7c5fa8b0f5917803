package org.fieldreadings.readings.cache;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The latest reading of each series of one device, as the writer keeps them in the series rows: what the
 * latest-values answers and each device's {@code lastReadingAt} are made of, and what {@link BlockCache} keeps per
 * device. Sorted by connector and interface, so a series is found by binary search however many a device has.
 * Connector ids and interface names are interned: a fleet's devices share a few of them.
 */
public final class DeviceLatest {

  /** A device without a reading. */
  public static final DeviceLatest NONE = new DeviceLatest(new String[0], new String[0], new long[0], new double[0]);

  /** What one series costs in memory: two references, a long and a double. */
  private static final int SERIES_BYTES = 32;

  private final String[] connectors;
  private final String[] interfaces;
  private final long[] timestamps;
  private final double[] values;

  private DeviceLatest(String[] connectors, String[] interfaces, long[] timestamps, double[] values) {
    this.connectors = connectors;
    this.interfaces = interfaces;
    this.timestamps = timestamps;
    this.values = values;
  }

  /** Gathers a device's series in any order. */
  public static final class Builder {
    private record Series(String connector, String iface, long timestamp, double value) {}

    private static final Comparator<Series> ORDER =
        Comparator.comparing(Series::connector).thenComparing(Series::iface);

    private Series[] series = new Series[8];
    private int size;

    public Builder add(String connectorId, String iface, long timestamp, double value) {
      if (size == series.length) {
        series = Arrays.copyOf(series, size * 2);
      }
      series[size++] = new Series(connectorId.intern(), iface.intern(), timestamp, value);
      return this;
    }

    public DeviceLatest build() {
      if (size == 0) {
        return NONE;
      }
      Series[] sorted = Arrays.copyOf(series, size);
      Arrays.sort(sorted, ORDER);
      DeviceLatest latest = new DeviceLatest(new String[size], new String[size], new long[size], new double[size]);
      for (int i = 0; i < size; i++) {
        latest.connectors[i] = sorted[i].connector();
        latest.interfaces[i] = sorted[i].iface();
        latest.timestamps[i] = sorted[i].timestamp();
        latest.values[i] = sorted[i].value();
      }
      return latest;
    }
  }

  /** The position of a series' latest reading, negative when it has none. */
  public int find(String connectorId, String iface) {
    int low = 0;
    int high = connectors.length - 1;
    while (low <= high) {
      int middle = (low + high) >>> 1;
      int order = connectors[middle].compareTo(connectorId);
      if (order == 0) {
        order = interfaces[middle].compareTo(iface);
      }
      if (order < 0) {
        low = middle + 1;
      } else if (order > 0) {
        high = middle - 1;
      } else {
        return middle;
      }
    }
    return -1;
  }

  /** The time (epoch milliseconds) of the latest reading at {@code position}. */
  public long timestamp(int position) {
    return timestamps[position];
  }

  /** The value of the latest reading at {@code position}. */
  public double value(int position) {
    return values[position];
  }

  /** The newest of the series' latest readings (epoch milliseconds), null for a device without a reading. */
  public Long newest() {
    if (timestamps.length == 0) {
      return null;
    }
    long newest = Long.MIN_VALUE;
    for (long timestamp : timestamps) {
      newest = Math.max(newest, timestamp);
    }
    return newest;
  }

  /** Roughly what it takes in memory. */
  int bytes() {
    return SERIES_BYTES * timestamps.length;
  }
}
