package org.fieldreadings.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {

  @TempDir
  Path dir;

  @Test
  void defaultsApplyWhenNothingIsSet() {
    JsonObject config = ConfigLoader.load(null, Map.of());
    assertThat(ConfigKeys.HTTP_HOST.get(config)).isEqualTo("0.0.0.0");
    assertThat(ConfigKeys.HTTP_PORT.get(config)).isEqualTo(8080);
    assertThat(ConfigKeys.ADMIN_HOST.get(config)).isEqualTo("127.0.0.1");
    assertThat(ConfigKeys.ADMIN_PORT.get(config)).isEqualTo(8081);
    assertThat(ConfigKeys.DATA_DIR.get(config)).isEqualTo("./data");
    assertThat(ConfigKeys.DATABASE_POOL_SIZE.get(config)).isEqualTo(8);
    assertThat(ConfigKeys.MAIL_SMTP_PORT.get(config)).isEqualTo(587);
    assertThat(ConfigKeys.MAIL_SMTP_STARTTLS.get(config)).isEqualTo("REQUIRED");
    assertThat(ConfigKeys.MAIL_FROM.get(config)).isEqualTo("no-reply@localhost");
    assertThat(ConfigKeys.ACCESS_TOKEN_TTL.get(config)).isEqualTo("PT15M");
    assertThat(ConfigKeys.RATELIMIT_KEY_RPS.get(config)).isEqualTo(20);
    assertThat(ConfigKeys.RATELIMIT_KEY_BURST.get(config)).isEqualTo(40);
    assertThat(ConfigKeys.RATELIMIT_TOKEN_EMAIL_HOURLY.get(config)).isEqualTo(5);
    assertThat(ConfigKeys.RATELIMIT_TOKEN_CLIENT_HOURLY.get(config)).isEqualTo(30);
    assertThat(ConfigKeys.DATABASE_URL.get(config)).isNull();
    assertThat(ConfigKeys.MAIL_SMTP_HOST.get(config)).isNull();
    assertThat(ConfigKeys.DEMO.get(config)).isNull();
  }

  @Test
  void fileValuesOverrideDefaults() throws IOException {
    Path file = write("{\"http.port\": 9090, \"mail.smtp.host\": \"smtp.example.org\", \"demo\": false}");
    JsonObject config = ConfigLoader.load(file, Map.of());
    assertThat(ConfigKeys.HTTP_PORT.get(config)).isEqualTo(9090);
    assertThat(ConfigKeys.MAIL_SMTP_HOST.get(config)).isEqualTo("smtp.example.org");
    assertThat(ConfigKeys.DEMO.get(config)).isFalse();
  }

  @Test
  void nestedObjectsInTheFileAreDottedKeys() throws IOException {
    Path file = write("{\"http\": {\"port\": \"9191\"}, \"ratelimit\": {\"key\": {\"rps\": 5}}}");
    JsonObject config = ConfigLoader.load(file, Map.of());
    assertThat(ConfigKeys.HTTP_PORT.get(config)).isEqualTo(9191);
    assertThat(ConfigKeys.RATELIMIT_KEY_RPS.get(config)).isEqualTo(5);
  }

  @Test
  void environmentWinsOverTheFile() throws IOException {
    Path file = write("{\"http.port\": 9090}");
    JsonObject config = ConfigLoader.load(file, Map.of("FR_HTTP_PORT", "7070", "PATH", "/bin"));
    assertThat(ConfigKeys.HTTP_PORT.get(config)).isEqualTo(7070);
  }

  @Test
  void everyKeyHasItsEnvironmentVariable() {
    assertThat(ConfigKeys.MAIL_SMTP_STARTTLS.envName()).isEqualTo("FR_MAIL_SMTP_STARTTLS");
    assertThat(ConfigKeys.RATELIMIT_TOKEN_EMAIL_HOURLY.envName()).isEqualTo("FR_RATELIMIT_TOKEN_EMAIL_HOURLY");
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      assertThat(ConfigKeys.byEnvName(key.envName())).contains(key);
    }
  }

  @Test
  void thePluginsFolderIsNotWatchedByDefaultAndTheSwitchIsValidated() {
    assertThat(ConfigKeys.PLUGINS_WATCH.get(ConfigLoader.load(null, Map.of()))).isFalse();
    assertThat(ConfigKeys.PLUGINS_WATCH.get(ConfigLoader.load(null, Map.of("FR_PLUGINS_WATCH", "TRUE")))).isTrue();
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_PLUGINS_WATCH", "yes")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("plugins.watch (FR_PLUGINS_WATCH): expected true or false, got 'yes'");
  }

  @Test
  void wedgedPluginThreadsAreCappedAtTwoByDefaultAndTheCapIsValidated() {
    assertThat(ConfigKeys.PLUGINS_WEDGED_MAX.get(ConfigLoader.load(null, Map.of()))).isEqualTo(2);
    assertThat(ConfigKeys.PLUGINS_WEDGED_MAX.get(ConfigLoader.load(null, Map.of("FR_PLUGINS_WEDGED_MAX", "0"))))
        .isZero();
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_PLUGINS_WEDGED_MAX", "-1")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(
            "plugins.wedged.max (FR_PLUGINS_WEDGED_MAX): expected an integer from 0 to 64, got '-1'");
  }

  @Test
  void malformedPortNamesTheKeyAndTheVariable() {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_HTTP_PORT", "eighty")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("http.port (FR_HTTP_PORT): expected a port number from 0 to 65535, got 'eighty' (not an integer)");
  }

  @Test
  void outOfRangePortIsRejected() {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_ADMIN_PORT", "70000")))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("admin.port (FR_ADMIN_PORT)");
  }

  @Test
  void malformedValueInTheFileNamesTheKeyAndTheFile() throws IOException {
    Path file = write("{\"access.token.ttl\": \"15 minutes\"}");
    assertThatThrownBy(() -> ConfigLoader.load(file, Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessage("access.token.ttl (" + file + "): expected a positive ISO-8601 duration such as PT15M, "
            + "got '15 minutes'");
  }

  @Test
  void unknownKeyInTheFileStopsLoading() throws IOException {
    Path file = write("{\"http.prot\": 8080}");
    assertThatThrownBy(() -> ConfigLoader.load(file, Map.of()))
        .isInstanceOf(ConfigException.class).hasMessage("http.prot (" + file + "): unknown configuration key");
  }

  @Test
  void unknownFrVariableStopsLoading() {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_HTTP_PROT", "1")))
        .isInstanceOf(ConfigException.class).hasMessage("FR_HTTP_PROT: unknown configuration variable");
  }

  @Test
  void secretsAreNeverEchoedInErrors() {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_SECURITY_MASTER_KEY", "c2hvcnQ=")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("security.master.key")
        .hasMessageContaining("(hidden)")
        .hasMessageNotContaining("c2hvcnQ=");
  }

  @Test
  void databaseUrlMustBePostgresql() {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_DATABASE_URL", "mysql://h/db")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("database.url");
    JsonObject config = ConfigLoader.load(null, Map.of("FR_DATABASE_URL", "postgresql://u:p%40ss@db.local:6543/fr"));
    assertThat(ConfigKeys.DATABASE_URL.get(config)).isEqualTo("postgresql://u:p%40ss@db.local:6543/fr");
  }

  @Test
  void starttlsAndBooleansAreChecked() {
    assertThat(ConfigKeys.MAIL_SMTP_STARTTLS.get(ConfigLoader.load(null, Map.of("FR_MAIL_SMTP_STARTTLS", "required"))))
        .isEqualTo("REQUIRED");
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_MAIL_SMTP_STARTTLS", "SOMETIMES")))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("mail.smtp.starttls");
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_DEMO", "yes")))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("demo (FR_DEMO): expected true or false");
  }

  @Test
  void theAcceptedReadingsWindowDefaultsTo2000AndOneDayAheadAndIsChecked() {
    JsonObject defaults = ConfigLoader.load(null, Map.of());
    assertThat(ConfigKeys.READINGS_ACCEPT_FROM.get(defaults)).isEqualTo("2000-01-01T00:00:00Z");
    assertThat(ConfigKeys.READINGS_ACCEPT_AHEAD.get(defaults)).isEqualTo("P1D");
    JsonObject set = ConfigLoader.load(null,
        Map.of("FR_READINGS_ACCEPT_FROM", "2015-06-01T02:00:00+02:00", "FR_READINGS_ACCEPT_AHEAD", "PT2H"));
    assertThat(ConfigKeys.READINGS_ACCEPT_FROM.get(set)).isEqualTo("2015-06-01T00:00:00Z");
    assertThat(ConfigKeys.READINGS_ACCEPT_AHEAD.get(set)).isEqualTo("PT2H");
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_READINGS_ACCEPT_FROM", "2015-06-01")))
        .isInstanceOf(ConfigException.class).hasMessage("readings.accept.from (FR_READINGS_ACCEPT_FROM): expected "
            + "an RFC 3339 instant such as 2000-01-01T00:00:00Z, got '2015-06-01'");
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_READINGS_ACCEPT_AHEAD", "-P1D")))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("readings.accept.ahead (FR_READINGS_ACCEPT_AHEAD)");
  }

  @Test
  void fileThatIsNotJsonIsReported() throws IOException {
    Path file = write("http.port=8080");
    assertThatThrownBy(() -> ConfigLoader.load(file, Map.of()))
        .isInstanceOf(ConfigException.class).hasMessage("configuration file " + file + " is not a JSON object");
  }

  private Path write(String json) throws IOException {
    Path file = dir.resolve("config.json");
    Files.writeString(file, json);
    return file;
  }

  @Test
  void publicUrlIsAnAbsoluteWebAddressWithoutItsTrailingSlash() {
    assertThat(ConfigKeys.HTTP_PUBLIC_URL.get(ConfigLoader.load(null,
        Map.of("FR_HTTP_PUBLIC_URL", "https://readings.example.org/")))).isEqualTo("https://readings.example.org");
    assertThat(ConfigKeys.HTTP_PUBLIC_URL.get(ConfigLoader.load(null, Map.of()))).isNull();
    for (String bad : new String[] {"readings.example.org", "ftp://readings.example.org", "https://h/?q=1"}) {
      assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_HTTP_PUBLIC_URL", bad)))
          .isInstanceOf(ConfigException.class).hasMessageStartingWith("http.public.url (FR_HTTP_PUBLIC_URL): expected an absolute http");
    }
  }
}
