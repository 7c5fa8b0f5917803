package org.fieldreadings.plugins.lorawan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeResource;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeText;
import static org.fieldreadings.plugin.api.PluginTestKit.devices;
import static org.fieldreadings.plugin.api.PluginTestKit.expectedResource;
import static org.fieldreadings.plugin.api.PluginTestKit.readings;
import static org.fieldreadings.plugin.api.PluginTestKit.rejections;

import java.util.Base64;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.junit.jupiter.api.Test;

class LorawanUplinkDecoderTest {

  private final LorawanUplinkDecoder decoder = new LorawanUplinkDecoder();

  @Test
  void decodesTheSampleUplinksByteByByte() {
    DecodeResult result = decodeResource(decoder, "/uplinks.json", "application/json");
    assertThat(decoder.profile()).isEqualTo(Profile.PROFILE_D);
    assertThat(readings(result))
        .containsExactlyElementsOf(expectedResource(getClass(), "/uplinks.readings.txt"));
    assertThat(devices(result)).containsExactly("70B3D57ED0051A3C location=38.5712,-7.9135");
    assertThat(rejections(result)).isEmpty();
  }

  @Test
  void acceptsUplinksOnTheMeasurementPortOnly() {
    assertThat(decoder.claims()).isEqualTo("f_port 2");
    assertThat(decoder.accepts(RawPayload.ofText(uplink(2, ""), "application/json"))).isTrue();
    assertThat(decoder.accepts(RawPayload.ofText("[" + uplink(2, "") + "," + uplink(1, "") + "]", "application/json")))
        .isTrue();
    // Cayenne LPP on its usual ports is for the other decoders of the profile.
    assertThat(decoder.accepts(RawPayload.ofText(uplink(1, base64(0x01, 0x67, 0x00, 0xd7)), "application/json")))
        .isFalse();
    assertThat(decoder.accepts(RawPayload.ofText(uplink(3, ""), "application/json"))).isFalse();
    for (String odd : new String[] {"", "null", "{\"uplink_message\": {}}", "{\"f_port\": \"2\"}"}) {
      assertThat(decoder.accepts(RawPayload.ofText(odd, "application/json"))).as(odd).isFalse();
    }
  }

  @Test
  void aSingleUplinkObjectIsIndexZero() {
    DecodeResult result = decodeText(decoder, uplink(2, base64(0x01, 0x0e, 0x10, 0x01, 0x55, 0, 1, 0, 2)),
        "application/json");
    assertThat(rejections(result)).isEmpty();
    assertThat(readings(result)).containsExactly(
        "70B3D57ED0051A3C ORIGIN WaterEntrance85 2024-05-01T10:00:00Z 0.01",
        "70B3D57ED0051A3C ORIGIN WaterLoss85 2024-05-01T10:00:00Z 0.02",
        "70B3D57ED0051A3C ORIGIN Bat 2024-05-01T10:00:00Z 3.6");
  }

  @Test
  void badUplinksAreRejectedOneByOne() {
    DecodeResult result = decodeText(decoder, "[" + String.join(",",
        uplink(2, base64(0x01, 0x0e, 0x10, 0x02, 0x0a, 0, 1, 0, 2)),
        uplink(2, base64(0x02, 0x0e, 0x10, 0x00)),
        uplink(1, base64(0x01, 0x0e, 0x10, 0x00)),
        uplink(2, "***"),
        uplink(2, base64(0x01, 0x0e)),
        uplink(2, base64(0x01, 0x0e, 0x10, 0x02, 0x23, 0, 1, 0, 2, 0x0a, 0, 3, 0, 4)),
        "{\"end_device_ids\": {}}",
        uplink(2, base64(0x01, 0x0e, 0x10, 0x00)).replace("2024-05-01T10:00:00Z", "today"),
        "42") + "]", "application/json");
    assertThat(rejections(result)).containsExactly(
        "#0 frm_payload is 9 bytes; layout 1 with 2 depths needs 14",
        "#1 payload layout version 2 is not supported (expected 1)",
        "#2 f_port 1 is not a measurement uplink (expected f_port 2)",
        "#3 uplink_message.frm_payload is not base64",
        "#4 frm_payload is 2 bytes, shorter than the 4-byte header",
        "#5 depth 35 cm is not in the catalog (water balance depths: 10, 15, 20, 25, 30, 40, 50, 55, 60, 70, 80, 85)",
        "#6 end_device_ids.dev_eui is missing or not a string",
        "#7 received_at 'today' is not an RFC 3339 date-time",
        "#8 end_device_ids.dev_eui is missing or not a string");
    assertThat(readings(result)).containsExactly(
        "70B3D57ED0051A3C ORIGIN WaterEntrance10 2024-05-01T10:00:00Z 0.03",
        "70B3D57ED0051A3C ORIGIN WaterLoss10 2024-05-01T10:00:00Z 0.04",
        "70B3D57ED0051A3C ORIGIN Bat 2024-05-01T10:00:00Z 3.6");
  }

