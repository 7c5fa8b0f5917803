package org.fieldreadings.readings.cache;

import com.github.benmanes.caffeine.cache.Interner;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The latest reading of each series of one device, as the writer keeps them in the series rows: what the
 * latest-values answers and each device's {@code lastReadingAt} are made of, and what {@link BlockCache} keeps per
 * device. Sorted by connector and interface, so a series is found by binary search however many a device has.
 * The series' names are a {@link Layout} shared by every device that has the same series: a fleet's devices have a
 * few layouts, so a device costs its timestamps and values only (100,000 devices of 10 series: 20 MB, not 31).
 */
public final class DeviceLatest {

  /**
   * The sorted (connector, interface) pairs of a device's series. Weakly interned: equal layouts are one object
   * while a device holds it, and a layout no device holds any more is collected.
   */
  private static final class Layout {
    private static final Interner<Layout> SHARED = Interner.newWeakInterner();

    private final String[] connectors;
    private final String[] interfaces;
    private final int hash;

    private Layout(String[] connectors, String[] interfaces) {
      this.connectors = connectors;
      this.interfaces = interfaces;
      this.hash = 31 * Arrays.hashCode(connectors) + Arrays.hashCode(interfaces);
    }

    static Layout of(String[] connectors, String[] interfaces) {
      return SHARED.intern(new Layout(connectors, interfaces));
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Layout layout && hash == layout.hash && Arrays.equals(connectors, layout.connectors)
          && Arrays.equals(interfaces, layout.interfaces);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /** A device without a reading. */
  public static final DeviceLatest NONE = new DeviceLatest(Layout.of(new String[0], new String[0]), new long[0],
      new double[0]);

  /** What a device costs in memory beside its series: the object and two array headers. */
  private static final int DEVICE_BYTES = 56;
  /** What one series costs: a long and a double (the names are the shared layout's). */
  private static final int SERIES_BYTES = 16;

  private final Layout layout;
  private final long[] timestamps;
  private final double[] values;

  private DeviceLatest(Layout layout, long[] timestamps, double[] values) {
    this.layout = layout;
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
      series[size++] = new Series(connectorId, iface, timestamp, value);
      return this;
    }

    public DeviceLatest build() {
      if (size == 0) {
        return NONE;
      }
      Series[] sorted = Arrays.copyOf(series, size);
      Arrays.sort(sorted, ORDER);
      String[] connectors = new String[size];
      String[] interfaces = new String[size];
      long[] timestamps = new long[size];
      double[] values = new double[size];
      for (int i = 0; i < size; i++) {
        connectors[i] = sorted[i].connector();
        interfaces[i] = sorted[i].iface();
        timestamps[i] = sorted[i].timestamp();
        values[i] = sorted[i].value();
      }
      return new DeviceLatest(Layout.of(connectors, interfaces), timestamps, values);
    }
  }

  /** The position of a series' latest reading, negative when it has none. */
  public int find(String connectorId, String iface) {
    String[] connectors = layout.connectors;
    String[] interfaces = layout.interfaces;
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

  /** Whether both are the same series by one shared layout object. */
  boolean sharesLayoutWith(DeviceLatest other) {
    return layout == other.layout;
  }

  /** Roughly what it takes in memory (its layout is shared). */
  int bytes() {
    return DEVICE_BYTES + SERIES_BYTES * timestamps.length;
  }
}
