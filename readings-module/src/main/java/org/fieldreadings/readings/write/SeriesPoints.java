package org.fieldreadings.readings.write;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.http.DeviceRef;

/**
 * A batch as points of series: ordered by series, then time, and one point per series and time (the last given
 * wins, as a correction sent twice in one file would expect). Runs of one series are contiguous.
 */
final class SeriesPoints {

  private final int[] series;
  private final long[] timestamps;
  private final double[] values;

  private SeriesPoints(int[] series, long[] timestamps, double[] values) {
    this.series = series;
    this.timestamps = timestamps;
    this.values = values;
  }

  static SeriesPoints of(List<Reading> readings, Map<DeviceRef, Long> deviceIds, Map<SeriesKey, Integer> ids) {
    int n = readings.size();
    int[] seriesOf = new int[n];
    boolean ordered = true;
    for (int i = 0; i < n; i++) {
      Reading reading = readings.get(i);
      Reading previous = i == 0 ? null : readings.get(i - 1);
      seriesOf[i] = reading.sameSeries(previous) ? seriesOf[i - 1] : ids.get(new SeriesKey(
          deviceIds.get(reading.device()), reading.connectorId(), reading.iface().name()));
      ordered &= i == 0 || seriesOf[i - 1] < seriesOf[i]
          || seriesOf[i - 1] == seriesOf[i] && previous.timestamp() <= reading.timestamp();
    }
    int[] series = new int[n];
    long[] timestamps = new long[n];
    double[] values = new double[n];
    int size = 0;
    for (int i : ordered ? identity(n) : order(readings, seriesOf)) {
      Reading reading = readings.get(i);
      if (size > 0 && series[size - 1] == seriesOf[i] && timestamps[size - 1] == reading.timestamp()) {
        size--;
      }
      series[size] = seriesOf[i];
      timestamps[size] = reading.timestamp();
      values[size] = reading.value();
      size++;
    }
    return new SeriesPoints(Arrays.copyOf(series, size), Arrays.copyOf(timestamps, size),
        Arrays.copyOf(values, size));
  }

  /** Points already in series-then-time order, each (series, time) once: the first {@code size} of the arrays. */
  static SeriesPoints ordered(int[] series, long[] timestamps, double[] values, int size) {
    return new SeriesPoints(Arrays.copyOf(series, size), Arrays.copyOf(timestamps, size),
        Arrays.copyOf(values, size));
  }

  private static int[] identity(int n) {
    int[] order = new int[n];
    Arrays.setAll(order, i -> i);
    return order;
  }

  /**
   * The readings' indexes by series, then time. Stable: equal (series, time) keep their order in the batch, so the
   * last of them is the one kept.
   */
  private static int[] order(List<Reading> readings, int[] seriesOf) {
    Integer[] order = new Integer[readings.size()];
    Arrays.setAll(order, i -> i);
    Arrays.sort(order, Comparator.<Integer>comparingInt(i -> seriesOf[i])
        .thenComparingLong(i -> readings.get(i).timestamp()));
    return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
  }

  int size() {
    return series.length;
  }

  boolean isEmpty() {
    return series.length == 0;
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
    return Arrays.stream(series).distinct().toArray();
  }
}
