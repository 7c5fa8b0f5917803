package org.fieldreadings.plugins.cayenne;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeResource;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeText;
import static org.fieldreadings.plugin.api.PluginTestKit.devices;
import static org.fieldreadings.plugin.api.PluginTestKit.expectedResource;
import static org.fieldreadings.plugin.api.PluginTestKit.readings;
import static org.fieldreadings.plugin.api.PluginTestKit.rejections;

import java.io.IOException;
import java.io.InputStream;
import java.util.Base64;
import java.util.Map;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.PluginSettings;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.junit.jupiter.api.Test;

class CayenneUplinkDecoderTest {

  private final CayenneUplinkDecoder decoder = new CayenneUplinkDecoder();

  @Test
  void decodesTheSampleUplinksItemByItem() {
    DecodeResult result = decodeResource(decoder, "/uplinks.json", "application/json");
    assertThat(decoder.profile()).isEqualTo(Profile.PROFILE_D);
    assertThat(readings(result))
        .containsExactlyElementsOf(expectedResource(getClass(), "/uplinks.readings.txt"));
    assertThat(devices(result)).containsExactly("A840410001020304 location=38.5712,-7.9135");
    assertThat(rejections(result)).isEmpty();
  }

  @Test
  void acceptsUplinksOnEveryPortButTheWaterBalancePortByDefault() throws IOException {
    try (InputStream sample = getClass().getResourceAsStream("/uplinks.json")) {
      assertThat(decoder.accepts(new RawPayload(sample.readAllBytes(), "application/json"))).isTrue();
    }
    assertThat(decoder.claims()).isEqualTo("any f_port but 2");
    assertThat(decoder.accepts(json(uplink(1, base64(0x01, 0x67, 0x00, 0xd7))))).isTrue();
    assertThat(decoder.accepts(json(uplink(3, base64(0x01, 0x67, 0x00, 0xd7))))).isTrue();
    assertThat(decoder.accepts(json(uplink(223, base64(0x01, 0x67, 0x00, 0xd7))))).isTrue();
    assertThat(decoder.accepts(json("[" + uplink(3, "") + "," + uplink(2, "") + "]"))).isTrue();
    // The water balance sensors' port, ports that carry no application data, and envelopes that are not uplinks.
    assertThat(decoder.accepts(json(uplink(2, base64(0x01, 0x0e, 0x10, 0x00))))).isFalse();
    assertThat(decoder.accepts(json(uplink(0, "")))).isFalse();
    assertThat(decoder.accepts(json(uplink(224, "")))).isFalse();
    for (String odd : new String[] {"", "null", "42", "{\"f_port\": \"3\"}", "{\"f_port\": 3.0}",
        "{\"f_port\": 4294967299}", "{\"uplink_message\": {}}", "\u0001\u0002",
        "[".repeat(5000)}) {
      assertThat(decoder.accepts(json(odd))).as(odd).isFalse();
    }
    // The check reads no further than the port: a payload broken after it is taken, and decode says what is wrong.
    assertThat(decoder.accepts(json("{\"uplink_message\": {\"f_port\": 3, ]"))).isTrue();
    assertThat(rejections(decodeText(decoder, "{\"uplink_message\": {\"f_port\": 3, ]", "application/json")))
        .singleElement().asString().startsWith("#-1 not valid JSON at line 1, column 34: Unexpected character");
  }

  @Test
  void decodesAnLppUplinkOnPortOne() {
    DecodeResult result = decodeText(decoder, uplink(1, base64(0x01, 0x67, 0x00, 0xd7)), "application/json");
    assertThat(rejections(result)).isEmpty();
    assertThat(readings(result)).containsExactly("A840410001020304 CH1 AirTemp 2024-05-01T10:00:00Z 21.5");
  }

  @Test
  void thePortsSettingRestrictsTheUplinksItTakes() {
    CayenneUplinkDecoder configured = new CayenneUplinkDecoder();
    configured.configure(new PluginSettings("profile-d-cayenne", Map.of("ports", " 3, 1 ")));
    assertThat(configured.claims()).isEqualTo("f_port 1, 3");
    assertThat(configured.accepts(json(uplink(1, "")))).isTrue();
    assertThat(configured.accepts(json(uplink(3, "")))).isTrue();
    assertThat(configured.accepts(json(uplink(5, "")))).isFalse();
    assertThat(configured.accepts(json(uplink(2, "")))).isFalse();
    assertThat(rejections(decodeText(configured, "[" + uplink(1, base64(0x01, 0x67, 0x00, 0xd7)) + ","
        + uplink(5, base64(0x01, 0x67, 0x00, 0xd7)) + "]", "application/json")))
        .containsExactly("#1 f_port 5 is not a Cayenne LPP uplink (expected f_port 1, 3)");
  }

