package org.fieldreadings.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugins' own settings: file keys {@code plugins.<pluginId>.<name>} and variables
 * {@code FR_PLUGINS_<ID>__<NAME>}, which win, given to the plugin of that id.
 */
class PluginSettingsKeysTest {

  @TempDir
  Path dir;

  private PluginSettingsConfig load(String json, Map<String, String> env) throws IOException {
    return PluginSettingsConfig.of(ConfigLoader.load(Files.writeString(dir.resolve("config.json"), json), env));
  }

  @Test
  void aPluginGetsItsFileKeysNestedOrFlatAndItsVariablesWhichWin() throws IOException {
    PluginSettingsConfig settings = load("""
        {"plugins": {"dir": "/opt/plugins", "rain-gauge": {"mm.per.tip": 0.5, "station": {"name": "north"}}},
         "plugins.rain-gauge.api.token": "from-file", "plugins.com.example.flow.scale": "2"}""",
        Map.of("FR_PLUGINS_RAIN_GAUGE__API_TOKEN", "from-env", "FR_PLUGINS_COM_EXAMPLE_FLOW__OFFSET_MM", "1"));
    assertThat(settings.forPlugin("rain-gauge").names()).containsExactly("api.token", "mm.per.tip", "station.name");
    assertThat(settings.forPlugin("rain-gauge").text("api.token")).contains("from-env");
    assertThat(settings.forPlugin("rain-gauge").decimal("mm.per.tip", 0.2)).isEqualTo(0.5);
    assertThat(settings.forPlugin("rain-gauge").text("station.name")).contains("north");
    assertThat(settings.forPlugin("com.example.flow").names()).containsExactly("offset.mm", "scale");
    assertThat(settings.forPlugin("profile-c-flow").names()).isEmpty();
  }

  @Test
  void noSettingsLeaveTheLoadedConfigurationAsItWas() {
    assertThat(ConfigLoader.load(null, Map.of())).isEqualTo(ConfigLoader.load(null, Map.of("PATH", "/bin")));
    assertThat(PluginSettingsConfig.of(ConfigLoader.load(null, Map.of()))).isEqualTo(PluginSettingsConfig.NONE);
  }

  @Test
  void settingsNoPluginTakesAreListedByNameForAWarning() throws IOException {
    PluginSettingsConfig settings = load("{\"plugins.rain-guage.mm.per.tip\": 0.5}",
        Map.of("FR_PLUGINS_RAIN_GAUGE__API_TOKEN", "secret", "FR_PLUGINS_RAINGAUGE__API_TOKEN", "secret"));
    assertThat(settings.unclaimed(List.of("rain-gauge", "profile-c-flow")))
        .containsExactly("FR_PLUGINS_RAINGAUGE__API_TOKEN", "plugins.rain-guage.mm.per.tip");
  }

  @Test
  void aKeyOrVariableThatIsNoSettingStopsStartUpWithoutShowingItsValue() throws IOException {
    assertThatThrownBy(() -> load("{\"plugins.rain-gauge.apiToken\": \"secret\"}", Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessage("plugins.rain-gauge.apiToken (" + dir.resolve("config.json") + "): unknown configuration key; a "
            + "plugin's setting is plugins.<pluginId>.<name>, the name in lower-case words joined by dots such as "
            + "api.token");
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_PLUGINS_RAIN_GAUGE__", "secret")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("FR_PLUGINS_RAIN_GAUGE__: unknown configuration variable; a plugin's setting is "
            + "FR_PLUGINS_<ID>__<NAME>, the plugin id upper-cased with '_' for other characters than A-Z and 0-9, "
            + "the name upper-cased with '_' for its dots, such as FR_PLUGINS_RAIN_GAUGE__API_TOKEN");
  }

  @Test
  void aMisspeltHostKeyIsNoPluginSetting() {
    assertThatThrownBy(() -> load("{\"plugins.decode.budgte\": \"PT5S\"}", Map.of()))
        .hasMessage("plugins.decode.budgte (" + dir.resolve("config.json") + "): unknown configuration key");
    assertThatThrownBy(() -> load("{\"plugins.PROFILE_E.decoders\": \"a\"}", Map.of()))
        .hasMessageEndingWith("unknown configuration key");
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_PLUGINS_PROFILE_D__DECODERS", "a")))
        .hasMessageStartingWith("FR_PLUGINS_PROFILE_D__DECODERS: unknown configuration variable");
  }
}
