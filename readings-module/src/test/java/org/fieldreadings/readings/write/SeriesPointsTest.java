package org.fieldreadings.readings.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.junit.jupiter.api.Test;

class SeriesPointsTest {

  private static final DeviceRef DEVICE = new DeviceRef(Profile.REAL_WEATHER_STATION, "WS-1");
  private static final Map<DeviceRef, Long> DEVICE_IDS = Map.of(DEVICE, 7L);
  private static final Map<SeriesKey, Integer> SERIES = Map.of(
      new SeriesKey(7, "ORIGIN", "AirTemp"), 20, new SeriesKey(7, "ORIGIN", "AirHum"), 10);

  private static Reading reading(String iface, long timestamp, double value) {
    return new Reading(DEVICE, "ORIGIN", InterfaceCatalog.byName(iface).orElseThrow(), timestamp, value);
  }

  @Test
  void pointsAreOrderedBySeriesThenTimeAndTheLastOfRepeatedOnesIsKept() {
    SeriesPoints points = SeriesPoints.of(batch(reading("AirTemp", 2000, 1), reading("AirHum", 1000, 2),
        reading("AirTemp", 1000, 3), reading("AirTemp", 2000, 4), reading("AirHum", 1000, 5)), DEVICE_IDS, SERIES);
    assertThat(points.size()).isEqualTo(3);
    assertThat(new Object[] {points.series(0), points.timestamp(0), points.value(0)}).containsExactly(10, 1000L, 5.0);
    assertThat(new Object[] {points.series(1), points.timestamp(1), points.value(1)}).containsExactly(20, 1000L, 3.0);
    assertThat(new Object[] {points.series(2), points.timestamp(2), points.value(2)}).containsExactly(20, 2000L, 4.0);
    assertThat(points.seriesIds()).containsExactly(10, 20);
  }

  @Test
  void anOrderedBatchKeepsItsOrderAndTheLastOfARepeatedPoint() {
    SeriesPoints points = SeriesPoints.of(batch(reading("AirHum", 1000, 1), reading("AirHum", 2000, 2),
        reading("AirHum", 2000, 3), reading("AirTemp", 500, 4)), DEVICE_IDS, SERIES);
    assertThat(points.size()).isEqualTo(3);
    assertThat(new Object[] {points.series(0), points.timestamp(0), points.value(0)}).containsExactly(10, 1000L, 1.0);
    assertThat(new Object[] {points.series(1), points.timestamp(1), points.value(1)}).containsExactly(10, 2000L, 3.0);
    assertThat(new Object[] {points.series(2), points.timestamp(2), points.value(2)}).containsExactly(20, 500L, 4.0);
  }

  @Test
  void readingsOfSeveralSeriesAtEachMomentAreGroupedBySeries() {
    SeriesPoints points = SeriesPoints.of(batch(reading("AirTemp", 1000, 1), reading("AirHum", 1000, 2),
        reading("AirTemp", 2000, 3), reading("AirHum", 2000, 4)), DEVICE_IDS, SERIES);
    assertThat(new Object[] {points.series(0), points.timestamp(0), points.series(1), points.timestamp(1)})
        .containsExactly(10, 1000L, 10, 2000L);
    assertThat(new Object[] {points.series(2), points.timestamp(2), points.series(3), points.timestamp(3)})
        .containsExactly(20, 1000L, 20, 2000L);
  }

  @Test
  void readingsOfOneDeviceConnectorAndInterfaceAreOfTheSameSeries() {
    Reading airTemp = reading("AirTemp", 0, 1);
    assertThat(airTemp.sameSeries(reading("AirTemp", 1000, 2))).isTrue();
    assertThat(airTemp.sameSeries(new Reading(new DeviceRef(Profile.REAL_WEATHER_STATION, "WS-1"), "ORIGIN",
        airTemp.iface(), 0, 1))).isTrue();
    assertThat(airTemp.sameSeries(reading("AirHum", 0, 1))).isFalse();
    assertThat(airTemp.sameSeries(new Reading(DEVICE, "N-1", airTemp.iface(), 0, 1))).isFalse();
    assertThat(airTemp.sameSeries(new Reading(new DeviceRef(Profile.REAL_WEATHER_STATION, "WS-2"), "ORIGIN",
        airTemp.iface(), 0, 1))).isFalse();
    assertThat(airTemp.sameSeries(null)).isFalse();
  }

  private static ReadingColumns batch(Reading... readings) {
    return ReadingColumns.of(List.of(readings));
  }
}
