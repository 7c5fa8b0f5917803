package com.example.raingauge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeResource;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeText;
import static org.fieldreadings.plugin.api.PluginTestKit.devices;
import static org.fieldreadings.plugin.api.PluginTestKit.expectedResource;
import static org.fieldreadings.plugin.api.PluginTestKit.readings;
import static org.fieldreadings.plugin.api.PluginTestKit.rejections;

import java.util.Map;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.PluginSettings;
import org.junit.jupiter.api.Test;

class RainGaugeDecoderTest {

  private final RainGaugeDecoder decoder = new RainGaugeDecoder();

  @Test
  void decodesBothChannelsAndTheBatteryOfTheSample() {
    DecodeResult result = decodeResource(decoder, "/logger-export.csv", "text/csv");
    assertThat(readings(result)).containsExactlyElementsOf(expectedResource(getClass(), "/logger-export.readings.txt"));
    assertThat(rejections(result)).containsExactly(
        "#6 tips_ch1 'two' is not a whole number of tips",
        "#7 logger clock not set (1970-01-01T00:00:00Z)");
    assertThat(devices(result)).containsExactly("RG-0301 group=RAIN", "RG-0302 group=RAIN");
  }

  @Test
  void theOperatorsCalibrationSetsTheRainOfATip() {
    decoder.configure(new PluginSettings("example-rain-gauge", Map.of("mm.per.tip", "0.5")));
    DecodeResult result = decodeText(decoder, RainGaugeDecoder.HEADER + "\nRG-0301,2024-05-01T10:10:00Z,3,,3609\n",
        "text/csv");
    assertThat(readings(result)).containsExactly(
        "RG-0301 CH1 Precipitation 2024-05-01T10:10:00Z 1.5", "RG-0301 ORIGIN Bat 2024-05-01T10:10:00Z 3.609");
  }

  @Test
  void aCalibrationOfNoRainIsRefusedNamingTheSettingButNotItsValue() {
    PluginSettings settings = new PluginSettings("example-rain-gauge", Map.of("mm.per.tip", "-0.2"));
    assertThatThrownBy(() -> decoder.configure(settings)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("plugins.example-rain-gauge.mm.per.tip (FR_PLUGINS_EXAMPLE_RAIN_GAUGE__MM_PER_TIP): expected "
            + "millimetres of rain per tip, a decimal number above 0");
  }

  @Test
  void rejectsAFileWithoutTheHeader() {
    DecodeResult result = decodeText(decoder, "RG-0301,2024-05-01T10:00:00Z,0,0,3612\n", "text/csv");
    assertThat(readings(result)).isEmpty();
    assertThat(rejections(result))
        .containsExactly("#-1 expected the header line logger,time,tips_ch1,tips_ch2,battery_mv");
  }

  @Test
  void rejectsALineWithMissingCellsABadTimeOrABadBattery() {
    DecodeResult result = decodeText(decoder, RainGaugeDecoder.HEADER + "\nRG-0301,2024-05-01T10:00:00Z,1\n"
        + "RG-0301,yesterday,1,1,3600\nRG-0301,2024-05-01T10:00:00Z,1,1,low\n", "text/csv");
    assertThat(readings(result)).isEmpty();
    assertThat(rejections(result)).containsExactly(
        "#2 expected 5 cells (logger,time,tips_ch1,tips_ch2,battery_mv), found 3",
        "#3 time 'yesterday' is not an ISO-8601 instant such as 2024-05-01T10:00:00Z",
        "#4 battery_mv 'low' is not a number");
  }
}
