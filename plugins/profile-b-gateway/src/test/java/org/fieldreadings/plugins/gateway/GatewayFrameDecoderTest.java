package org.fieldreadings.plugins.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeResource;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeText;
import static org.fieldreadings.plugin.api.PluginTestKit.devices;
import static org.fieldreadings.plugin.api.PluginTestKit.expectedResource;
import static org.fieldreadings.plugin.api.PluginTestKit.readings;
import static org.fieldreadings.plugin.api.PluginTestKit.rejections;

import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.PluginTestKit;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.junit.jupiter.api.Test;

class GatewayFrameDecoderTest {

  private final GatewayFrameDecoder decoder = new GatewayFrameDecoder();

  @Test
  void decodesTheSampleIntoOneConnectorPerAttachedDevice() {
    DecodeResult result = decodeResource(decoder, "/gateway-frames.txt", "text/plain");
    assertThat(decoder.profile()).isEqualTo(Profile.PROFILE_B);
    assertThat(readings(result))
        .containsExactlyElementsOf(expectedResource(getClass(), "/gateway-frames.readings.txt"));
    assertThat(rejections(result)).isEmpty();
    assertThat(devices(result)).isEmpty();
  }

  @Test
  void badFramesAreRejectedAndGoodOnesKept() {
    DecodeResult result = decodeText(decoder, String.join("\n",
        "$GWD,GW-1,1714557600,-,vbat=4012*00",
        "GWD,GW-1,1714557600,-,vbat=4012",
        frame("GWD,GW-1,yesterday,-,vbat=4012"),
        "",
        frame("GWD,GW-1,1714557600,N-1,t=abc;co2=400;sm35=1;rh;rh=60"),
        frame("GWD,GW 1,1714557600,-,vbat=4012")), "text/plain");
    assertThat(readings(result)).containsExactly("GW-1 N-1 AirHum 2024-05-01T10:00:00Z 60");
    assertThat(rejections(result)).containsExactly(
        "#0 checksum 00 does not match the frame (computed " + checksum("GWD,GW-1,1714557600,-,vbat=4012") + ")",
        "#1 not a $GWD frame with 4 fields and a *hh checksum",
        "#2 time 'yesterday' is not epoch seconds",
        "#4 t: 'abc' is not an integer",
        "#4 unknown channel 'co2'",
        "#4 unknown channel 'sm35'",
        "#4 channel 'rh' has no value",
        "#5 serial 'GW 1' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'");
  }

  @Test
  void binaryGarbageIsRejectedNotThrown() {
    DecodeResult result = PluginTestKit.decode(decoder, new RawPayload(new byte[] {(byte) 0xff, 0, 36, 10, 42}, null));
    assertThat(readings(result)).isEmpty();
    assertThat(rejections(result)).containsExactly("#0 not a $GWD frame with 4 fields and a *hh checksum",
        "#1 not a $GWD frame with 4 fields and a *hh checksum");
  }

  @Test
  void jsonOrOddShapesAreRejectionsNeverExceptions() {
    String deepJson = "[".repeat(1001) + "]".repeat(1001);
    assertThat(rejections(decodeText(decoder, deepJson, "application/json")))
        .containsExactly("#0 not a $GWD frame with 4 fields and a *hh checksum");
  }

  @Test
  void aTimeBeyondWhatAnInstantHoldsIsARejection() {
    DecodeResult result = decodeText(decoder, String.join("\n",
        frame("GWD,GW-1,9223372036854775807,-,vbat=4012"),
        frame("GWD,GW-1,99999999999999999999,-,vbat=4012"),
        frame("GWD,GW-1,-9223372036854775808,-,vbat=4012"),
        frame("GWD,GW-1,1714557600,-,vbat=99999999999999999999;rssi=9223372036854775807")), "text/plain");
    assertThat(rejections(result)).containsExactly(
        "#0 time '9223372036854775807' is not epoch seconds",
        "#1 time '99999999999999999999' is not epoch seconds",
        "#2 time '-9223372036854775808' is not epoch seconds",
        "#3 vbat: '99999999999999999999' is not an integer");
    assertThat(readings(result)).containsExactly("GW-1 ORIGIN Rssi 2024-05-01T10:00:00Z 9223372036854776000");
  }

