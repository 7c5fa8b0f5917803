package org.fieldreadings.core.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fieldreadings.core.config.ConfigException;
import org.fieldreadings.core.config.ConfigKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DatabaseUrlTest {

  @TempDir
  static Path dir;

  @ParameterizedTest
  @CsvSource({"disable, DISABLE", "allow, ALLOW", "prefer, PREFER", "require, REQUIRE"})
  void anUnverifiedModeGoesToBothClientsAndTrustsAnyCertificate(String sslmode, SslMode vertx) {
    DatabaseUrl url = DatabaseUrl.parse("postgresql://app:secret@db.example:5433/readings?sslmode=" + sslmode);

    assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example:5433/readings?sslmode=" + sslmode);
    PgConnectOptions options = Pools.connectOptions(url);
    assertThat(options.getSslMode()).isEqualTo(vertx);
    if (vertx != SslMode.DISABLE) {
      assertThat(options.getSslOptions().isTrustAll()).isTrue();
      assertThat(options.getSslOptions().getTrustOptions()).isNull();
    }
  }

  @Test
  void withoutSslmodeBothClientsPreferTlsAsLibpqDoes() {
    DatabaseUrl url = DatabaseUrl.parse("postgresql://app:secret@db.example/readings");

    assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example:5432/readings?sslmode=prefer");
    assertThat(Pools.connectOptions(url).getSslMode()).isEqualTo(SslMode.PREFER);
  }

  @Test
  void verifyFullChecksTheCertificateAgainstTheRootAndTheHostName() throws Exception {
    Path root = Files.writeString(dir.resolve("root ca.pem"), "-----BEGIN CERTIFICATE-----\n");
    DatabaseUrl url = DatabaseUrl.parse("postgresql://app:secret@db.example/readings?sslmode=verify-full&sslrootcert="
        + root.toString().replace(" ", "%20"));

    assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example:5432/readings?sslmode=verify-full&sslrootcert="
        + java.net.URLEncoder.encode(root.toString(), java.nio.charset.StandardCharsets.UTF_8));
    PgConnectOptions options = Pools.connectOptions(url);
    assertThat(options.getSslMode()).isEqualTo(SslMode.VERIFY_FULL);
    assertThat(options.getSslOptions().isTrustAll()).isFalse();
    assertThat(((PemTrustOptions) options.getSslOptions().getTrustOptions()).getCertPaths())
        .containsExactly(root.toString());
    assertThat(options.getSslOptions().getHostnameVerificationAlgorithm()).isEqualTo("HTTPS");
  }

  @Test
  void verifyCaChecksTheCertificateButNotTheHostName() throws Exception {
    Path root = Files.writeString(dir.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\n");
    DatabaseUrl url = DatabaseUrl.parse("postgresql://db.example/readings?sslmode=verify-ca&sslrootcert=" + root);

    assertThat(url.jdbcUrl()).endsWith("?sslmode=verify-ca&sslrootcert=" + root.toString().replace("/", "%2F"));
    PgConnectOptions options = Pools.connectOptions(url);
    assertThat(options.getSslMode()).isEqualTo(SslMode.VERIFY_CA);
    assertThat(((PemTrustOptions) options.getSslOptions().getTrustOptions()).getCertPaths())
        .containsExactly(root.toString());
    assertThat(options.getSslOptions().getHostnameVerificationAlgorithm()).isEmpty();
  }

  @Test
  void theConfigurationValueReadsBackTheSame() throws Exception {
    Path root = Files.writeString(dir.resolve("back.pem"), "-----BEGIN CERTIFICATE-----\n");
    DatabaseUrl url = DatabaseUrl.parse("postgresql://app:s%40cret@db.example/readings?sslmode=verify-ca&sslrootcert="
        + root);

    assertThat(DatabaseUrl.parse(url.toConfigValue())).isEqualTo(url);
  }

  @Test
  void theLoggedFormNamesTheModeButNotThePassword() {
    assertThat(DatabaseUrl.parse("postgresql://app:secret@db.example/readings?sslmode=require"))
        .hasToString("postgresql://app@db.example:5432/readings?sslmode=require");
  }

  @Test
  void anUnknownParameterIsAStartUpErrorNamingTheKeyAndTheParameter() {
    assertThatThrownBy(() -> ConfigKeys.DATABASE_URL.parse(
        "postgresql://app:secret@db.example/readings?sslmode=require&ssl_mode=require", "FR_DATABASE_URL"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("database.url (FR_DATABASE_URL): expected a URL postgresql://user:pass@host:5432/db, got (hidden) "
            + "(unknown parameter 'ssl_mode' (the supported ones are sslmode, sslrootcert and target_session_attrs))");
  }

  @Test
  void anUnknownSslmodeIsRefused() {
    assertThatThrownBy(() -> DatabaseUrl.parse("postgresql://db.example/readings?sslmode=on"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full");
  }

  @Test
  void aVerifyModeWithoutRootCertificatesIsRefused() {
    assertThatThrownBy(() -> DatabaseUrl.parse("postgresql://db.example/readings?sslmode=verify-full"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sslmode=verify-full needs sslrootcert, the PEM file of the certificates that sign the server's");
  }

  @Test
  void rootCertificatesWithAModeThatDoesNotVerifyAreRefused() throws Exception {
    Path root = Files.writeString(dir.resolve("unused.pem"), "-----BEGIN CERTIFICATE-----\n");
    assertThatThrownBy(() -> DatabaseUrl.parse("postgresql://db.example/readings?sslmode=require&sslrootcert="
        + root))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sslrootcert is used only with sslmode=verify-ca or verify-full");
  }

  @Test
  void rootCertificatesThatCannotBeReadAreRefused() {
    assertThatThrownBy(() -> DatabaseUrl.parse("postgresql://db.example/readings?sslmode=verify-ca&sslrootcert="
        + dir.resolve("missing.pem")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sslrootcert " + dir.resolve("missing.pem") + " cannot be read");
  }

  @Test
  void theMultiHostFormOfPgAutoctlShowUriListsEveryHostAndTheTarget() {
    DatabaseUrl url = DatabaseUrl.parse("postgres://app:secret@127.0.0.1:6001,127.0.0.1:6002/fieldreadings"
        + "?target_session_attrs=read-write&sslmode=prefer");

    assertThat(url.hosts()).containsExactly(new DatabaseUrl.Host("127.0.0.1", 6001),
        new DatabaseUrl.Host("127.0.0.1", 6002));
    assertThat(url.target()).isEqualTo(SessionTarget.READ_WRITE);
    assertThat(url.database()).isEqualTo("fieldreadings");
    assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:6001,127.0.0.1:6002/fieldreadings"
        + "?sslmode=prefer&targetServerType=primary&hostRecheckSeconds=2");
    assertThat(url).hasToString("postgresql://app@127.0.0.1:6001,127.0.0.1:6002/fieldreadings?sslmode=prefer"
        + "&target_session_attrs=read-write");
    assertThat(DatabaseUrl.parse(url.toConfigValue())).isEqualTo(url);
  }

  @Test
  void hostsWithoutPortsTakeTheDefaultAndIpv6HostsAreBracketed() {
    DatabaseUrl url = DatabaseUrl.parse("postgresql://db1,[::1]:5433/readings");

    assertThat(url.hosts()).containsExactly(new DatabaseUrl.Host("db1", 5432), new DatabaseUrl.Host("::1", 5433));
    assertThat(url.jdbcUrl()).startsWith("jdbc:postgresql://db1:5432,[::1]:5433/readings?");
  }

  @ParameterizedTest
  @CsvSource({"standby, secondary", "prefer-standby, preferSecondary", "primary, primary", "read-only, secondary"})
  void everyTargetOfLibpqHasItsPgjdbcServerType(String target, String serverType) {
    assertThat(DatabaseUrl.parse("postgresql://a:1,b:2/db?target_session_attrs=" + target).jdbcUrl())
        .contains("targetServerType=" + serverType);
  }

  @Test
  void anUnknownTargetIsRefused() {
    assertThatThrownBy(() -> DatabaseUrl.parse("postgresql://a,b/db?target_session_attrs=master"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("target_session_attrs must be one of any, read-write, primary, read-only, standby, "
            + "prefer-standby");
  }

  @Test
  void anEmptyHostInTheListIsRefused() {
    assertThatThrownBy(() -> DatabaseUrl.parse("postgresql://a:1,,b:2/db"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no host");
  }
}
