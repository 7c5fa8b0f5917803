package org.fieldreadings.readings.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.junit.jupiter.api.Test;

class CanonicalCsvTest {

  private final CanonicalCsv csv = CanonicalCsv.fromHeader("profile,serial,connectorId,interface,timestamp,value")
      .orElseThrow();
  private final AcceptedWindow.Bounds bounds = new AcceptedWindow(Instant.parse("2000-01-01T00:00:00Z"),
      Duration.ofDays(1)).at(Instant.parse("2026-01-01T00:00:00Z"));

  @Test
  void readsALine() {
    Reading reading = csv.parse("PROFILE_B,GW-1,N7,AirTemp,2024-05-01T02:00:00+02:00,21.5", bounds);
    assertThat(reading.device().profile()).isEqualTo(Profile.PROFILE_B);
    assertThat(reading.device().serial()).isEqualTo("GW-1");
    assertThat(reading.connectorId()).isEqualTo("N7");
    assertThat(reading.iface()).isEqualTo(InterfaceCatalog.of("AirTemp"));
    assertThat(reading.timestamp()).isEqualTo(Instant.parse("2024-05-01T00:00:00Z").toEpochMilli());
    assertThat(reading.value()).isEqualTo(21.5);
  }

  @Test
  void acceptsEpochMillisecondsAndColumnsInAnyOrder() {
    CanonicalCsv reordered = CanonicalCsv.fromHeader("value,timestamp,interface,connectorId,serial,profile")
        .orElseThrow();
    Reading reading = reordered.parse("3,1714521600000,Bat,ORIGIN,D-1,PROFILE_D", bounds);
    assertThat(reading.timestamp()).isEqualTo(1714521600000L);
    assertThat(reading.iface().name()).isEqualTo("Bat");
  }

  @Test
  void eachLineIsReadOnItsOwnWhateverThePreviousLineSaid() {
    csv.parse("PROFILE_B,GW-1,N7,AirTemp,2024-05-01T00:00:00Z,1", bounds);
    Reading next = csv.parse(" \"PROFILE_B\" , GW-2 ,N7,\"AirHum\",2024-05-01T00:15:00.5Z,2.25", bounds);
    assertThat(next.device().serial()).isEqualTo("GW-2");
    assertThat(next.connectorId()).isEqualTo("N7");
    assertThat(next.iface()).isEqualTo(InterfaceCatalog.of("AirHum"));
    assertThat(next.timestamp()).isEqualTo(Instant.parse("2024-05-01T00:15:00.500Z").toEpochMilli());
    assertThat(next.value()).isEqualTo(2.25);
    assertThat(csv.parse("PROFILE_B,GW-2,N7,AirHum,2024-05-01T00:30:00Z,2,5", bounds).value()).isEqualTo(2.0);
    assertThatThrownBy(() -> csv.parse("PROFILE_B,GW-ü,N7,AirHum,2024-05-01T00:30:00Z,2", bounds))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("serial ");
  }

  @Test
  void aLineStartingAsThePreviousOneIsOfItsSeries() {
    Reading first = csv.parse("PROFILE_B,GW-1,N7,AirTemp,2024-05-01T00:00:00Z,1", bounds);
    Reading next = csv.parse("PROFILE_B,GW-1,N7,AirTemp,2024-05-01T00:15:00Z,2", bounds);
    assertThat(next.sameSeries(first)).isTrue();
    assertThat(next.timestamp()).isEqualTo(Instant.parse("2024-05-01T00:15:00Z").toEpochMilli());
    assertThat(next.value()).isEqualTo(2.0);
  }

  @Test
  void aLineStartingAsThePreviousOneStillNeedsEveryColumn() {
    csv.parse("PROFILE_B,GW-1,N7,AirTemp,2024-05-01T00:00:00Z,1", bounds);
    assertThatThrownBy(() -> csv.parse("PROFILE_B,GW-1,N7,AirTemp,2024-05-01T00:15:00Z", bounds))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("expected 6 columns, found 5");
  }

  @Test
  void aLineOfAnotherInterfaceAfterTheSameDeviceIsOfItsOwnSeries() {
    csv.parse("PROFILE_B,GW-1,N7,AirTemp,2024-05-01T00:00:00Z,1", bounds);
    Reading next = csv.parse("PROFILE_B,GW-1,N7,AirHum,2024-05-01T00:00:00Z,1", bounds);
    assertThat(next.iface()).isEqualTo(InterfaceCatalog.of("AirHum"));
  }

  @Test
  void readingsOfOneSeriesAppendedOneAfterTheOtherAreOneRun() {
    ReadingColumns.Builder into = new ReadingColumns.Builder(2);
    byte[] first = "PROFILE_B,GW-1,N7,AirTemp,2024-05-01T00:00:00Z,1".getBytes();
    byte[] second = " PROFILE_B,GW-1,N7,AirTemp,2024-05-01T00:15:00Z,2".getBytes();
    csv.parse(first, 0, first.length, bounds, into);
    csv.parse(second, 0, second.length, bounds, into);
    assertThat(into.build().runs()).isEqualTo(1);
  }

  @Test
  void headerMustNameEveryColumn() {
    assertThat(CanonicalCsv.fromHeader("profile,serial,interface,timestamp,value")).isEmpty();
  }

  @Test
  void rejectsNonFiniteValues() {
    assertThatThrownBy(() -> csv.parse("PROFILE_A,S,ORIGIN,Bat,2024-05-01,NaN", bounds))
        .hasMessage("value must be a finite number");
  }

  @Test
  void rejectsTimestampsOutsideTheAcceptedWindowNamingTheRule() {
    String rule = "timestamps must be from 2000-01-01T00:00:00Z (readings.accept.from) to PT24H "
        + "(readings.accept.ahead) ahead of the server clock";
    assertThatThrownBy(() -> csv.parse("PROFILE_A,S,ORIGIN,Bat,2999-01-01T00:00:00Z,1", bounds))
        .hasMessage("timestamp '2999-01-01T00:00:00Z' is outside the accepted window: " + rule);
    assertThatThrownBy(() -> csv.parse("PROFILE_A,S,ORIGIN,Bat,1999-12-31T23:59:59.999Z,1", bounds))
        .hasMessage("timestamp '1999-12-31T23:59:59.999Z' is outside the accepted window: " + rule);
    assertThatThrownBy(() -> csv.parse("PROFILE_A,S,ORIGIN,Bat,1767312000001,1", bounds))
        .hasMessage("timestamp '1767312000001' is outside the accepted window: " + rule);
    assertThat(csv.parse("PROFILE_A,S,ORIGIN,Bat,2000-01-01T00:00:00Z,1", bounds).timestamp())
        .isEqualTo(bounds.first());
    assertThat(csv.parse("PROFILE_A,S,ORIGIN,Bat,1767312000000,1", bounds).timestamp()).isEqualTo(bounds.last());
  }

  @Test
  void anEpochMillisecondTimestampTooLongForANumberIsABadTimestamp() {
    assertThatThrownBy(() -> csv.parse("PROFILE_A,S,ORIGIN,Bat,99999999999999999999,1", bounds))
        .hasMessage("timestamp '99999999999999999999' is neither RFC 3339 nor epoch milliseconds");
  }
}
