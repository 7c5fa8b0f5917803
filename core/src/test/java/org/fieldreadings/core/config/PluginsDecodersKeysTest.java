package org.fieldreadings.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.plugin.api.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plugins.<profile>.decoders}: one key per profile, a list of distinct plugin ids, unset by default. */
class PluginsDecodersKeysTest {

  @TempDir
  Path dir;

  @Test
  void thereIsOneKeyForEachOfTheFiveProfilesUnsetByDefault() {
    for (Profile profile : Profile.values()) {
      ConfigKey<String> key = ConfigKeys.pluginsDecoders(profile.name());
      assertThat(key.name()).isEqualTo("plugins." + profile.name() + ".decoders");
      assertThat(ConfigKeys.ALL).contains(key);
      assertThat(key.get(ConfigLoader.load(null, Map.of()))).isNull();
    }
    assertThat(ConfigKeys.PLUGINS_PROFILE_D_DECODERS.envName()).isEqualTo("FR_PLUGINS_PROFILE_D_DECODERS");
  }

  @Test
  void takesACommaSeparatedListOfPluginIdsFromTheFileOrTheEnvironment() throws IOException {
    Path file = Files.writeString(dir.resolve("config.json"),
        "{\"plugins\": {\"PROFILE_D\": {\"decoders\": \" profile-d-cayenne , profile-d-lorawan\"}}}");
    assertThat(ConfigKeys.PLUGINS_PROFILE_D_DECODERS.get(ConfigLoader.load(file, Map.of())))
        .isEqualTo("profile-d-cayenne,profile-d-lorawan");
    assertThat(ConfigKeys.PLUGINS_PROFILE_B_DECODERS.get(
        ConfigLoader.load(null, Map.of("FR_PLUGINS_PROFILE_B_DECODERS", "gateway_2.v1")))).isEqualTo("gateway_2.v1");
  }

  @Test
  void refusesAnUnknownProfileAnEmptyIdAnIdTwiceAndNoId() throws IOException {
    Path unknown = Files.writeString(dir.resolve("unknown.json"), "{\"plugins.PROFILE_E.decoders\": \"a\"}");
    assertThatThrownBy(() -> ConfigLoader.load(unknown, Map.of())).isInstanceOf(ConfigException.class)
        .hasMessage("plugins.PROFILE_E.decoders (" + unknown + "): unknown configuration key");
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_PLUGINS_PROFILE_A_DECODERS", "a,,b")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("plugins.PROFILE_A.decoders (FR_PLUGINS_PROFILE_A_DECODERS): expected a comma-separated list of "
            + "plugin ids such as profile-d-cayenne,profile-d-lorawan, got 'a,,b' (an empty plugin id)");
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_PLUGINS_PROFILE_A_DECODERS", "a,b,a")))
        .hasMessageEndingWith("got 'a,b,a' (a plugin id is listed twice)");
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_PLUGINS_PROFILE_A_DECODERS", "a b")))
        .hasMessageEndingWith("got 'a b' ('a b' is no plugin id)");
  }
}
