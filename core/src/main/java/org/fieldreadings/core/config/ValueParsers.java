package org.fieldreadings.core.config;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/** The value types configuration keys use. Each parser throws {@link IllegalArgumentException} on a bad value. */
final class ValueParsers {

  private ValueParsers() {}

  static Function<String, String> nonEmpty() {
    return raw -> {
      if (raw.isEmpty()) {
        throw new IllegalArgumentException("empty");
      }
      return raw;
    };
  }

  static Function<String, Integer> intRange(int min, int max) {
    return raw -> {
      int value;
      try {
        value = Integer.parseInt(raw);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("not an integer");
      }
      if (value < min || value > max) {
        throw new IllegalArgumentException("out of range");
      }
      return value;
    };
  }

  static Function<String, Boolean> bool() {
    return raw -> switch (raw.toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException((String) null);
    };
  }

  /** ISO-8601 duration, kept in its canonical text form so the JSON config stays plain. */
  static Function<String, String> positiveDuration() {
    return raw -> {
      Duration duration;
      try {
        duration = Duration.parse(raw);
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException((String) null);
      }
      if (duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException("must be positive");
      }
      return duration.toString();
    };
  }

  /** An RFC 3339 instant with its offset, kept in its canonical UTC text form. */
  static Function<String, String> instant() {
    return raw -> {
      try {
        return OffsetDateTime.parse(raw).toInstant().toString();
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException((String) null);
      }
    };
  }

  static Function<String, String> oneOf(Set<String> allowed) {
    return raw -> {
      String upper = raw.toUpperCase(Locale.ROOT);
      if (!allowed.contains(upper)) {
        throw new IllegalArgumentException((String) null);
      }
      return upper;
    };
  }

  static Function<String, String> email() {
    return raw -> {
      if (!raw.matches("[^@\\s]+@[^@\\s]+")) {
        throw new IllegalArgumentException((String) null);
      }
      return raw;
    };
  }

  static Function<String, String> base64Key(int bytes) {
    return raw -> {
      byte[] key;
      try {
        key = Base64.getDecoder().decode(raw);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("not base64");
      }
      if (key.length != bytes) {
        throw new IllegalArgumentException(key.length + " bytes");
      }
      return raw;
    };
  }

  /** Address ranges of trusted proxies, kept in canonical form; blank is none. */
  static Function<String, String> cidrList() {
    return raw -> org.fieldreadings.core.http.TrustedProxies.parse(raw).toString();
  }

  /**
   * A comma-separated list of distinct PF4J plugin ids (letters, digits, '.', '_', '-'), normalized without blanks:
   * {@code " a, b "} is {@code "a,b"}.
   */
  static Function<String, String> pluginIdList() {
    return raw -> {
      List<String> ids = Arrays.stream(raw.split(",", -1)).map(String::strip).toList();
      for (String id : ids) {
        if (!id.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
          throw new IllegalArgumentException(id.isEmpty() ? "an empty plugin id" : "'" + id + "' is no plugin id");
        }
      }
      if (new HashSet<>(ids).size() != ids.size()) {
        throw new IllegalArgumentException("a plugin id is listed twice");
      }
      return String.join(",", ids);
    };
  }

  static Function<String, String> postgresUrl() {
    return raw -> {
      org.fieldreadings.core.db.DatabaseUrl.parse(raw);
      return raw;
    };
  }

  /** An absolute http or https address without query or fragment; a trailing slash is dropped. */
  static Function<String, String> httpUrl() {
    return raw -> {
      java.net.URI uri;
      try {
        uri = new java.net.URI(raw);
      } catch (java.net.URISyntaxException e) {
        throw new IllegalArgumentException((String) null);
      }
      boolean web = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
      if (!web || uri.getHost() == null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
        throw new IllegalArgumentException((String) null);
      }
      return raw.replaceAll("/+$", "");
    };
  }
}
