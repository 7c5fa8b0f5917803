package org.fieldreadings.core.config;

import static org.fieldreadings.core.config.ValueParsers.base64Key;
import static org.fieldreadings.core.config.ValueParsers.bool;
import static org.fieldreadings.core.config.ValueParsers.cidrList;
import static org.fieldreadings.core.config.ValueParsers.email;
import static org.fieldreadings.core.config.ValueParsers.httpUrl;
import static org.fieldreadings.core.config.ValueParsers.instant;
import static org.fieldreadings.core.config.ValueParsers.intRange;
import static org.fieldreadings.core.config.ValueParsers.nonEmpty;
import static org.fieldreadings.core.config.ValueParsers.oneOf;
import static org.fieldreadings.core.config.ValueParsers.pluginIdList;
import static org.fieldreadings.core.config.ValueParsers.positiveDuration;
import static org.fieldreadings.core.config.ValueParsers.postgresUrl;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Every configuration key of the service (each documented in the configuration table of docs/guide.md). */
public final class ConfigKeys {

  private static final String HOST = "a host name or address";
  private static final String PORT = "a port number from 0 to 65535";
  private static final String DURATION = "a positive ISO-8601 duration such as PT15M";

  public static final ConfigKey<String> HTTP_HOST = plain("http.host", HOST, nonEmpty(), "0.0.0.0");
  public static final ConfigKey<Integer> HTTP_PORT = plain("http.port", PORT, intRange(0, 65535), 8080);
  public static final ConfigKey<Integer> HTTP_INSTANCES =
      plain("http.instances", "an integer from 1 to 64", intRange(1, 64), Runtime.getRuntime().availableProcessors());
  /** The address clients use (behind a proxy, the proxy's), for the links of token mails; none: paths only. */
  public static final ConfigKey<String> HTTP_PUBLIC_URL = plain(
      "http.public.url", "an absolute http or https URL such as https://readings.example.org", httpUrl(), null);
  /** The reverse proxies whose {@code X-Forwarded-For} names the client; none by default. */
  public static final ConfigKey<String> HTTP_TRUSTED_PROXIES = plain("http.trusted.proxies",
      "a comma-separated list of addresses or CIDR ranges such as 10.0.0.0/8,2001:db8::/32", cidrList(), null);
  /** How long a connection of either listener may stay without reading or writing a byte before it is closed. */
  public static final ConfigKey<String> HTTP_IDLE_TIMEOUT =
      plain("http.idle.timeout", DURATION, positiveDuration(), "PT60S");
  /** How long a request's headers may take to arrive, counted from its first byte (or from the connection's start). */
  public static final ConfigKey<String> HTTP_REQUEST_HEADER_TIMEOUT =
      plain("http.request.header.timeout", DURATION, positiveDuration(), "PT10S");
  /** The slowest average a request body may arrive at, in bytes a second, once it has had its grace. */
  public static final ConfigKey<Integer> HTTP_REQUEST_BODY_MIN_RATE = plain("http.request.body.min.rate",
      "an integer from 1 to 1073741824", intRange(1, 1 << 30), 1024);
  /** How long a request body may take before its average rate is checked. */
  public static final ConfigKey<String> HTTP_REQUEST_BODY_GRACE =
      plain("http.request.body.grace", DURATION, positiveDuration(), "PT10S");
  public static final ConfigKey<String> ADMIN_HOST = plain("admin.host", HOST, nonEmpty(), "127.0.0.1");
  public static final ConfigKey<Integer> ADMIN_PORT = plain("admin.port", PORT, intRange(0, 65535), 8081);
  public static final ConfigKey<String> ADMIN_TOKEN =
      secret("admin.token", "a token of at least 16 characters", minLength(16));
  public static final ConfigKey<String> DATA_DIR = plain("data.dir", "a directory path", nonEmpty(), "./data");
  /** The folder of the supplier plugin jars; default: {@code plugins} next to the running jar. */
  public static final ConfigKey<String> PLUGINS_DIR =
      plain("plugins.dir", "a directory path", nonEmpty(), pluginsNextToJar());
  /** How long a plugin may take to decode one payload, waiting for a decode thread included. */
  public static final ConfigKey<String> PLUGINS_DECODE_BUDGET =
      plain("plugins.decode.budget", DURATION, positiveDuration(), "PT10S");
  /**
   * How many decode threads of one profile, held by a plugin that ignored their interrupt, are each replaced by a
   * fresh thread. Kept small: such a thread may spin on a core until the plugin lets go.
   */
  public static final ConfigKey<Integer> PLUGINS_WEDGED_MAX =
      plain("plugins.wedged.max", "an integer from 0 to 64", intRange(0, 64), 2);
  /** Whether the plugins folder is watched: a change to it reloads the plugins, as {@code plugins reload} does. */
  public static final ConfigKey<Boolean> PLUGINS_WATCH = plain("plugins.watch", "true or false", bool(), false);
  /**
   * Per profile ({@code plugins.<PROFILE>.decoders}, one key for each of the five): the plugins asked first whether
   * they accept a payload of the profile, in this order; the profile's other plugins follow in plugin-id order.
   */
  public static final ConfigKey<String> PLUGINS_PROFILE_A_DECODERS = decoders("PROFILE_A");
  public static final ConfigKey<String> PLUGINS_REAL_WEATHER_STATION_DECODERS = decoders("REAL_WEATHER_STATION");
  public static final ConfigKey<String> PLUGINS_PROFILE_B_DECODERS = decoders("PROFILE_B");
  public static final ConfigKey<String> PLUGINS_PROFILE_C_DECODERS = decoders("PROFILE_C");
  public static final ConfigKey<String> PLUGINS_PROFILE_D_DECODERS = decoders("PROFILE_D");
  /** The largest raw payload the ingest routes accept (413 beyond): plugins decode payloads in memory. */
  public static final ConfigKey<Integer> INGEST_MAX_BYTES = plain(
      "ingest.max.bytes", "an integer from 1024 to 268435456", intRange(1024, 256 * 1024 * 1024), 4 * 1024 * 1024);
  /** The most devices one ingest key may create: beyond it a payload's new devices are refused, one by one. */
  public static final ConfigKey<Integer> INGEST_KEY_MAX_DEVICES = plain(
      "ingest.key.max.devices", "an integer from 1 to 100000000", intRange(1, 100_000_000), 10_000);
  public static final ConfigKey<String> DATABASE_URL = secret(
      "database.url", "a URL postgresql://user:pass@host:5432/db", postgresUrl());
  public static final ConfigKey<Integer> DATABASE_POOL_SIZE =
      plain("database.pool.size", "an integer from 1 to 200", intRange(1, 200), 8);
  /** A streaming replica the readings queries read from while it is caught up (none by default). */
  public static final ConfigKey<String> DATABASE_REPLICA_URL = secret(
      "database.replica.url", "a URL postgresql://user:pass@host:5432/db?target_session_attrs=standby", postgresUrl());
  /** How far behind the primary the replica may be and still be read from. */
  public static final ConfigKey<String> DATABASE_REPLICA_MAX_LAG =
      plain("database.replica.max.lag", DURATION, positiveDuration(), "PT1S");
  public static final ConfigKey<String> MAIL_SMTP_HOST = plain("mail.smtp.host", HOST, nonEmpty(), null);
  public static final ConfigKey<Integer> MAIL_SMTP_PORT = plain("mail.smtp.port", PORT, intRange(1, 65535), 587);
  public static final ConfigKey<String> MAIL_SMTP_USERNAME =
      plain("mail.smtp.username", "a user name", nonEmpty(), null);
  public static final ConfigKey<String> MAIL_SMTP_PASSWORD = secret("mail.smtp.password", "a password", nonEmpty());
  public static final ConfigKey<String> MAIL_SMTP_STARTTLS = plain(
      "mail.smtp.starttls", "one of DISABLED, OPTIONAL, REQUIRED",
      oneOf(Set.of("DISABLED", "OPTIONAL", "REQUIRED")), "REQUIRED");
  public static final ConfigKey<String> MAIL_FROM = plain("mail.from", "an e-mail address", email(), "no-reply@localhost");
  public static final ConfigKey<String> SECURITY_MASTER_KEY =
      secret("security.master.key", "32 bytes in base64", base64Key(32));
  public static final ConfigKey<String> ACCESS_TOKEN_TTL = plain("access.token.ttl", DURATION, positiveDuration(), "PT15M");
  public static final ConfigKey<Integer> RATELIMIT_KEY_RPS =
      plain("ratelimit.key.rps", "an integer from 1 to 1000000", intRange(1, 1_000_000), 20);
  public static final ConfigKey<Integer> RATELIMIT_KEY_BURST =
      plain("ratelimit.key.burst", "an integer from 1 to 1000000", intRange(1, 1_000_000), 40);
  public static final ConfigKey<Integer> RATELIMIT_TOKEN_EMAIL_HOURLY =
      plain("ratelimit.token.email.hourly", "an integer from 1 to 1000000", intRange(1, 1_000_000), 5);
  public static final ConfigKey<Integer> RATELIMIT_TOKEN_CLIENT_HOURLY =
      plain("ratelimit.token.client.hourly", "an integer from 1 to 1000000", intRange(1, 1_000_000), 30);
  /** Failed authentications per client address and minute before that address gets 429 for the rest of it. */
  public static final ConfigKey<Integer> RATELIMIT_AUTH_FAILURES_PER_MINUTE =
      plain("ratelimit.auth.failures.per.minute", "an integer from 1 to 1000000", intRange(1, 1_000_000), 60);
  public static final ConfigKey<String> READINGS_LIMIT_NONE =
      plain("readings.limit.none", DURATION, positiveDuration(), "P366D");
  public static final ConfigKey<String> READINGS_LIMIT_HOUR =
      plain("readings.limit.hour", DURATION, positiveDuration(), "P1827D");
  public static final ConfigKey<String> READINGS_LIMIT_AGGREGATED =
      plain("readings.limit.aggregated", DURATION, positiveDuration(), "P36525D");
  public static final ConfigKey<Integer> READINGS_LIMIT_INTERFACES =
      plain("readings.limit.interfaces", "an integer from 1 to 1000", intRange(1, 1000), 100);
  /** The most entries of {@code devices} in one multi-device readings request. */
  public static final ConfigKey<Integer> READINGS_LIMIT_DEVICES =
      plain("readings.limit.devices", "an integer from 1 to 1000", intRange(1, 1000), 100);
  /** The earliest timestamp a reading may have, by import, ingest or admin: nothing older is stored. */
  public static final ConfigKey<String> READINGS_ACCEPT_FROM = plain(
      "readings.accept.from", "an RFC 3339 instant such as 2000-01-01T00:00:00Z", instant(), "2000-01-01T00:00:00Z");
  /** How far ahead of the server clock a reading's timestamp may be: device clocks drift, typos do not. */
  public static final ConfigKey<String> READINGS_ACCEPT_AHEAD =
      plain("readings.accept.ahead", DURATION, positiveDuration(), "P1D");
  /** Memory for this node's copies of the readings blocks queries read most; 0 reads every block from the database. */
  public static final ConfigKey<Integer> READINGS_CACHE_MB =
      plain("readings.cache.mb", "an integer from 0 to 65536", intRange(0, 65_536), 16);
  public static final ConfigKey<String> LOGGING_FORMAT =
      plain("logging.format", "text or json", oneOf(Set.of("TEXT", "JSON")), "TEXT");
  /** The most alert rules one entity may have (409 beyond). */
  public static final ConfigKey<Integer> ALERTS_MAX_PER_ENTITY = plain(
      "alerts.max.per.entity", "an integer from 1 to 100000", intRange(1, 100_000), 1000);
  /** The most webhooks one entity may have (409 beyond): each event is sent to every one of them. */
  public static final ConfigKey<Integer> WEBHOOKS_MAX_PER_ENTITY = plain(
      "webhooks.max.per.entity", "an integer from 1 to 1000", intRange(1, 1000), 20);
  /** How long a webhook receiver has to answer a delivery before the attempt counts as failed. */
  public static final ConfigKey<String> WEBHOOKS_TIMEOUT =
      plain("webhooks.timeout", DURATION, positiveDuration(), "PT10S");
  /** How long a webhook delivery is retried before it is abandoned. */
  public static final ConfigKey<String> WEBHOOKS_RETRY_FOR =
      plain("webhooks.retry.for", DURATION, positiveDuration(), "P1D");
  /** Whether webhook URLs may be plain {@code http://} (closed networks, tests). */
  public static final ConfigKey<Boolean> WEBHOOKS_ALLOW_HTTP = plain("webhooks.allow.http", "true or false", bool(),
      false);
  /** Whether webhook URLs may reach loopback, private, link-local or multicast addresses (closed networks, tests). */
  public static final ConfigKey<Boolean> WEBHOOKS_ALLOW_PRIVATE = plain("webhooks.allow.private", "true or false",
      bool(), false);
  /** The most live readings streams one API key may hold open on a node (429 beyond). */
  public static final ConfigKey<Integer> STREAM_MAX_PER_KEY = plain(
      "stream.max.per.key", "an integer from 1 to 1000", intRange(1, 1000), 4);
  public static final ConfigKey<Boolean> DEMO = plain("demo", "true or false", bool(), null);

