package org.fieldreadings.core.config;

import io.vertx.core.json.JsonObject;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fieldreadings.plugin.api.PluginSettings;

/**
 * The settings the operator gives supplier plugins: file keys {@code plugins.<pluginId>.<name>} (any {@code plugins.}
 * key that is not one of the host's own) and variables {@code FR_PLUGINS_<ID>__<NAME>}, which win (see
 * {@link PluginSettings#environmentVariable}). The loader cannot tell where a dotted plugin id ends in a file key, nor
 * which id a variable spells ({@code RAIN_GAUGE} may be {@code rain-gauge}), so both are kept as written and
 * {@link #forPlugin} picks a plugin's own by its id. Values are never shown in an error or a log: they may be secrets.
 *
 * @param fromFile per file key without its {@code plugins.} prefix ({@code rain-gauge.bucket.mm}), the value
 * @param fromEnvironment per plugin id as variables spell it ({@code RAIN_GAUGE}), the value of each setting name
 */
public record PluginSettingsConfig(Map<String, String> fromFile, Map<String, Map<String, String>> fromEnvironment) {

  /** Where {@link ConfigLoader} keeps them in the loaded configuration: no configuration key has this name. */
  static final String FIELD = "plugins.*";
  private static final String PREFIX = "plugins.";
  private static final String ENV_PREFIX = "FR_PLUGINS_";
  /** A plugin id as the PF4J descriptor allows it, a dot, a setting name whose last word is lower-case. */
  private static final Pattern FILE_KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*\\.([a-z0-9]+)");
  private static final Pattern ENV_VARIABLE = Pattern.compile("FR_PLUGINS_([A-Z0-9]+(?:_[A-Z0-9]+)*)__([A-Z0-9_]+)");

  public static final PluginSettingsConfig NONE = new PluginSettingsConfig(Map.of(), Map.of());

  public PluginSettingsConfig {
    fromFile = Map.copyOf(fromFile);
    fromEnvironment = Map.copyOf(fromEnvironment);
  }

  /** Whether a file key is a plugin's setting: under {@code plugins.} and none of the host's own keys. */
  static boolean isFileKey(String name) {
    return name.startsWith(PREFIX) && ConfigKeys.byName(name).isEmpty();
  }

  /** Whether a variable sets a plugin's setting: {@code FR_PLUGINS_} with two underscores after the plugin id. */
  static boolean isEnvironmentVariable(String variable) {
    return variable.startsWith(ENV_PREFIX) && variable.indexOf("__", ENV_PREFIX.length()) >= 0;
  }

  /**
   * Adds a file key to the plugin settings of a configuration being loaded, or fails as an unknown key.
   */
  static void putFileKey(JsonObject config, String name, String raw, String source) {
    String key = name.substring(PREFIX.length());
    if (!FILE_KEY.matcher(key).matches()) {
      throw new ConfigException(name + " (" + source + "): unknown configuration key; a plugin's setting is "
          + "plugins.<pluginId>.<name>, the name in lower-case words joined by dots such as api.token");
    }
    String firstWord = key.substring(0, key.indexOf('.'));
    // plugins.PROFILE_E.decoders is a profile's key misspelt, not a setting of a plugin called PROFILE_E.
    if (hostOwns(firstWord) || key.equals(firstWord + ".decoders")) {
      throw new ConfigException(name + " (" + source + "): unknown configuration key");
    }
    settings(config).getJsonObject("file").put(key, raw.strip());
  }

  /** Adds a variable to the plugin settings of a configuration being loaded, or fails as an unknown variable. */
  static void putEnvironmentVariable(JsonObject config, String variable, String raw) {
    Matcher parts = ENV_VARIABLE.matcher(variable);
    if (!parts.matches() || !PluginSettings.isSettingName(settingName(parts.group(2)))
        || hostOwns(parts.group(1))) {
      throw new ConfigException(variable + ": unknown configuration variable; a plugin's setting is "
          + "FR_PLUGINS_<ID>__<NAME>, the plugin id upper-cased with '_' for other characters than A-Z and 0-9, the "
          + "name upper-cased with '_' for its dots, such as FR_PLUGINS_RAIN_GAUGE__API_TOKEN");
    }
    JsonObject environment = settings(config).getJsonObject("environment");
    JsonObject plugin = environment.getJsonObject(parts.group(1));
    if (plugin == null) {
      plugin = new JsonObject();
      environment.put(parts.group(1), plugin);
    }
    plugin.put(settingName(parts.group(2)), raw.strip());
  }

