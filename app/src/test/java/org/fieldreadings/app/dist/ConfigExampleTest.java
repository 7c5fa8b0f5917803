package org.fieldreadings.app.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.config.ConfigKey;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.config.ConfigLoader;
import org.junit.jupiter.api.Test;

/**
 * The distribution's conf/config.example.json: every key, each with its default, in the order of the configuration
 * table of docs/guide.md.
 */
class ConfigExampleTest {

  private static final Path EXAMPLE = Path.of("src/dist/conf/config.example.json");

  @Test
  void listsEveryConfigurationKeyInTheOrderOfTheKeys() throws Exception {
    JsonObject example = new JsonObject(Files.readString(EXAMPLE));
    assertThat(example.fieldNames())
        .containsExactlyElementsOf(ConfigKeys.ALL.stream().map(ConfigKey::name).toList());
  }

  @Test
  void loadsToExactlyTheDefaults() {
    JsonObject defaults = new JsonObject();
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      if (key.defaultValue() != null) {
        defaults.put(key.name(), key.parse(String.valueOf(key.defaultValue()), "default"));
      }
    }
    assertThat(ConfigLoader.load(EXAMPLE, Map.of())).isEqualTo(defaults);
  }
}
