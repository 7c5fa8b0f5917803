package org.fieldreadings.readings.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.junit.jupiter.api.Test;

class ReadingColumnsTest {

  private static final DeviceRef DEVICE = new DeviceRef(Profile.REAL_WEATHER_STATION, "WS-1");
  private static final ReadingSeries AIR_TEMP = new ReadingSeries(DEVICE, "ORIGIN", InterfaceCatalog.of("AirTemp"));
  private static final ReadingSeries AIR_HUM = new ReadingSeries(DEVICE, "ORIGIN", InterfaceCatalog.of("AirHum"));

  @Test
  void consecutiveReadingsOfOneSeriesAreOneRun() {
    ReadingColumns.Builder builder = new ReadingColumns.Builder(1);
    builder.add(AIR_TEMP, 1000, 1);
    builder.add(new ReadingSeries(DEVICE, "ORIGIN", InterfaceCatalog.of("AirTemp")), 2000, 2);
    builder.add(AIR_HUM, 1000, 3);
    builder.add(AIR_TEMP, 3000, 4);
    ReadingColumns columns = builder.build();
    assertThat(columns.runs()).isEqualTo(3);
    assertThat(new int[] {columns.runStart(0), columns.runEnd(0), columns.runStart(2), columns.runEnd(2)})
        .containsExactly(0, 2, 3, 4);
    assertThat(columns.series(1)).isSameAs(AIR_HUM);
  }

  @Test
  void aReadingIsMadeWhenAskedFor() {
    ReadingColumns.Builder builder = new ReadingColumns.Builder(1);
    builder.add(AIR_TEMP, 1000, 1.5);
    builder.add(AIR_HUM, 2000, 2.5);
    builder.add(AIR_HUM, 3000, 3.5);
    assertThat(builder.build()).containsExactly(new Reading(DEVICE, "ORIGIN", AIR_TEMP.iface(), 1000, 1.5),
        new Reading(DEVICE, "ORIGIN", AIR_HUM.iface(), 2000, 2.5),
        new Reading(DEVICE, "ORIGIN", AIR_HUM.iface(), 3000, 3.5));
  }

  @Test
  void readingsGivenOneByOneBecomeTheSameColumns() {
    List<Reading> readings = List.of(new Reading(DEVICE, "ORIGIN", AIR_TEMP.iface(), 1000, 1),
        new Reading(DEVICE, "ORIGIN", AIR_TEMP.iface(), 2000, 2),
        new Reading(DEVICE, "N-1", AIR_TEMP.iface(), 2000, 3));
    ReadingColumns columns = ReadingColumns.of(readings);
    assertThat(columns).isEqualTo(readings);
    assertThat(columns.runs()).isEqualTo(2);
    assertThat(ReadingColumns.of(columns)).isSameAs(columns);
  }

  @Test
  void aValueThatIsNotFiniteIsRefused() {
    ReadingColumns.Builder builder = new ReadingColumns.Builder(1);
    assertThatThrownBy(() -> builder.add(AIR_TEMP, 1000, Double.POSITIVE_INFINITY))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("value must be a finite number");
    assertThat(builder.size()).isZero();
  }

  @Test
  void builtColumnsTakeNoMoreReadings() {
    ReadingColumns.Builder builder = new ReadingColumns.Builder(1);
    builder.build();
    assertThatThrownBy(() -> builder.add(AIR_TEMP, 1000, 1)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void anInvalidConnectorIsNoSeries() {
    assertThatThrownBy(() -> new ReadingSeries(DEVICE, "a b", AIR_TEMP.iface()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("invalid connectorId a b");
  }
}