  /** All keys, in the order of the configuration table of docs/guide.md. */
  public static final List<ConfigKey<?>> ALL = List.of(
      HTTP_HOST, HTTP_PORT, HTTP_INSTANCES, HTTP_PUBLIC_URL, HTTP_TRUSTED_PROXIES, HTTP_IDLE_TIMEOUT,
      HTTP_REQUEST_HEADER_TIMEOUT, HTTP_REQUEST_BODY_MIN_RATE, HTTP_REQUEST_BODY_GRACE, ADMIN_HOST, ADMIN_PORT,
      ADMIN_TOKEN, DATA_DIR, PLUGINS_DIR, PLUGINS_DECODE_BUDGET, PLUGINS_WEDGED_MAX, PLUGINS_WATCH,
      PLUGINS_PROFILE_A_DECODERS, PLUGINS_REAL_WEATHER_STATION_DECODERS, PLUGINS_PROFILE_B_DECODERS,
      PLUGINS_PROFILE_C_DECODERS, PLUGINS_PROFILE_D_DECODERS, INGEST_MAX_BYTES, INGEST_KEY_MAX_DEVICES,
      DATABASE_URL, DATABASE_POOL_SIZE, DATABASE_REPLICA_URL, DATABASE_REPLICA_MAX_LAG,
      MAIL_SMTP_HOST, MAIL_SMTP_PORT, MAIL_SMTP_USERNAME, MAIL_SMTP_PASSWORD, MAIL_SMTP_STARTTLS, MAIL_FROM,
      SECURITY_MASTER_KEY, ACCESS_TOKEN_TTL, RATELIMIT_KEY_RPS, RATELIMIT_KEY_BURST,
      RATELIMIT_TOKEN_EMAIL_HOURLY, RATELIMIT_TOKEN_CLIENT_HOURLY, RATELIMIT_AUTH_FAILURES_PER_MINUTE,
      READINGS_LIMIT_NONE, READINGS_LIMIT_HOUR, READINGS_LIMIT_AGGREGATED, READINGS_LIMIT_INTERFACES,
      READINGS_LIMIT_DEVICES, READINGS_ACCEPT_FROM, READINGS_ACCEPT_AHEAD, READINGS_CACHE_MB, ALERTS_MAX_PER_ENTITY,
      WEBHOOKS_MAX_PER_ENTITY, WEBHOOKS_TIMEOUT, WEBHOOKS_RETRY_FOR, WEBHOOKS_ALLOW_HTTP, WEBHOOKS_ALLOW_PRIVATE, STREAM_MAX_PER_KEY,
      LOGGING_FORMAT, DEMO);

