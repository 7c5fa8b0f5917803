package org.fieldreadings.core.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both database clients against real servers: the test server without TLS, and one with {@code ssl=on} and a
 * self-signed certificate for 127.0.0.1. Each connection asks {@code pg_stat_ssl} whether it is encrypted.
 */
class DatabaseTlsConnectionTest {

  private static final String ENCRYPTED = "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()";

  @TempDir
  static Path dir;

  private static Vertx vertx;
  private static EmbeddedPostgres tlsServer;
  private static Path serverCert;
  private static Path otherCert;

  @BeforeAll
  static void start() throws Exception {
    vertx = Vertx.vertx();
    serverCert = selfSigned("server", "subjectAltName=IP:127.0.0.1,DNS:localhost");
    otherCert = selfSigned("other", "subjectAltName=IP:127.0.0.1");
    tlsServer = EmbeddedPostgres.builder()
        .setPgBinaryResolver(PostgresBinaries.RESOLVER)
        .setOverrideWorkingDirectory(PostgresBinaries.workingDirectory().toFile())
        .setServerConfig("listen_addresses", "127.0.0.1")
        .setServerConfig("ssl", "on")
        .setServerConfig("ssl_cert_file", serverCert.toString())
        .setServerConfig("ssl_key_file", dir.resolve("server.key").toString())
        .start();
  }

  @AfterAll
  static void stop() throws Exception {
    tlsServer.close();
    vertx.close().await(30, TimeUnit.SECONDS);
  }

  @Test
  void requireAgainstAServerWithoutTlsFailsOnBothClients() {
    DatabaseUrl url = withQuery(TestPostgres.newDatabase(), "?sslmode=require");

    assertThatThrownBy(() -> jdbcEncrypted(url)).isInstanceOf(SQLException.class)
        .hasMessage("The server does not support SSL.");
    assertThatThrownBy(() -> vertxEncrypted(url)).hasMessageContaining("SSL");
  }

  @Test
  void disableAndPreferConnectToAServerWithoutTlsInPlaintext() throws Exception {
    for (String query : List.of("?sslmode=disable", "?sslmode=prefer")) {
      DatabaseUrl url = withQuery(TestPostgres.newDatabase(), query);
      assertThat(jdbcEncrypted(url)).as(query).isFalse();
      assertThat(vertxEncrypted(url)).as(query).isFalse();
    }
  }

  @Test
  void verifyFullWithTheServersRootConnectsBothClientsEncrypted() throws Exception {
    DatabaseUrl url = tlsUrl("?sslmode=verify-full&sslrootcert=" + serverCert);

    assertThat(jdbcEncrypted(url)).isTrue();
    assertThat(vertxEncrypted(url)).isTrue();
  }

  @Test
  void requireAndPreferEncryptWhenTheServerOffersTls() throws Exception {
    for (String query : List.of("?sslmode=require", "?sslmode=prefer")) {
      DatabaseUrl url = tlsUrl(query);
      assertThat(jdbcEncrypted(url)).as(query).isTrue();
      assertThat(vertxEncrypted(url)).as(query).isTrue();
    }
  }

  @Test
  void verifyFullWithAnotherRootIsRefusedByBothClients() {
    DatabaseUrl url = tlsUrl("?sslmode=verify-full&sslrootcert=" + otherCert);

    assertThatThrownBy(() -> jdbcEncrypted(url)).isInstanceOf(SQLException.class);
    assertThatThrownBy(() -> vertxEncrypted(url)).isNotNull();
  }

  @Test
  void migrationsStopWithOneLineNamingTheKeyWhenTheServerHasNoTls() {
    DatabaseUrl url = withQuery(TestPostgres.newDatabase(), "?sslmode=require");

    assertThatThrownBy(() -> Migrations.migrate(url, List.of(new ModuleSchema("access"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("cannot connect to the database of database.url, " + url + ": The server does not support SSL.");
  }

  private static DatabaseUrl withQuery(DatabaseUrl url, String query) {
    return DatabaseUrl.parse(url.toConfigValue().replaceFirst("\\?.*", "") + query);
  }

  private static DatabaseUrl tlsUrl(String query) {
    return DatabaseUrl.parse("postgresql://postgres@127.0.0.1:" + tlsServer.getPort() + "/postgres" + query);
  }

  private static boolean jdbcEncrypted(DatabaseUrl url) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
         Statement statement = connection.createStatement();
         ResultSet rows = statement.executeQuery(ENCRYPTED)) {
      rows.next();
      return rows.getBoolean(1);
    }
  }

  private static boolean vertxEncrypted(DatabaseUrl url) throws Exception {
    SqlConnection connection = PgConnection.connect(vertx, Pools.connectOptions(url)).await(10, TimeUnit.SECONDS);
    try {
      Row row = connection.query(ENCRYPTED).execute().await(10, TimeUnit.SECONDS).iterator().next();
      return row.getBoolean(0);
    } finally {
      connection.close().await(10, TimeUnit.SECONDS);
    }
  }

  /** A self-signed certificate and its key (owner-only, as PostgreSQL demands) made with openssl. */
  private static Path selfSigned(String name, String subjectAltName) throws Exception {
    Path cert = dir.resolve(name + ".crt");
    Process openssl = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
        "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=localhost", "-addext", subjectAltName,
        "-keyout", dir.resolve(name + ".key").toString(), "-out", cert.toString())
        .redirectErrorStream(true).start();
    String output = new String(openssl.getInputStream().readAllBytes());
    assertThat(openssl.waitFor()).as(output).isZero();
    java.nio.file.Files.setPosixFilePermissions(dir.resolve(name + ".key"),
        java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    return cert;
  }
}