  @Test
  void somethingThatIsNotJsonIsRejectedWhole() {
    assertThat(rejections(decodeText(decoder, "\u0001\u0002", "application/json")))
        .singleElement().asString().startsWith("#-1 not valid JSON at line 1, column 2: Illegal character");
    assertThat(rejections(decodeText(decoder, "\"uplink\"", "application/json")))
        .containsExactly("#-1 expected an uplink message object or an array of them");
  }

  @Test
  void jsonNestedDeeperThanTheParserAllowsIsRejectedWhole() {
    String deep = "[".repeat(1001) + "]".repeat(1001);
    assertThat(rejections(decodeText(decoder, deep, "application/json"))).singleElement().asString()
        .startsWith("#-1 not valid JSON: ").contains("nesting depth");
    String deepInsideAnUplink = "[" + uplink(2, base64(0x01, 0x0e, 0x10, 0x00)).replace("\"rx_metadata\": []",
        "\"rx_metadata\": " + "[".repeat(1001) + "]".repeat(1001)) + "]";
    assertThat(rejections(decodeText(decoder, deepInsideAnUplink, "application/json"))).singleElement().asString()
        .startsWith("#-1 not valid JSON: ").contains("nesting depth");
  }

  @Test
  void wrongShapesOfTheEnvelopeAreRejectedWhole() {
    for (String odd : new String[] {"null", "42", "true", "\"text\"", ""}) {
      assertThat(rejections(decodeText(decoder, odd, "application/json"))).as(odd)
          .containsExactly("#-1 expected an uplink message object or an array of them");
    }
  }

  @Test
  void wrongShapesInsideAnUplinkRejectThatUplinkOnly() {
    String good = uplink(2, base64(0x01, 0x0e, 0x10, 0x00));
    DecodeResult result = decodeText(decoder, "[" + String.join(",",
        "null",
        "[]",
        "{\"end_device_ids\": [\"70B3D57ED0051A3C\"]}",
        good.replace("\"70B3D57ED0051A3C\"", "70"),
        good.replace("\"2024-05-01T10:00:00Z\"", "{\"at\": 1}"),
        good.replace("\"2024-05-01T10:00:00Z\"", "\"" + "9".repeat(1000) + "\""),
        good.replace("\"f_port\": 2", "\"f_port\": \"2\""),
        good.replace("\"f_port\": 2", "\"f_port\": 4294967298"),
        good.replace("\"f_port\": 2", "\"f_port\": 2.5"),
        good.replace("\"f_port\": 2", "\"f_port\": [" + "2,".repeat(100) + "2]"),
        good.replace("\"frm_payload\": \"" + base64(0x01, 0x0e, 0x10, 0x00) + "\"", "\"frm_payload\": null"),
        "{\"end_device_ids\": {\"dev_eui\": \"70B3D57ED0051A3C\"}, \"received_at\": \"2024-05-01T10:00:00Z\", "
            + "\"uplink_message\": [2]}",
        good.replace("\"rx_metadata\": []", "\"rx_metadata\": {\"rssi\": -80}, \"locations\": "
            + "{\"user\": {\"latitude\": 1e400, \"longitude\": 123456789012345678901234567890}}"),
        good.replace("\"rx_metadata\": []", "\"rx_metadata\": [{\"rssi\": 1e400}, {\"rssi\": \"strong\"}, null, 7]"))
        + "]", "application/json");
    assertThat(rejections(result)).containsExactly(
        "#0 end_device_ids.dev_eui is missing or not a string",
        "#1 end_device_ids.dev_eui is missing or not a string",
        "#2 end_device_ids.dev_eui is missing or not a string",
        "#3 end_device_ids.dev_eui is missing or not a string",
        "#4 received_at is missing or not a string",
        "#5 received_at '" + "9".repeat(40) + "...' is not an RFC 3339 date-time",
        "#6 f_port \"2\" is not a measurement uplink (expected f_port 2)",
        "#7 f_port 4294967298 is not a measurement uplink (expected f_port 2)",
        "#8 f_port 2.5 is not a measurement uplink (expected f_port 2)",
        "#9 f_port [" + "2,".repeat(19) + "2... is not a measurement uplink (expected f_port 2)",
        "#10 uplink_message.frm_payload is missing or not a string",
        "#11 f_port missing is not a measurement uplink (expected f_port 2)",
        "#12 latitude Infinity is outside -90..90",
        "#13 value of Rssi is Infinity, not a finite number");
    // rx_metadata that is no array of gateways has no RSSI to take.
    assertThat(readings(result)).containsExactly(
        "70B3D57ED0051A3C ORIGIN Bat 2024-05-01T10:00:00Z 3.6",
        "70B3D57ED0051A3C ORIGIN Bat 2024-05-01T10:00:00Z 3.6");
  }

  private static String uplink(int port, String frmPayload) {
    return """
        {"end_device_ids": {"device_id": "wb-0003", "dev_eui": "70B3D57ED0051A3C"},
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
