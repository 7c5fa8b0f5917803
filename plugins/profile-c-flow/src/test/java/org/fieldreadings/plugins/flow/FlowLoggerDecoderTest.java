package org.fieldreadings.plugins.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeResource;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeText;
import static org.fieldreadings.plugin.api.PluginTestKit.expectedResource;
import static org.fieldreadings.plugin.api.PluginTestKit.readings;
import static org.fieldreadings.plugin.api.PluginTestKit.rejections;

import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.junit.jupiter.api.Test;

class FlowLoggerDecoderTest {

  private final FlowLoggerDecoder decoder = new FlowLoggerDecoder();

  @Test
  void decodesTheSampleExportIntoCubicMetresAndCounts() {
    DecodeResult result = decodeResource(decoder, "/logger-export.csv", "text/csv");
    assertThat(decoder.profile()).isEqualTo(Profile.PROFILE_C);
    assertThat(readings(result))
        .containsExactlyElementsOf(expectedResource(getClass(), "/logger-export.readings.txt"));
    assertThat(rejections(result)).isEmpty();
  }

  @Test
  void badLinesAreRejectedOneByOne() {
    DecodeResult result = decodeText(decoder, """
        logger;channel;date;time;value;unit
        FM-1;FLOW;01.05.2024;10:00:00;2,5;l/s
        FM-1;PRESSURE;01.05.2024;10:00:00;2,5;bar
        FM-1;VOLUME;01.05.2024;10:00:00;2,5;l/s
        FM-1;FLOW;2024-05-01;10:00:00;2,5;l/s
        FM-1;VOLUME;01.05.2024;10:00:00;152.340;l
        FM-1;VOLUME;01.05.2024;10:00:00;;l
        FM-1;FLOW;01.05.2024;10:00:00;2,5

        FM 1;FLOW;01.05.2024;10:00:00;2,5;l/s
        """, "text/csv");
    assertThat(readings(result)).containsExactly("FM-1 ORIGIN Flowmeter 2024-05-01T10:00:00Z 9");
    assertThat(rejections(result)).containsExactly(
        "#2 unknown channel 'PRESSURE'",
        "#3 unit 'l/s' does not fit channel VOLUME (expected l, m3)",
        "#4 date and time '2024-05-01 10:00:00' are not dd.MM.yyyy HH:mm:ss",
        "#5 value '152.340' is not a number with a decimal comma",
        "#6 value '' is not a number with a decimal comma",
        "#7 expected 6 fields separated by ';', got 5",
        "#9 serial 'FM 1' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'");
  }

  @Test
  void aFileWithoutTheHeaderIsRejectedWhole() {
    assertThat(rejections(decodeText(decoder, "FM-1;FLOW;01.05.2024;10:00:00;2,5;l/s\n", "text/csv")))
        .containsExactly("#-1 the first line must be the header Logger;Channel;Date;Time;Value;Unit");
  }

  @Test
  void jsonOrOddShapesAreRejectionsNeverExceptions() {
    String deepJson = "[".repeat(1001) + "]".repeat(1001);
    assertThat(rejections(decodeText(decoder, deepJson, "application/json")))
        .containsExactly("#-1 the first line must be the header Logger;Channel;Date;Time;Value;Unit");
  }

  @Test
  void aHugeNumberIsARejection() {
    DecodeResult result = decodeText(decoder, "Logger;Channel;Date;Time;Value;Unit\n"
        + "FM-1;FLOW;01.05.2024;10:00:00;" + "9".repeat(100_000) + ";l/s\n", "text/csv");
    assertThat(rejections(result)).containsExactly(
        "#1 value '" + "9".repeat(40) + "...' is not a number with a decimal comma");
  }
}
