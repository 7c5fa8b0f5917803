package org.fieldreadings.readings.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.Rejection;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.write.AcceptedWindow;
import org.junit.jupiter.api.Test;

class NormalizedPayloadTest {

  private static final Instant AT = Instant.parse("2024-05-01T10:00:00Z");
  private static final SensorInterface AIR_TEMP = InterfaceFamily.AIR_TEMP.single();
  private static final SensorInterface BAT = InterfaceFamily.BAT.single();
  private static final AcceptedWindow.Bounds BOUNDS =
      new AcceptedWindow(Instant.parse("2000-01-01T00:00:00Z"), Duration.ofDays(1)).at(AT);

  @Test
  void eachSeriesReadingsAreTakenTogetherInPayloadOrder() {
    DecodeResult decoded = DecodeResult.builder()
        .observe(0, "GW-1", AIR_TEMP, AT, 20)
        .observe(0, "GW-1", BAT, AT, 3.1)
        .observe(0, "GW-1", "N-1", AIR_TEMP, AT, 18)
        .observe(1, "GW-1", AIR_TEMP, AT.plusSeconds(900), 21)
        .observe(1, "GW-1", BAT, AT.plusSeconds(900), 3.0)
        .observe(1, "GW-1", "N-1", AIR_TEMP, AT.minusSeconds(900), 17)
        .build();
    NormalizedPayload normalized = NormalizedPayload.of(Profile.PROFILE_B, decoded, BOUNDS);
    assertThat(normalized.batch().readings()).extracting(r -> r.connectorId() + " " + r.iface() + " "
        + Instant.ofEpochMilli(r.timestamp()) + " " + r.value()).containsExactly(
            "ORIGIN AirTemp 2024-05-01T10:00:00Z 20.0",
            "ORIGIN AirTemp 2024-05-01T10:15:00Z 21.0",
            "ORIGIN Bat 2024-05-01T10:00:00Z 3.1",
            "ORIGIN Bat 2024-05-01T10:15:00Z 3.0",
            "N-1 AirTemp 2024-05-01T10:00:00Z 18.0",
            "N-1 AirTemp 2024-05-01T09:45:00Z 17.0");
    assertThat(normalized.rejections()).isEmpty();
  }

  @Test
  void readingsOutsideTheWindowAreRefusedPerPartAndCounted() {
    DecodeResult decoded = DecodeResult.builder()
        .observe(0, "GW-1", AIR_TEMP, Instant.EPOCH, 20)
        .observe(0, "GW-1", BAT, Instant.EPOCH, 3.1)
        .observe(1, "GW-1", AIR_TEMP, AT, 21)
        .observe(2, "GW-1", AIR_TEMP, Instant.MAX, 22)
        .build();
    NormalizedPayload normalized = NormalizedPayload.of(Profile.PROFILE_B, decoded, BOUNDS);
    assertThat(normalized.batch().readings()).extracting(r -> r.value()).containsExactly(21.0);
    String rule = BOUNDS.rule();
    assertThat(normalized.rejections()).containsExactly(
        new Rejection(0, "GW-1 connector ORIGIN: " + rule + "; 2 readings not stored"),
        new Rejection(2, "GW-1 connector ORIGIN: " + rule + "; 1 reading not stored"));
  }
}
