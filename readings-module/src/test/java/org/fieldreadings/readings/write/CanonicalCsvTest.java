package org.fieldreadings.readings.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.junit.jupiter.api.Test;

class CanonicalCsvTest {

  private final CanonicalCsv csv = CanonicalCsv.fromHeader("profile,serial,connectorId,interface,timestamp,value")
      .orElseThrow();

  @Test
  void readsALine() {
    Reading reading = csv.parse("PROFILE_B,GW-1,N7,AirTemp,2024-05-01T02:00:00+02:00,21.5");
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
    Reading reading = reordered.parse("3,1714521600000,Bat,ORIGIN,D-1,PROFILE_D");
    assertThat(reading.timestamp()).isEqualTo(1714521600000L);
    assertThat(reading.iface().name()).isEqualTo("Bat");
  }

  @Test
  void headerMustNameEveryColumn() {
    assertThat(CanonicalCsv.fromHeader("profile,serial,interface,timestamp,value")).isEmpty();
  }

  @Test
  void rejectsNonFiniteValues() {
    assertThatThrownBy(() -> csv.parse("PROFILE_A,S,ORIGIN,Bat,2024-05-01,NaN"))
        .hasMessage("value must be a finite number");
  }
}
