package org.fieldreadings.plugin.api;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The settings an operator gives one plugin, handed to {@link SupplierDecoder#configure}: the configuration keys
 * {@code plugins.<pluginId>.<name>} of the service's file, and the environment variables
 * {@code FR_PLUGINS_<ID>__<NAME>}, which win ({@link #environmentVariable}). A name is lower-case words of letters and
 * digits joined by dots, such as {@code api.token}, so that both forms can set it.
 *
 * <p>Values are text; the typed lookups convert them and throw {@link IllegalArgumentException} naming the key (never
 * the value: a setting may be a secret) when a value is missing or malformed. Let that exception leave
 * {@code configure}: the host then does not start the plugin and lists it as {@code FAILED} with the message.
 * {@link #toString()} shows the names only.
 */
public final class PluginSettings {

  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(\\.[a-z0-9]+)*");

  private final String pluginId;
  private final Map<String, String> values;

  /**
   * @param pluginId the plugin's {@code Plugin-Id}
   * @param values the value of each setting by name (e.g. {@code api.token})
   * @throws IllegalArgumentException when a name is not lower-case dotted words
   */
  public PluginSettings(String pluginId, Map<String, String> values) {
    if (pluginId == null || pluginId.isBlank()) {
      throw new IllegalArgumentException("a plugin id is needed");
    }
    this.pluginId = pluginId;
    values.forEach((name, value) -> {
      checkName(name);
      if (value == null) {
        throw new IllegalArgumentException(name + " has no value");
      }
    });
    this.values = Map.copyOf(values);
  }

  /** No settings, e.g. for a test of a decoder that needs none. */
  public static PluginSettings none(String pluginId) {
    return new PluginSettings(pluginId, Map.of());
  }

  /** The {@code Plugin-Id} these settings are for. */
  public String pluginId() {
    return pluginId;
  }

  /** The names that have a value, sorted. */
  public Set<String> names() {
    return new TreeSet<>(values.keySet());
  }

  /** The value of a setting, empty when the operator set none. */
  public Optional<String> text(String name) {
    checkName(name);
    return Optional.ofNullable(values.get(name));
  }

  /** The value of a setting, or {@code defaultValue} when the operator set none. */
  public String text(String name, String defaultValue) {
    return text(name).orElse(defaultValue);
  }

  /**
   * The value of a setting the plugin cannot work without.
   *
   * @throws IllegalArgumentException naming the key and its variable when it is not set
   */
  public String required(String name) {
    return text(name).orElseThrow(() -> new IllegalArgumentException(describe(name) + " is not set"));
  }

  /** An integer setting such as {@code 42}, or {@code defaultValue} when not set. */
  public int integer(String name, int defaultValue) {
    return typed(name, "an integer such as 42", Integer::parseInt, defaultValue);
  }

  /** A decimal setting such as {@code 0.2} (a point, no unit), or {@code defaultValue} when not set. */
  public double decimal(String name, double defaultValue) {
    double value = typed(name, "a decimal number such as 0.2", Double::parseDouble, defaultValue);
    if (!Double.isFinite(value)) {
      throw invalid(name, "a decimal number such as 0.2");
    }
    return value;
  }

  /** A setting {@code true} or {@code false} (any case), or {@code defaultValue} when not set. */
  public boolean flag(String name, boolean defaultValue) {
    return typed(name, "true or false", raw -> switch (raw.toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException();
    }, defaultValue);
  }

  /** An ISO-8601 duration setting such as {@code PT15M}, or {@code defaultValue} when not set. */
  public Duration duration(String name, Duration defaultValue) {
    return typed(name, "an ISO-8601 duration such as PT15M", raw -> {
      try {
        return Duration.parse(raw);
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException(e);
      }
    }, defaultValue);
  }

  /** Whether a text is a setting name: lower-case words of letters and digits joined by dots, such as api.token. */
  public static boolean isSettingName(String name) {
    return name != null && NAME.matcher(name).matches();
  }

  /**
   * The exception for a setting the plugin cannot use, naming its key and variable and what was expected, never the
   * value: {@code throw settings.invalid("mm.per.tip", "a decimal number above 0")}.
   */
  public IllegalArgumentException invalid(String name, String expected) {
    return new IllegalArgumentException(describe(checkName(name)) + ": expected " + expected);
  }

  /** The configuration key of a setting of a plugin: {@code plugins.<pluginId>.<name>}. */
  public static String configurationKey(String pluginId, String name) {
    return "plugins." + pluginId + "." + checkName(name);
  }

  /**
   * The environment variable of a setting of a plugin: {@code FR_PLUGINS_<ID>__<NAME>}, the plugin id upper-cased
   * with each character other than a letter or digit as {@code _} (so {@code rain-gauge} is {@code RAIN_GAUGE}), two
   * underscores, then the name upper-cased with dots as {@code _}: {@code FR_PLUGINS_RAIN_GAUGE__API_TOKEN}.
   */
  public static String environmentVariable(String pluginId, String name) {
    return "FR_PLUGINS_" + environmentId(pluginId) + "__" + checkName(name).toUpperCase(Locale.ROOT).replace('.', '_');
  }

  /** A plugin id as its environment variables spell it: upper-cased, each other character than A-Z and 0-9 as '_'. */
  public static String environmentId(String pluginId) {
    return pluginId.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }

  /** The names, never the values. */
  @Override
  public String toString() {
    return "PluginSettings[" + pluginId + ": " + String.join(", ", names()) + "]";
  }

  private <T> T typed(String name, String expected, Function<String, T> parser, T defaultValue) {
    Optional<String> raw = text(name);
    if (raw.isEmpty()) {
      return defaultValue;
    }
    try {
      return parser.apply(raw.get().strip());
    } catch (IllegalArgumentException e) { // NumberFormatException included
      throw invalid(name, expected);
    }
  }

  /** A setting as an operator finds it: its key and its variable. */
  private String describe(String name) {
    return configurationKey(pluginId, name) + " (" + environmentVariable(pluginId, name) + ")";
  }

  private static String checkName(String name) {
    if (!isSettingName(name)) {
      throw new IllegalArgumentException("setting name " + SpiRules.quoted(name)
          + " is not lower-case words of letters and digits joined by dots, such as api.token");
    }
    return name;
  }
}
