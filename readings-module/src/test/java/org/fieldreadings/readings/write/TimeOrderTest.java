package org.fieldreadings.readings.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.junit.jupiter.api.Test;

class TimeOrderTest {

  private static final ReadingSeries SERIES = new ReadingSeries(new DeviceRef(Profile.REAL_WEATHER_STATION, "WS-1"),
      "ORIGIN", InterfaceCatalog.of("AirTemp"));

  private static ReadingColumns at(long... times) {
    ReadingColumns.Builder builder = new ReadingColumns.Builder(times.length);
    for (long time : times) {
      builder.add(SERIES, time, 0);
    }
    return builder.build();
  }

  /** The indexes {@code 0..n-1} of readings at {@code times}, with those in {@code [from, to)} sorted. */
  private static int[] sorted(int from, int to, long... times) {
    int[] order = IntStream.range(0, times.length).toArray();
    TimeOrder.sort(order, from, to, at(times), new int[times.length]);
    return order;
  }

  @Test
  void indexesAreSortedByTheirReadingsTime() {
    assertThat(sorted(0, 5, 50, 10, 40, 20, 30)).containsExactly(1, 3, 4, 2, 0);
  }

  @Test
  void equalTimesKeepTheirOrder() {
    assertThat(sorted(0, 5, 20, 10, 20, 10, 20)).containsExactly(1, 3, 0, 2, 4);
  }

  @Test
  void onlyTheGivenRangeIsSorted() {
    assertThat(sorted(1, 3, 30, 20, 10, 0)).containsExactly(0, 2, 1, 3);
  }
}