  @Test
  void aSoilDepthIsReadAsANumberAndAnyOtherSoilKeyIsUnknown() {
    DecodeResult result = decodeText(decoder, frame("GWD,GW-1,1714557600,N-2,sm010=2800;sm99999999999=1;sm=1;smx=1;sm-5=1"),
        "text/plain");
    assertThat(readings(result)).containsExactly("GW-1 N-2 SMraw10 2024-05-01T10:00:00Z 2800");
    assertThat(rejections(result)).containsExactly("#0 unknown channel 'sm99999999999'", "#0 unknown channel 'sm'",
        "#0 unknown channel 'smx'", "#0 unknown channel 'sm-5'");
  }

  @Test
  void anEmptyChannelIsOneWithoutValueAndSemicolonsAtTheEndAreNone() {
    DecodeResult result = decodeText(decoder, String.join("\n",
        frame("GWD,GW-1,1714557600,-,vbat=4012;;rssi=-80;;"),
        frame("GWD,GW-1,1714557600,N-1,"),
        frame("GWD,GW-1,1714557600,N-2,;")), "text/plain");
    assertThat(readings(result)).containsExactly("GW-1 ORIGIN Bat 2024-05-01T10:00:00Z 4.012",
        "GW-1 ORIGIN Rssi 2024-05-01T10:00:00Z -80");
    assertThat(rejections(result)).containsExactly("#0 channel '' has no value", "#1 channel '' has no value");
  }

  @Test
  void eachFrameKeepsItsOwnGatewaySourceAndTimeWhereTheyDifferFromThePreviousOnes() {
    DecodeResult result = decodeText(decoder, String.join("\n",
        frame("GWD,GW-1,1714557600,N-1,t=200"),
        frame("GWD,GW-1,1714557600,N-2,t=210"),
        frame("GWD,GW-12,1714557600,N-2,t=220"),
        frame("GWD,GW-1,1714557900,N-2,t=230"),
        "  " + frame("GWD,GW-1,1714557900,N-2,rh=40") + " \r"), "text/plain");
    assertThat(readings(result)).containsExactly("GW-1 N-1 AirTemp 2024-05-01T10:00:00Z 20",
        "GW-1 N-2 AirTemp 2024-05-01T10:00:00Z 21", "GW-12 N-2 AirTemp 2024-05-01T10:00:00Z 22",
        "GW-1 N-2 AirTemp 2024-05-01T10:05:00Z 23", "GW-1 N-2 AirHum 2024-05-01T10:05:00Z 40");
    assertThat(rejections(result)).isEmpty();
  }

  @Test
  void theChecksumTakesLowerCaseHexAndAFrameEndsAtItsChecksum() {
    String body = "GWD,GW-1,1714557600,-,vbat=4012";
    DecodeResult result = decodeText(decoder, String.join("\r\n",
        "$" + body + "*" + checksum(body).toLowerCase(java.util.Locale.ROOT),
        "$" + body + "*" + checksum(body) + "0",
        "$" + body + "*" + "G0",
        "$GWD,GW-1,1714557600,-,vbat=4012*rssi=1*" + checksum("GWD,GW-1,1714557600,-,vbat=4012*rssi=1"),
        "$GWD,GW-1,1714557600*" + checksum("GWD,GW-1,1714557600")), "text/plain");
    assertThat(readings(result)).containsExactly("GW-1 ORIGIN Bat 2024-05-01T10:00:00Z 4.012");
    assertThat(rejections(result)).containsExactly("#1 not a $GWD frame with 4 fields and a *hh checksum",
        "#2 not a $GWD frame with 4 fields and a *hh checksum", "#3 not a $GWD frame with 4 fields and a *hh checksum",
        "#4 not a $GWD frame with 4 fields and a *hh checksum");
  }

  /** A frame with a correct checksum around {@code body}. */
  private static String frame(String body) {
    return "$" + body + "*" + checksum(body);
  }

  private static String checksum(String body) {
    return String.format("%02X", body.chars().reduce(0, (a, b) -> a ^ b));
  }
}