  /**
   * Whether a plugin id is the first word of a host key ({@code dir}, {@code decode}, {@code wedged}, {@code watch},
   * a profile): such "settings" are misspelt host keys, e.g. {@code plugins.decode.budgte}.
   */
  private static boolean hostOwns(String pluginId) {
    String spelt = PluginSettings.environmentId(pluginId);
    return ConfigKeys.ALL.stream().map(ConfigKey::name).filter(name -> name.startsWith(PREFIX))
        .map(name -> name.substring(PREFIX.length()).split("\\.")[0])
        .anyMatch(word -> PluginSettings.environmentId(word).equals(spelt));
  }

  /** The setting a variable's {@code <NAME>} spells: {@code API_TOKEN} is {@code api.token}. */
  private static String settingName(String environmentName) {
    return environmentName.toLowerCase(Locale.ROOT).replace('_', '.');
  }

  private static JsonObject settings(JsonObject config) {
    JsonObject settings = config.getJsonObject(FIELD);
    if (settings == null) {
      settings = new JsonObject().put("file", new JsonObject()).put("environment", new JsonObject());
      config.put(FIELD, settings);
    }
    return settings;
  }

  /** The plugin settings of a loaded configuration. */
  public static PluginSettingsConfig of(JsonObject config) {
    JsonObject settings = config.getJsonObject(FIELD);
    if (settings == null) {
      return NONE;
    }
    Map<String, String> file = new TreeMap<>();
    settings.getJsonObject("file").forEach(e -> file.put(e.getKey(), (String) e.getValue()));
    Map<String, Map<String, String>> environment = new TreeMap<>();
    settings.getJsonObject("environment").forEach(e -> {
      Map<String, String> values = new TreeMap<>();
      ((JsonObject) e.getValue()).forEach(v -> values.put(v.getKey(), (String) v.getValue()));
      environment.put(e.getKey(), values);
    });
    return new PluginSettingsConfig(file, environment);
  }

  /**
   * The settings of one plugin: the file keys {@code plugins.<pluginId>.<name>}, then the variables of its id, which
   * win. A file key whose rest is no setting name (e.g. a longer plugin id that starts the same) is not its own.
   */
  public PluginSettings forPlugin(String pluginId) {
    Map<String, String> values = new TreeMap<>();
    fromFile.forEach((key, value) -> {
      String name = settingOf(key, pluginId);
      if (name != null) {
        values.put(name, value);
      }
    });
    values.putAll(fromEnvironment.getOrDefault(PluginSettings.environmentId(pluginId), Map.of()));
    return new PluginSettings(pluginId, values);
  }

  /**
   * The keys and variables that no plugin of these ids takes, as the operator wrote them (names only), for a warning:
   * most likely a misspelt plugin id.
   */
  public List<String> unclaimed(Collection<String> pluginIds) {
    Set<String> environmentIds = new HashSet<>();
    pluginIds.forEach(id -> environmentIds.add(PluginSettings.environmentId(id)));
    Stream<String> file = fromFile.keySet().stream()
        .filter(key -> pluginIds.stream().noneMatch(id -> settingOf(key, id) != null))
        .map(key -> PREFIX + key);
    Stream<String> environment = fromEnvironment.entrySet().stream()
        .filter(e -> !environmentIds.contains(e.getKey()))
        .flatMap(e -> e.getValue().keySet().stream()
            .map(name -> PluginSettings.environmentVariable(e.getKey(), name)));
    return Stream.concat(file, environment).sorted().toList();
  }

  /** The setting name a file key gives a plugin ({@code rain-gauge.mm.per.tip}: {@code mm.per.tip}), else null. */
  private static String settingOf(String key, String pluginId) {
    String name = key.startsWith(pluginId + ".") ? key.substring(pluginId.length() + 1) : null;
    return PluginSettings.isSettingName(name) ? name : null;
  }
}
