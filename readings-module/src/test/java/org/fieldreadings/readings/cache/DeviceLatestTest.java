package org.fieldreadings.readings.cache;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DeviceLatestTest {

  @Test
  void eachSeriesIsFoundWhateverTheOrderItWasAddedIn() {
    DeviceLatest.Builder builder = new DeviceLatest.Builder();
    for (int i = 999; i >= 0; i--) {
      builder.add("C" + i % 7, "I" + i, i, i / 10.0);
    }
    DeviceLatest latest = builder.build();
    for (int i = 0; i < 1000; i++) {
      int position = latest.find("C" + i % 7, "I" + i);
      assertThat(latest.timestamp(position)).isEqualTo(i);
      assertThat(latest.value(position)).isEqualTo(i / 10.0);
    }
  }

  @Test
  void aSeriesWithoutAReadingIsNotFound() {
    DeviceLatest latest = new DeviceLatest.Builder().add("ORIGIN", "AirTemp", 1, 2).build();
    assertThat(latest.find("ORIGIN", "AirHum")).isNegative();
    assertThat(latest.find("C2", "AirTemp")).isNegative();
  }

  @Test
  void theNewestIsTheLatestOfTheSeriesLatestReadings() {
    DeviceLatest latest = new DeviceLatest.Builder().add("ORIGIN", "AirTemp", 5_000, 1)
        .add("ORIGIN", "AirHum", 9_000, 2).add("C1", "Rain", 7_000, 3).build();
    assertThat(latest.newest()).isEqualTo(9_000L);
  }

  @Test
  void aDeviceWithoutReadingsHasNoNewest() {
    assertThat(new DeviceLatest.Builder().build()).isSameAs(DeviceLatest.NONE);
    assertThat(DeviceLatest.NONE.newest()).isNull();
  }

  @Test
  void devicesWithTheSameSeriesShareOneLayout() {
    DeviceLatest first = new DeviceLatest.Builder().add("ORIGIN", "AirTemp", 1, 2).add("ORIGIN", "AirHum", 1, 3)
        .build();
    DeviceLatest second = new DeviceLatest.Builder().add(new String("ORIGIN"), new String("AirHum"), 4, 5)
        .add(new String("ORIGIN"), new String("AirTemp"), 4, 6).build();
    assertThat(first.sharesLayoutWith(second)).isTrue();
    assertThat(second.value(second.find("ORIGIN", "AirTemp"))).isEqualTo(6);
    assertThat(first.sharesLayoutWith(new DeviceLatest.Builder().add("ORIGIN", "AirTemp", 1, 2).build())).isFalse();
  }
}
