package org.fieldreadings.core.config;

import io.vertx.core.json.JsonObject;
import java.util.Locale;
import java.util.function.Function;

/**
 * One configuration key of docs/guide.md's configuration table: its name, how a raw text value becomes a typed
 * one, and its default.
 * Typed values are kept in the verticles' {@code config()} JSON; {@link #get(JsonObject)} reads them back.
 *
 * @param name dotted key, e.g. {@code http.port}
 * @param expected what a valid value looks like, for error messages
 * @param parser turns the raw text into the JSON value, throwing {@link IllegalArgumentException} when invalid
 * @param defaultValue the typed default, or null when the key has none
 * @param secret whether the value must never be printed
 */
public record ConfigKey<T>(
    String name, String expected, Function<String, T> parser, T defaultValue, boolean secret) {

  /** The environment variable that sets this key: {@code FR_} + the key upper-cased, dots as underscores. */
  public String envName() {
    return "FR_" + name.toUpperCase(Locale.ROOT).replace('.', '_');
  }

  /** Parses a raw value, failing with a message that names the key. */
  public T parse(String raw, String source) {
    try {
      return parser.apply(raw.trim());
    } catch (IllegalArgumentException e) {
      String shown = secret ? "(hidden)" : "'" + raw + "'";
      throw new ConfigException(
          name + " (" + source + "): expected " + expected + ", got " + shown
              + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
    }
  }

  /** The typed value of this key in a loaded configuration, or null when unset and without default. */
  @SuppressWarnings("unchecked")
  public T get(JsonObject config) {
    return config.containsKey(name) ? (T) config.getValue(name) : defaultValue;
  }
}
