package org.fieldreadings.readings.write;

import static org.assertj.core.api.Assertions.assertThat;

import org.fieldreadings.core.http.DeviceRef;
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

  @Test
  void indexesAreSortedByTheirReadingsTime() {
    ReadingColumns columns = at(50, 10, 40, 20, 30);
    int[] order = {0, 1, 2, 3, 4};
    TimeOrder.sort(order, 0, 5, columns, new int[5]);
    assertThat(order).containsExactly(1, 3, 4, 2, 0);
  }

  @Test
  void equalTimesKeepTheirOrder() {
    ReadingColumns columns = at(20, 10, 20, 10, 20);
    int[] order = {0, 1, 2, 3, 4};
    TimeOrder.sort(order, 0, 5, columns, new int[5]);
    assertThat(order).containsExactly(1, 3, 0, 2, 4);
  }

  @Test
  void onlyTheGivenRangeIsSorted() {
    ReadingColumns columns = at(30, 20, 10, 0);
    int[] order = {0, 1, 2, 3};
    TimeOrder.sort(order, 1, 3, columns, new int[4]);
    assertThat(order).containsExactly(0, 2, 1, 3);
  }
}