  @Test
  void thePortsSettingMayTakeTheWaterBalancePort() {
    CayenneUplinkDecoder configured = new CayenneUplinkDecoder();
    configured.configure(new PluginSettings("profile-d-cayenne", Map.of("ports", "2")));
    assertThat(configured.claims()).isEqualTo("f_port 2");
    assertThat(configured.accepts(json(uplink(2, "")))).isTrue();
  }

  @Test
  void aPortsSettingThatIsNoListOfApplicationPortsFailsThePluginWithoutQuotingIt() {
    for (String bad : new String[] {"", "1,", "one", "1;3", "0", "224", "1,999", "-1", "99999999999"}) {
      assertThatThrownBy(() -> new CayenneUplinkDecoder()
          .configure(new PluginSettings("profile-d-cayenne", Map.of("ports", bad)))).as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("plugins.profile-d-cayenne.ports (FR_PLUGINS_PROFILE_D_CAYENNE__PORTS): expected a "
              + "comma-separated list of f_ports from 1 to 223, such as 1,3");
    }
  }

  @Test
  void aSingleUplinkObjectIsIndexZero() {
    DecodeResult result = decodeText(decoder, uplink(3, base64(0x00, 0x67, 0xff, 0x38, 0xff, 0x68, 0x00)),
        "application/json");
    assertThat(rejections(result)).isEmpty();
    assertThat(readings(result)).containsExactly(
        "A840410001020304 CH0 AirTemp 2024-05-01T10:00:00Z -20",
        "A840410001020304 CH255 AirHum 2024-05-01T10:00:00Z 0");
  }

  @Test
  void typesWithoutACatalogInterfaceAreRejectedAndTheRestIsRead() {
    DecodeResult result = decodeText(decoder, uplink(3, base64(
        0x01, 0x00, 0x01,
        0x02, 0x71, 0x00, 0x01, 0x00, 0x02, 0x03, 0xe8,
        0x03, 0x67, 0x00, 0x64,
        0x04, 0x01, 0x00,
        0x05, 0x03, 0x00, 0x10,
        0x06, 0x66, 0x03,
        0x07, 0x86, 0, 0, 0, 0, 0, 0,
        0x08, 0x68, 0xc9)), "application/json");
    assertThat(rejections(result)).containsExactly(
        "#0 digital input (type 0x00) on channel 1 at byte 0 has no interface in the catalog",
        "#0 accelerometer (type 0x71) on channel 2 at byte 3 has no interface in the catalog",
        "#0 digital output (type 0x01) on channel 4 at byte 15 has no interface in the catalog",
        "#0 analog output (type 0x03) on channel 5 at byte 18 has no interface in the catalog",
        "#0 presence (type 0x66) on channel 6 at byte 22 has no interface in the catalog",
        "#0 gyrometer (type 0x86) on channel 7 at byte 25 has no interface in the catalog",
        "#0 humidity (type 0x68) on channel 8 at byte 33 is 100.5 %, above 100 %");
    assertThat(readings(result)).containsExactly("A840410001020304 CH3 AirTemp 2024-05-01T10:00:00Z 10");
  }

  @Test
  void anUnknownTypeOrACutItemStopsTheReadingOfThatUplink() {
    DecodeResult result = decodeText(decoder, "[" + String.join(",",
        uplink(3, base64(0x01, 0x67, 0x00, 0xd7, 0x02, 0x42, 0x01, 0x02, 0x03, 0x67, 0x00, 0x01)),
        uplink(3, base64(0x01, 0x73, 0x27, 0xa6, 0x02, 0x88, 0x05, 0xe2, 0xb0)),
        uplink(3, base64(0x01, 0x02, 0x01, 0x5e, 0x09)),
        uplink(3, ""))
        + "]", "application/json");
    assertThat(rejections(result)).containsExactly(
        "#0 unknown LPP type 0x42 on channel 2 at byte 4; the 8 bytes from there are not read",
        "#1 GPS (type 0x88) on channel 2 at byte 4 is cut short: 3 of its 9 value bytes",
        "#2 LPP item at byte 4 is cut short: 1 byte left of the channel and type");
    assertThat(readings(result)).containsExactly(
        "A840410001020304 CH1 AirTemp 2024-05-01T10:00:00Z 21.5",
        "A840410001020304 CH1 Pressure 2024-05-01T10:00:00Z 1015",
        "A840410001020304 CH1 Bat 2024-05-01T10:00:00Z 3.5");
  }

