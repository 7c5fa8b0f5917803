package org.fieldreadings.plugins.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeResource;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeText;
import static org.fieldreadings.plugin.api.PluginTestKit.devices;
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
    assertThat(readings(result)).containsExactly(
        // the gateway's own channels: 4012 mV
        "GW-0007 ORIGIN Bat 2024-05-01T10:00:00Z 4.012",
        "GW-0007 ORIGIN Rssi 2024-05-01T10:00:00Z -63",
        // climate node: 214 tenths of °C
        "GW-0007 N-1A2B AirTemp 2024-05-01T10:00:00Z 21.4",
        "GW-0007 N-1A2B AirHum 2024-05-01T10:00:00Z 55",
        "GW-0007 N-1A2B Bat 2024-05-01T10:00:00Z 3.01",
        "GW-0007 N-1A2B Rssi 2024-05-01T10:00:00Z -88",
        // rain gauge, pulse counter and soil node: 3 tips of 0.2 mm
        "GW-0007 N-1A2C Precipitation 2024-05-01T10:00:00Z 0.6",
        "GW-0007 N-1A2C TicksCount 2024-05-01T10:00:00Z 17",
        "GW-0007 N-1A2C SMraw10 2024-05-01T10:00:00Z 2841",
        "GW-0007 N-1A2C SMraw30 2024-05-01T10:00:00Z 3105",
        "GW-0007 N-1A2C Bat 2024-05-01T10:00:00Z 3.32",
        "GW-0007 N-1A2C Rssi 2024-05-01T10:00:00Z -97",
        "GW-0007 ORIGIN Bat 2024-05-01T10:15:00Z 4.009",
        "GW-0007 ORIGIN Rssi 2024-05-01T10:15:00Z -65",
        "GW-0007 N-1A2B AirTemp 2024-05-01T10:15:00Z -1.2",
        "GW-0007 N-1A2B AirHum 2024-05-01T10:15:00Z 57",
        "GW-0007 N-1A2B Bat 2024-05-01T10:15:00Z 3.008",
        "GW-0007 N-1A2B Rssi 2024-05-01T10:15:00Z -87",
        "GW-0007 N-1A2C Precipitation 2024-05-01T10:15:00Z 0",
        "GW-0007 N-1A2C TicksCount 2024-05-01T10:15:00Z 21",
        "GW-0007 N-1A2C SMraw10 2024-05-01T10:15:00Z 2838",
        "GW-0007 N-1A2C SMraw30 2024-05-01T10:15:00Z 3104",
        "GW-0007 N-1A2C Bat 2024-05-01T10:15:00Z 3.319",
        "GW-0007 N-1A2C Rssi 2024-05-01T10:15:00Z -99");
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

  /** A frame with a correct checksum around {@code body}. */
  private static String frame(String body) {
    return "$" + body + "*" + checksum(body);
  }

  private static String checksum(String body) {
    return String.format("%02X", body.chars().reduce(0, (a, b) -> a ^ b));
  }
}
