package org.fieldreadings.plugins.soil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeResource;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeText;
import static org.fieldreadings.plugin.api.PluginTestKit.devices;
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
    assertThat(readings(result)).containsExactly(
        "SM-0001 ORIGIN SMraw10 2024-05-01T00:00:00Z 2841",
        "SM-0001 ORIGIN SMraw30 2024-05-01T00:00:00Z 3105",
        "SM-0001 ORIGIN SMraw50 2024-05-01T00:00:00Z 3377",
        "SM-0001 ORIGIN SMmm10 2024-05-01T00:00:00Z 18.4",
        "SM-0001 ORIGIN SMmm30 2024-05-01T00:00:00Z 27.9",
        "SM-0001 ORIGIN SMmm50 2024-05-01T00:00:00Z 31.2",
        "SM-0001 ORIGIN SoilTemp10 2024-05-01T00:00:00Z 14.6",
        "SM-0001 ORIGIN SoilTemp30 2024-05-01T00:00:00Z 15.1",
        "SM-0001 ORIGIN SoilTemp50 2024-05-01T00:00:00Z 15.3",
        // electrical conductivity: 412 µS/cm = 0.412 dS/m
        "SM-0001 ORIGIN SoilSalinity10 2024-05-01T00:00:00Z 0.412",
        "SM-0001 ORIGIN SoilSalinity30 2024-05-01T00:00:00Z 0.538",
        "SM-0001 ORIGIN SoilSalinity50 2024-05-01T00:00:00Z 0.601",
        "SM-0001 ORIGIN SMraw10 2024-05-01T00:30:00Z 2838",
        "SM-0001 ORIGIN SMraw30 2024-05-01T00:30:00Z 3104",
        "SM-0001 ORIGIN SMraw50 2024-05-01T00:30:00Z 3377",
        "SM-0001 ORIGIN SMmm10 2024-05-01T00:30:00Z 18.3",
        "SM-0001 ORIGIN SMmm30 2024-05-01T00:30:00Z 27.9",
        "SM-0001 ORIGIN SMmm50 2024-05-01T00:30:00Z 31.2",
        "SM-0001 ORIGIN SoilTemp10 2024-05-01T00:30:00Z 14.2",
        "SM-0001 ORIGIN SoilTemp30 2024-05-01T00:30:00Z 15",
        "SM-0001 ORIGIN SoilTemp50 2024-05-01T00:30:00Z 15.3",
        "SM-0001 ORIGIN SoilSalinity10 2024-05-01T00:30:00Z 0.41",
        "SM-0001 ORIGIN SoilSalinity30 2024-05-01T00:30:00Z 0.537",
        "SM-0001 ORIGIN SoilSalinity50 2024-05-01T00:30:00Z 0.601",
        // the 30 cm sensor of SM-0002 was not read: empty cells give no reading
        "SM-0002 ORIGIN SMraw10 2024-05-01T00:00:00Z 2210",
        "SM-0002 ORIGIN SMraw50 2024-05-01T00:00:00Z 2985",
        "SM-0002 ORIGIN SMmm10 2024-05-01T00:00:00Z 11.7",
        "SM-0002 ORIGIN SMmm50 2024-05-01T00:00:00Z 24.6",
        "SM-0002 ORIGIN SoilTemp10 2024-05-01T00:00:00Z 15.8",
        "SM-0002 ORIGIN SoilTemp50 2024-05-01T00:00:00Z 16",
        "SM-0002 ORIGIN SoilSalinity10 2024-05-01T00:00:00Z 0.298",
        "SM-0002 ORIGIN SoilSalinity50 2024-05-01T00:00:00Z 0.455");
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
}
