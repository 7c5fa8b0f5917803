package org.fieldreadings.plugin.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PluginSettingsTest {

  private static final PluginSettings SETTINGS = new PluginSettings("rain-gauge", Map.of(
      "api.token", "s3cret-token", "mm.per.tip", " 0.5 ", "retries", "3", "strict", "TRUE", "window", "PT15M"));

  @Test
  void typedLookupsConvertTheTextAndFallBackToTheDefaultWhenUnset() {
    assertThat(SETTINGS.text("api.token")).contains("s3cret-token");
    assertThat(SETTINGS.decimal("mm.per.tip", 0.2)).isEqualTo(0.5);
    assertThat(SETTINGS.integer("retries", 1)).isEqualTo(3);
    assertThat(SETTINGS.flag("strict", false)).isTrue();
    assertThat(SETTINGS.duration("window", Duration.ZERO)).isEqualTo(Duration.ofMinutes(15));
    assertThat(SETTINGS.text("station.name")).isEmpty();
    assertThat(SETTINGS.text("station.name", "north")).isEqualTo("north");
    assertThat(SETTINGS.decimal("offset", 1.5)).isEqualTo(1.5);
    assertThat(PluginSettings.none("rain-gauge").names()).isEmpty();
  }

  @Test
  void aMalformedValueIsReportedByKeyAndVariableNeverByValue() {
    assertThatThrownBy(() -> SETTINGS.integer("api.token", 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("plugins.rain-gauge.api.token (FR_PLUGINS_RAIN_GAUGE__API_TOKEN): expected an integer such as 42")
        .hasMessageNotContaining("s3cret");
    assertThatThrownBy(() -> SETTINGS.flag("retries", false))
        .hasMessage("plugins.rain-gauge.retries (FR_PLUGINS_RAIN_GAUGE__RETRIES): expected true or false");
    assertThatThrownBy(() -> SETTINGS.duration("retries", Duration.ZERO)).hasMessage(
        "plugins.rain-gauge.retries (FR_PLUGINS_RAIN_GAUGE__RETRIES): expected an ISO-8601 duration such as PT15M");
    assertThatThrownBy(() -> new PluginSettings("p", Map.of("x", "NaN")).decimal("x", 0))
        .hasMessage("plugins.p.x (FR_PLUGINS_P__X): expected a decimal number such as 0.2");
  }

  @Test
  void aRequiredSettingThatIsUnsetIsNamed() {
    assertThat(SETTINGS.required("api.token")).isEqualTo("s3cret-token");
    assertThatThrownBy(() -> SETTINGS.required("station.name")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("plugins.rain-gauge.station.name (FR_PLUGINS_RAIN_GAUGE__STATION_NAME) is not set");
  }

  @Test
  void namesAreLowerCaseDottedWordsSoThatAVariableCanSetThem() {
    assertThatThrownBy(() -> SETTINGS.text("apiToken")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("setting name 'apiToken' is not lower-case words of letters and digits joined by dots, such as "
            + "api.token");
    assertThatThrownBy(() -> new PluginSettings("p", Map.of("api_token", "x")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(PluginSettings.isSettingName("ch2.offset.mm")).isTrue();
    assertThat(PluginSettings.isSettingName("ch2..mm")).isFalse();
  }

  @Test
  void aPluginIdWithDashesOrDotsIsSpeltWithUnderscoresInItsVariables() {
    assertThat(PluginSettings.configurationKey("com.example.rain-gauge", "api.token"))
        .isEqualTo("plugins.com.example.rain-gauge.api.token");
    assertThat(PluginSettings.environmentVariable("com.example.rain-gauge", "api.token"))
        .isEqualTo("FR_PLUGINS_COM_EXAMPLE_RAIN_GAUGE__API_TOKEN");
  }

  @Test
  void theTextFormShowsNamesOnly() {
    assertThat(SETTINGS).hasToString("PluginSettings[rain-gauge: api.token, mm.per.tip, retries, strict, window]");
  }
}
