package org.fieldreadings.core.config;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Loads the configuration: a JSON file (flat dotted keys or nested objects; {@code null} leaves a key unset), then
 * {@code FR_*} environment variables, which win. The plugins' own settings ({@code plugins.<pluginId>.<name>}) are kept
 * apart, as {@link PluginSettingsConfig} reads them. Every value is checked against its {@link ConfigKey}; an unknown key
 * or a malformed value stops start-up with a {@link ConfigException} naming the key. Keys left unset keep their defaults.
 */
public final class ConfigLoader {

  private ConfigLoader() {}

  /**
   * @param file the configuration file, or null for none
   * @param env the process environment (only {@code FR_} variables are read)
   * @return the typed configuration: every key that has a value or a default
   */
  public static JsonObject load(Path file, Map<String, String> env) {
    JsonObject config = new JsonObject();
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      if (key.defaultValue() != null) {
        config.put(key.name(), key.defaultValue());
      }
    }
    if (file != null) {
      fromFile(file).forEach((name, raw) -> {
        if (PluginSettingsConfig.isFileKey(name)) {
          PluginSettingsConfig.putFileKey(config, name, raw, file.toString());
          return;
        }
        ConfigKey<?> key = ConfigKeys.byName(name)
            .orElseThrow(() -> new ConfigException(name + " (" + file + "): unknown configuration key"));
        config.put(name, key.parse(raw, file.toString()));
      });
    }
    new TreeMap<>(env).forEach((variable, raw) -> {
      if (PluginSettingsConfig.isEnvironmentVariable(variable)) {
        PluginSettingsConfig.putEnvironmentVariable(config, variable, raw);
      } else if (variable.startsWith("FR_")) {
        ConfigKey<?> key = ConfigKeys.byEnvName(variable)
            .orElseThrow(() -> new ConfigException(variable + ": unknown configuration variable"));
        config.put(key.name(), key.parse(raw, variable));
      }
    });
    return config;
  }

  private static Map<String, String> fromFile(Path file) {
    JsonObject json;
    try {
      json = new JsonObject(Files.readString(file));
    } catch (IOException e) {
      throw new ConfigException("cannot read configuration file " + file + ": " + e.getMessage());
    } catch (DecodeException e) {
      throw new ConfigException("configuration file " + file + " is not a JSON object");
    }
    Map<String, String> flat = new TreeMap<>();
    flatten("", json, flat);
    return flat;
  }

  private static void flatten(String prefix, JsonObject json, Map<String, String> into) {
    for (Map.Entry<String, Object> entry : json) {
      String name = prefix + entry.getKey();
      Object value = entry.getValue();
      if (value == null) {
        // Unset: the key keeps its default (config.example.json lists the keys that have none this way).
        continue;
      }
      if (value instanceof JsonObject nested) {
        flatten(name + ".", nested, into);
      } else if (value instanceof JsonArray) {
        throw new ConfigException(name + ": expected a single value");
      } else {
        into.put(name, value.toString());
      }
    }
  }
}