  private ConfigKeys() {}

  /** The key with this dotted name. */
  public static Optional<ConfigKey<?>> byName(String name) {
    return ALL.stream().filter(k -> k.name().equals(name)).findFirst();
  }

  /** The {@code plugins.<profile>.decoders} key of a profile (its enumeration name, e.g. {@code PROFILE_D}). */
  public static ConfigKey<String> pluginsDecoders(String profile) {
    return byName("plugins." + profile + ".decoders").map(key -> {
      @SuppressWarnings("unchecked")
      ConfigKey<String> decoders = (ConfigKey<String>) key;
      return decoders;
    }).orElseThrow(() -> new IllegalArgumentException("no profile " + profile));
  }

  /** The key set by this environment variable. */
  public static Optional<ConfigKey<?>> byEnvName(String envName) {
    return ALL.stream().filter(k -> k.envName().equals(envName)).findFirst();
  }

  private static <T> ConfigKey<T> plain(String name, String expected, java.util.function.Function<String, T> parser, T def) {
    return new ConfigKey<>(name, expected, parser, def, false);
  }

  /**
   * The default plugins folder: {@code plugins} beside the jar this class was loaded from (the fat jar, so
   * {@code java -jar app/target/field-readings.jar} finds the bundled plugins in {@code app/target/plugins}), or
   * {@code ./plugins} in the working directory when running from a classes folder (IDE, tests).
   */
  static String pluginsNextToJar() {
    try {
      CodeSource source = ConfigKeys.class.getProtectionDomain().getCodeSource();
      if (source != null) {
        Path location = Path.of(source.getLocation().toURI());
        if (Files.isRegularFile(location)) {
          return location.resolveSibling("plugins").toString();
        }
      }
    } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
      // An unusual class loader location: fall back to the working directory.
    }
    return "./plugins";
  }

  private static ConfigKey<String> decoders(String profile) {
    return plain("plugins." + profile + ".decoders",
        "a comma-separated list of plugin ids such as profile-d-cayenne,profile-d-lorawan", pluginIdList(), null);
  }

  private static ConfigKey<String> secret(String name, String expected, java.util.function.Function<String, String> parser) {
    return new ConfigKey<>(name, expected, parser, null, true);
  }

  private static java.util.function.Function<String, String> minLength(int length) {
    return raw -> {
      if (raw.length() < length) {
        throw new IllegalArgumentException((String) null);
      }
      return raw;
    };
  }
}
