package org.fieldreadings.plugins.tts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.Rejection;
import org.junit.jupiter.api.Test;

class TtsUplinksTest {

  private static final String UPLINK = """
      {"end_device_ids": {"dev_eui": "A840410001020304"}, "received_at": "2024-05-01T10:00:00.5+02:00",
       "uplink_message": {"f_port": 3, "frm_payload": "AWcA/w==",
         "rx_metadata": [{"rssi": -97}, {"rssi": -63.5}, {"snr": 7}],
         "locations": {"user": {"latitude": 38.72, "longitude": -9.14}}}}""";

  private static RawPayload json(String text) {
    return RawPayload.ofText(text, "application/json");
  }

  @Test
  void theEnvelopeGivesTheDeviceTheTimeThePayloadTheBestRssiAndTheLocation() {
    List<Uplink> read = new ArrayList<>();
    DecodeResult result = TtsUplinks.decode(json("[" + UPLINK + "]"), Ports.only(3), "Cayenne LPP",
        (uplink, index, builder) -> read.add(uplink));
    assertThat(result.rejections()).isEmpty();
    assertThat(read).singleElement().satisfies(uplink -> {
      assertThat(uplink.devEui()).isEqualTo("A840410001020304");
      assertThat(uplink.receivedAt()).hasToString("2024-05-01T08:00:00.500Z");
      assertThat(uplink.frmPayload()).containsExactly(0x01, 0x67, 0x00, 0xff);
      assertThat(uplink.bestRssi()).hasValue(-63.5);
      assertThat(uplink.location()).contains(new Uplink.Coordinates(38.72, -9.14));
    });
  }

  @Test
  void anUplinkOnAnotherPortIsRejectedUnderItsIndexNamingTheLayout() {
    DecodeResult result = TtsUplinks.decode(json("[" + UPLINK + "," + UPLINK + "]"), Ports.only(2), "measurement",
        (uplink, index, builder) -> { });
    assertThat(result.rejections()).containsExactly(
        new Rejection(0, "f_port 3 is not a measurement uplink (expected f_port 2)"),
        new Rejection(1, "f_port 3 is not a measurement uplink (expected f_port 2)"));
  }

  @Test
  void theFirstPortIsReadWithoutTheRestOfThePayload() {
    assertThat(TtsUplinks.firstPort(json("[" + UPLINK + ", not json at all"))).hasValue(3);
    assertThat(TtsUplinks.firstPort(json("{\"uplink_message\": {\"f_port\": \"3\"}}"))).isEmpty();
    assertThat(TtsUplinks.firstPort(json("{\"uplink_message\": {}}"))).isEmpty();
    assertThat(TtsUplinks.firstPort(json("f_port: 3"))).isEqualTo(OptionalInt.empty());
  }
}
