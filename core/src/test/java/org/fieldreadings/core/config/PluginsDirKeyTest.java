package org.fieldreadings.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PluginsDirKeyTest {

  @Test
  void defaultsToPluginsInTheWorkingDirectoryWhenNotRunFromAJar() {
    // Tests run from target/classes, not from a jar.
    assertThat(ConfigKeys.PLUGINS_DIR.get(ConfigLoader.load(null, Map.of()))).isEqualTo("./plugins");
  }

  @Test
  void theEnvironmentSetsIt() {
    assertThat(ConfigKeys.PLUGINS_DIR.get(ConfigLoader.load(null, Map.of("FR_PLUGINS_DIR", "/opt/fr/plugins"))))
        .isEqualTo("/opt/fr/plugins");
  }
}