  @Test
  void gpsOutsideTheGlobeIsRejectedAndTheLastPositionWins() {
    DecodeResult result = decodeText(decoder, "[" + String.join(",",
        uplink(3, base64(0x01, 0x88, 0x7f, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00)),
        uplink(3, base64(0x01, 0x88, 0x05, 0xe2, 0xb0, 0xfe, 0xca, 0xe1, 0x00, 0x52, 0x3a,
            0x02, 0x88, 0xfa, 0x1d, 0x50, 0x01, 0x35, 0x1f, 0xff, 0xff, 0x9c)))
        + "]", "application/json");
    assertThat(rejections(result)).containsExactly("#0 latitude 838.8607 is outside -90..90");
    assertThat(devices(result)).containsExactly("A840410001020304 location=-38.5712,7.9135");
    assertThat(readings(result)).isEmpty();
  }

  @Test
  void badUplinksAreRejectedOneByOne() {
    String good = uplink(3, base64(0x01, 0x67, 0x00, 0xd7));
    DecodeResult result = decodeText(decoder, "[" + String.join(",",
        uplink(2, base64(0x01, 0x67, 0x00, 0xd7)),
        uplink(3, "***"),
        "{\"end_device_ids\": {}}",
        good.replace("2024-05-01T10:00:00Z", "today"),
        good.replace("\"A840410001020304\"", "\"not a serial!\""),
        good.replace("\"f_port\": 3", "\"f_port\": \"3\""),
        good.replace("\"f_port\": 3", "\"f_port\": 4294967299"),
        good.replace("\"frm_payload\": \"AWcA1w==\"", "\"frm_payload\": null"),
        "null",
        "42",
        good)
        + "]", "application/json");
    assertThat(rejections(result)).containsExactly(
        "#0 f_port 2 is not a Cayenne LPP uplink (expected any f_port but 2)",
        "#1 uplink_message.frm_payload is not base64",
        "#2 end_device_ids.dev_eui is missing or not a string",
        "#3 received_at 'today' is not an RFC 3339 date-time",
        "#4 serial 'not a serial!' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'",
        "#5 f_port \"3\" is not a Cayenne LPP uplink (expected any f_port but 2)",
        "#6 f_port 4294967299 is not a Cayenne LPP uplink (expected any f_port but 2)",
        "#7 uplink_message.frm_payload is missing or not a string",
        "#8 end_device_ids.dev_eui is missing or not a string",
        "#9 end_device_ids.dev_eui is missing or not a string");
    assertThat(readings(result)).containsExactly("A840410001020304 CH1 AirTemp 2024-05-01T10:00:00Z 21.5");
  }

  @Test
  void somethingThatIsNotAnUplinkIsRejectedWhole() {
    assertThat(rejections(decodeText(decoder, "\u0001\u0002", "application/json")))
        .singleElement().asString().startsWith("#-1 not valid JSON at line 1, column 2: Illegal character");
    String deep = "[".repeat(1001) + "]".repeat(1001);
    assertThat(rejections(decodeText(decoder, deep, "application/json"))).singleElement().asString()
        .startsWith("#-1 not valid JSON: ").contains("nesting depth");
    for (String odd : new String[] {"null", "42", "true", "\"text\"", ""}) {
      assertThat(rejections(decodeText(decoder, odd, "application/json"))).as(odd)
          .containsExactly("#-1 expected an uplink message object or an array of them");
    }
  }

  private static RawPayload json(String text) {
    return RawPayload.ofText(text, "application/json");
  }

  private static String uplink(int port, String frmPayload) {
    return """
        {"end_device_ids": {"device_id": "orchard-node-01", "dev_eui": "A840410001020304"},
         "received_at": "2024-05-01T10:00:00Z",
         "uplink_message": {"f_port": %d, "frm_payload": "%s", "rx_metadata": []}}""".formatted(port, frmPayload);
  }

  private static String base64(int... bytes) {
    byte[] raw = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      raw[i] = (byte) bytes[i];
    }
    return Base64.getEncoder().encodeToString(raw);
  }
}
