package org.fieldreadings.plugin.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DecodeResultTest {

  private static final Instant AT = Instant.parse("2024-05-01T10:00:00Z");
  private static final SensorInterface AIR_TEMP = InterfaceFamily.AIR_TEMP.single();

  @Test
  void observationsDefaultToTheOriginConnector() {
    DecodeResult result = DecodeResult.builder()
        .observe(0, "WS-1", AIR_TEMP, AT, 21.5)
        .observe(1, "GW-1", "N-1A2B", InterfaceFamily.BAT.single(), AT, 3.01)
        .build();
    assertThat(result.observations()).containsExactly(
        new Observation("WS-1", Observation.ORIGIN, AIR_TEMP, AT, 21.5, 0),
        new Observation("GW-1", "N-1A2B", InterfaceFamily.BAT.single(), AT, 3.01, 1));
    assertThat(result.rejections()).isEmpty();
    assertThat(result.observations().get(0).epochMillis()).isEqualTo(1714557600000L);
  }

  @Test
  void observationsKeepThePartTheyCameFrom() {
    DecodeResult result = DecodeResult.builder()
        .observe(3, "WS-1", AIR_TEMP, AT, 21.5)
        .observe(Rejection.WHOLE_PAYLOAD, "WS-1", AIR_TEMP, AT.plusSeconds(1), 22)
        .build();
    assertThat(result.observations()).extracting(Observation::part).containsExactly(3, Rejection.WHOLE_PAYLOAD);
  }

  @Test
  void anObservationMadeWithoutAPartConcernsTheWholePayload() {
    assertThat(new Observation("WS-1", Observation.ORIGIN, AIR_TEMP, AT, 21.5).part())
        .isEqualTo(Rejection.WHOLE_PAYLOAD);
    assertThatThrownBy(() -> new Observation("WS-1", Observation.ORIGIN, AIR_TEMP, AT, 21.5, -2))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("part -2 is below -1");
  }

  @Test
  void invalidValuesBecomeRejectionsOfTheirPart() {
    DecodeResult result = DecodeResult.builder()
        .observe(0, "bad serial", AIR_TEMP, AT, 1)
        .observe(1, "x".repeat(65), AIR_TEMP, AT, 1)
        .observe(2, "WS-1", "", AIR_TEMP, AT, 1)
        .observe(3, "WS-1", "has space", AIR_TEMP, AT, 1)
        .observe(4, "WS-1", AIR_TEMP, null, 1)
        .observe(5, "WS-1", AIR_TEMP, AT, Double.NaN)
        .observe(6, "WS-1", new SensorInterface(0, "AirTemperature", InterfaceFamily.AIR_TEMP, 0), AT, 1)
        .observe(7, "WS-1", null, AT, 1)
        .observe(8, "WS-1", AIR_TEMP, AT, 1)
        .build();
    assertThat(PluginTestKit.rejections(result)).containsExactly(
        "#0 serial 'bad serial' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'",
        "#1 serial '" + "x".repeat(65) + "' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'",
        "#2 connectorId '' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'",
        "#3 connectorId 'has space' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'",
        "#4 timestamp is missing",
        "#5 value of AirTemp is NaN, not a finite number",
        "#6 interface 'AirTemperature' is not in the catalog",
        "#7 interface null is not in the catalog");
    assertThat(PluginTestKit.readings(result)).containsExactly("WS-1 ORIGIN AirTemp 2024-05-01T10:00:00Z 1");
  }

  @Test
  void twoValuesOfOneReadingInOnePayloadRejectTheSecondPartNamingBoth() {
    DecodeResult result = DecodeResult.builder()
        .observe(0, "WS-1", AIR_TEMP, AT, 21.5)
        .observe(1, "WS-1", AIR_TEMP, AT.plusNanos(400_000), 22)
        .observe(2, "WS-1", AIR_TEMP, AT, 21.5)
        .observe(3, "WS-1", "N-1", AIR_TEMP, AT, 22)
        .observe(4, "WS-1", AIR_TEMP, AT.plusSeconds(1), 22)
        .build();
    assertThat(result.observations()).containsExactly(
        new Observation("WS-1", Observation.ORIGIN, AIR_TEMP, AT, 21.5, 0),
        new Observation("WS-1", Observation.ORIGIN, AIR_TEMP, AT, 21.5, 2),
        new Observation("WS-1", "N-1", AIR_TEMP, AT, 22, 3),
        new Observation("WS-1", Observation.ORIGIN, AIR_TEMP, AT.plusSeconds(1), 22, 4));
    assertThat(result.rejections()).containsExactly(new Rejection(1, "WS-1 connector ORIGIN: AirTemp at "
        + "2024-05-01T10:00:00Z has two values in this payload, 21.5 (part 0) and 22.0; the first is kept"));
  }

  @Test
  void aSecondValueIsFoundAlsoWhenTheSeriesTimesGoBack() {
    DecodeResult result = DecodeResult.builder()
        .observe(0, "WS-1", AIR_TEMP, AT, 20)
        .observe(1, "WS-1", AIR_TEMP, AT.plusSeconds(60), 21)
        .observe(2, "WS-1", AIR_TEMP, AT.plusSeconds(120), 22)
        .observe(3, "WS-1", AIR_TEMP, AT.plusSeconds(60), 21)
        .observe(4, "WS-1", AIR_TEMP, AT.plusSeconds(60), 25)
        .observe(5, "WS-1", AIR_TEMP, AT.plusSeconds(30), 23)
        .observe(6, "WS-1", AIR_TEMP, AT.plusSeconds(30), 24)
        .observe(7, "WS-1", AIR_TEMP, AT, 26)
        .build();
    assertThat(result.observations()).extracting(Observation::part).containsExactly(0, 1, 2, 3, 5);
    assertThat(PluginTestKit.rejections(result)).containsExactly(
        "#4 WS-1 connector ORIGIN: AirTemp at 2024-05-01T10:01:00Z has two values in this payload, 21.0 (part 1) "
            + "and 25.0; the first is kept",
        "#6 WS-1 connector ORIGIN: AirTemp at 2024-05-01T10:00:30Z has two values in this payload, 23.0 (part 5) "
            + "and 24.0; the first is kept",
        "#7 WS-1 connector ORIGIN: AirTemp at 2024-05-01T10:00:00Z has two values in this payload, 20.0 (part 0) "
            + "and 26.0; the first is kept");
  }

  @Test
  void aTimestampBeyondEpochMillisecondsIsKeptForTheHostToRefuse() {
    DecodeResult result = DecodeResult.builder()
        .observe(0, "WS-1", AIR_TEMP, Instant.MAX, 1)
        .observe(1, "WS-1", AIR_TEMP, Instant.MAX, 2)
        .build();
    assertThat(result.observations()).extracting(Observation::part).containsExactly(0, 1);
    assertThat(result.rejections()).isEmpty();
  }

  @Test
  void partsSkippedOnPurposeAreWarningsNotRejections() {
    DecodeResult result = DecodeResult.builder()
        .observe(0, "WS-1", AIR_TEMP, AT, 21.5)
        .warn(1, "join request: no readings")
        .warn(1, "join request: no readings")
        .build();
    assertThat(result.warnings()).containsExactly(new Warning(1, "join request: no readings"));
    assertThat(result.rejections()).isEmpty();
    assertThat(new DecodeResult(result.observations(), result.devices(), result.rejections()).warnings()).isEmpty();
    assertThatThrownBy(() -> new Warning(-2, "x")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void deviceFactsMergePerSerialAndAreValidated() {
    DecodeResult result = DecodeResult.builder()
        .group(0, "WS-1", "AIR")
        .location(0, "WS-1", 38.7369, -9.1427)
        .location(1, "WS-2", 38.5, -7.9)
        .group(2, "WS-3", "air")
        .location(3, "WS-3", 91, 0)
        .location(4, "WS-3", 0, 180.5)
        .group(5, "no way", "AIR")
        .build();
    assertThat(result.devices()).containsExactly(
        new DeviceFacts("WS-1", Optional.of("AIR"), Optional.of(new Location(38.7369, -9.1427))),
        new DeviceFacts("WS-2", Optional.empty(), Optional.of(new Location(38.5, -7.9))));
    assertThat(PluginTestKit.devices(result)).containsExactly(
        "WS-1 group=AIR location=38.7369,-9.1427", "WS-2 location=38.5,-7.9");
    assertThat(PluginTestKit.rejections(result)).containsExactly(
        "#2 group 'air' is not 1 to 32 characters of A-Z, 0-9, '_'",
        "#3 latitude 91.0 is outside -90..90",
        "#4 longitude 180.5 is outside -180..180",
        "#5 serial 'no way' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'");
  }

  @Test
  void aWholePayloadCanBeRejected() {
    assertThat(PluginTestKit.rejections(DecodeResult.rejected("not JSON"))).containsExactly("#-1 not JSON");
    assertThatThrownBy(() -> new Rejection(0, " ")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Rejection(-2, "x")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void resultListsAreImmutable() {
    DecodeResult result = DecodeResult.builder().observe(0, "WS-1", AIR_TEMP, AT, 1).build();
    assertThatThrownBy(() -> result.observations().clear()).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aHugeBadValueIsQuotedShortInItsRejection() {
    String huge = "x".repeat(1_000_000);
    DecodeResult result = DecodeResult.builder()
        .observe(0, huge, AIR_TEMP, AT, 1)
        .observe(1, "WS-1", huge, AIR_TEMP, AT, 1)
        .group(2, "WS-1", huge)
        .build();
    String quoted = "'" + "x".repeat(80) + "...'";
    assertThat(PluginTestKit.rejections(result)).containsExactly(
        "#0 serial " + quoted + " is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'",
        "#1 connectorId " + quoted + " is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'",
        "#2 group " + quoted + " is not 1 to 32 characters of A-Z, 0-9, '_'");
  }
}
