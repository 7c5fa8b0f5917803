package org.fieldreadings.plugins.soil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeResource;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeText;
import static org.fieldreadings.plugin.api.PluginTestKit.devices;
import static org.fieldreadings.plugin.api.PluginTestKit.expectedResource;
import static org.fieldreadings.plugin.api.PluginTestKit.readings;
import static org.fieldreadings.plugin.api.PluginTestKit.rejections;

import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.junit.jupiter.api.Test;

class SoilProbeDecoderTest {

  private final SoilProbeDecoder decoder = new SoilProbeDecoder();

  @Test
  void decodesTheSampleExportDepthByDepth() {
    DecodeResult result = decodeResource(decoder, "/probe-export.csv", "text/csv");
    assertThat(decoder.profile()).isEqualTo(Profile.PROFILE_A);
    assertThat(readings(result))
        .containsExactlyElementsOf(expectedResource(getClass(), "/probe-export.readings.txt"));
    assertThat(rejections(result)).isEmpty();
    assertThat(devices(result)).isEmpty();
  }

  @Test
  void unknownColumnsAreRejectedAndTheOthersStillDecode() {
    DecodeResult result = decodeText(decoder, """
        serial,timestamp,temp_25cm,ec_15cm,vwc_10cm,battery,raw_85cm,raw_85cm
        SM-1,2024-05-01 00:00:00,14.0,300,0.2,3.6,4012,4013
        """, "text/csv");
    assertThat(readings(result)).containsExactly("SM-1 ORIGIN SMraw85 2024-05-01T00:00:00Z 4012");
    assertThat(rejections(result)).containsExactly(
        "#0 column 'temp_25cm': SoilTemp has no depth 25 cm (depths: 10, 15, 20, 30, 40, 45, 50, 60, 70, 75, 80)",
        "#0 column 'ec_15cm': SoilSalinity has no depth 15 cm (depths: 10, 20, 30, 40, 50, 60, 70, 80)",
        "#0 column 'vwc_10cm' is not a probe column (raw_, mm_, temp_ or ec_ and a depth such as 30cm)",
        "#0 column 'battery' is not a probe column (raw_, mm_, temp_ or ec_ and a depth such as 30cm)",
        "#0 column 'raw_85cm' appears twice; the second is ignored");
  }

  @Test
  void badLinesAndCellsAreRejectedOneByOne() {
    DecodeResult result = decodeText(decoder, "serial,timestamp,raw_10cm,temp_10cm\r\n"
        + "SM-1,2024-05-01 00:00:00,2841,abc\r\n"
        + "SM-1,01/05/2024 00:30,2838,14.2\r\n"
        + "SM-1,2024-05-01 01:00:00,2838\r\n"
        + "\r\n"
        + "SM 1,2024-05-01 01:30:00,2837,14.1\r\n"
        + "SM-1,2024-05-01 02:00:00,NaN,1d\r\n", "text/csv");
    assertThat(readings(result)).containsExactly("SM-1 ORIGIN SMraw10 2024-05-01T00:00:00Z 2841");
    assertThat(rejections(result)).containsExactly(
        "#1 temp_10cm: 'abc' is not a number",
        "#2 timestamp '01/05/2024 00:30' is not yyyy-MM-dd HH:mm:ss",
        "#3 expected 4 cells, got 3",
        "#5 serial 'SM 1' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'",
        "#6 raw_10cm: 'NaN' is not a number",
        "#6 temp_10cm: '1d' is not a number");
  }

  @Test
  void anExportWithoutItsKeyColumnsIsRejectedWhole() {
    assertThat(rejections(decodeText(decoder, "probe;time;raw_10cm\n", "text/csv")))
        .containsExactly("#-1 the header needs a serial and a timestamp column");
    assertThat(rejections(decodeText(decoder, "", "text/csv")))
        .containsExactly("#-1 the header needs a serial and a timestamp column");
  }

  @Test
  void jsonOrOddShapesAreRejectionsNeverExceptions() {
    String deepJson = "[".repeat(1001) + "]".repeat(1001);
    assertThat(rejections(decodeText(decoder, deepJson, "application/json")))
        .containsExactly("#-1 the header needs a serial and a timestamp column");
    assertThat(rejections(decodeText(decoder, "{\"serial\": \"SM-1\", \"timestamp\": 1}", "application/json")))
        .containsExactly("#-1 the header needs a serial and a timestamp column");
  }

  @Test
  void aHugeDepthOrNumberIsARejection() {
    DecodeResult result = decodeText(decoder, "serial,timestamp,raw_99999999999cm,raw_10cm\n"
        + "SM-1,2024-05-01 10:00:00,1," + "9".repeat(100_000) + "\n"
        + "SM-1,2024-05-01 10:15:00,1,1e400\n"
        + "SM-1,2024-05-01 10:30:00,1,-1e-400\n", "text/csv");
    assertThat(rejections(result)).containsExactly(
        "#0 column 'raw_99999999999cm': SMraw has no depth 99999999999 cm (depths: 10, 15, 20, 25, 30, 40, 50, 55, "
            + "60, 70, 80, 85)",
        "#1 raw_10cm: '" + "9".repeat(40) + "...' is not a number",
        "#2 value of SMraw10 is Infinity, not a finite number");
    assertThat(readings(result)).containsExactly("SM-1 ORIGIN SMraw10 2024-05-01T10:30:00Z 0");
  }
}
