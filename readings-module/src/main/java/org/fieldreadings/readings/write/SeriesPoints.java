package org.fieldreadings.readings.write;

import java.util.Arrays;
import java.util.Map;
import org.fieldreadings.core.bus.DeviceRef;

/**
 * A batch as points of series: ordered by series, then time, and one point per series and time (the last given
 * wins, as a correction sent twice in one file would expect). Runs of one series are contiguous. The points are the
 * first {@code size} of the arrays.
 */
final class SeriesPoints {

  private final int[] series;
  private final long[] timestamps;
  private final double[] values;
  private final int size;

  private SeriesPoints(int[] series, long[] timestamps, double[] values, int size) {
    this.series = series;
    this.timestamps = timestamps;
    this.values = values;
    this.size = size;
  }

  static SeriesPoints of(ReadingColumns columns, Map<DeviceRef, Long> deviceIds, Map<SeriesKey, Integer> ids) {
    int n = columns.size();
    int[] runIds = new int[columns.runs()];
    int[] seriesOf = new int[n];
    for (int run = 0; run < runIds.length; run++) {
      ReadingSeries key = columns.series(run);
      runIds[run] = ids.get(new SeriesKey(deviceIds.get(key.device()), key.connectorId(), key.iface().name()));
      Arrays.fill(seriesOf, columns.runStart(run), columns.runEnd(run), runIds[run]);
    }
    boolean ordered = true;
    boolean once = true;
    for (int i = 1; i < n && ordered; i++) {
      ordered = seriesOf[i - 1] < seriesOf[i]
          || seriesOf[i - 1] == seriesOf[i] && columns.timestamp(i - 1) <= columns.timestamp(i);
      once &= seriesOf[i - 1] != seriesOf[i] || columns.timestamp(i - 1) != columns.timestamp(i);
    }
    if (ordered && once) {
      // The usual import: the batch's own columns are the points, nothing to copy.
      return new SeriesPoints(seriesOf, columns.timestamps(), columns.values(), n);
    }
    int[] series = new int[n];
    long[] timestamps = new long[n];
    double[] values = new double[n];
    int size = 0;
    for (int i : ordered ? identity(n) : order(columns, runIds)) {
      if (size > 0 && series[size - 1] == seriesOf[i] && timestamps[size - 1] == columns.timestamp(i)) {
        size--;
      }
      series[size] = seriesOf[i];
      timestamps[size] = columns.timestamp(i);
      values[size] = columns.value(i);
      size++;
    }
    return new SeriesPoints(series, timestamps, values, size);
  }

  /**
   * Points already in series-then-time order, each (series, time) once: the first {@code size} of the arrays, which
   * the caller leaves alone while the points are in use.
   */
  static SeriesPoints ordered(int[] series, long[] timestamps, double[] values, int size) {
    return new SeriesPoints(series, timestamps, values, size);
  }

  private static int[] identity(int n) {
    int[] order = new int[n];
    Arrays.setAll(order, i -> i);
    return order;
  }

  /**
   * The readings' indexes by series, then time. Stable: equal (series, time) keep their order in the batch, so the
   * last of them is the one kept. Runs are put in place by series (a batch holds few), then each series' indexes are
   * sorted by time unless they already are, as a decoder giving several interfaces a moment produces them.
   */
  private static int[] order(ReadingColumns columns, int[] runIds) {
    int[] distinct = Arrays.stream(runIds).distinct().sorted().toArray();
    int[] start = new int[distinct.length + 1];
    for (int run = 0; run < runIds.length; run++) {
      start[Arrays.binarySearch(distinct, runIds[run]) + 1] += columns.runEnd(run) - columns.runStart(run);
    }
    Arrays.parallelPrefix(start, Integer::sum);
    int[] next = Arrays.copyOf(start, distinct.length);
    int[] order = new int[columns.size()];
    for (int run = 0; run < runIds.length; run++) {
      int slot = Arrays.binarySearch(distinct, runIds[run]);
      for (int i = columns.runStart(run); i < columns.runEnd(run); i++) {
        order[next[slot]++] = i;
      }
    }
    int[] spare = new int[order.length];
    for (int slot = 0; slot < distinct.length; slot++) {
      TimeOrder.sort(order, start[slot], start[slot + 1], columns, spare);
    }
    return order;
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  int series(int i) {
    return series[i];
  }

  long timestamp(int i) {
    return timestamps[i];
  }

  double value(int i) {
    return values[i];
  }

  /** The series ids, ascending, each once. */
  int[] seriesIds() {
    int[] ids = new int[size];
    int count = 0;
    for (int i = 0; i < size; i++) {
      if (count == 0 || ids[count - 1] != series[i]) {
        ids[count++] = series[i];
      }
    }
    return Arrays.copyOf(ids, count);
  }
}
