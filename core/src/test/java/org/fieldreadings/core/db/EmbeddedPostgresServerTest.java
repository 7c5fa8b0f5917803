package org.fieldreadings.core.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded cluster accepts only the holder of its generated password, and comes back when its postmaster dies. */
class EmbeddedPostgresServerTest {

  @TempDir
  Path dataDir;

  @Test
  void connectionsWithoutOrWithAWrongPasswordAreRefused() throws Exception {
    try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(dataDir.resolve("pg"))) {
      DatabaseUrl url = server.url();
      assertThatThrownBy(() -> DriverManager.getConnection(url.jdbcUrl(), "postgres", null).close())
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("no password was provided");
      assertThatThrownBy(() -> DriverManager.getConnection(url.jdbcUrl(), "postgres", "wrong-password").close())
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("password authentication failed for user \"postgres\"");
      assertThat(selectOne(url)).isEqualTo(1);
    }
  }

  @Test
  void passwordIsGeneratedOwnerOnlyAndPgHbaHasNoTrustLine() throws Exception {
    try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(dataDir.resolve("pg"))) {
      Path passwordFile = dataDir.resolve("pg.password");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(passwordFile))).isEqualTo("rw-------");
      assertThat(Files.readString(passwordFile)).isEqualTo(server.url().password()).matches("[A-Za-z0-9_-]{43}");
      String hba = Files.readString(dataDir.resolve("pg/pg_hba.conf"));
      assertThat(hba).doesNotContainPattern("(?m)^[^#]*\\btrust\\b");
      assertThat(hba.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).toList())
          .containsExactly("local all all scram-sha-256", "host  all all 127.0.0.1/32 scram-sha-256");
    }
  }

  @Test
  void binariesFolderIsWritableByTheServiceUserOnly() throws Exception {
    try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(dataDir.resolve("pg"))) {
      Path workingDirectory = PostgresBinaries.workingDirectory();
      for (Path folder : new Path[] {workingDirectory.getParent(), workingDirectory}) {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(folder))).isEqualTo("rwx------");
      }
      try (var unpacked = Files.walk(workingDirectory)) {
        assertThat(unpacked.filter(path -> !Files.isSymbolicLink(path))
            .filter(path -> PosixFilePermissions.toString(uncheckedPermissions(path)).matches("....w....|.......w."))
            .toList()).isEmpty();
      }
      assertThat(Files.readString(dataDir.resolve("pg/postmaster.pid")).lines().toList().get(0)).isNotBlank();
    }
  }

  @Test
  void clusterCreatedWithTrustIsConvertedOnItsNextStart() throws Exception {
    Path cluster = dataDir.resolve("pg");
    EmbeddedPostgres.builder().setDataDirectory(cluster).setCleanDataDirectory(false)
        .setRegisterShutdownHook(false).start().close();
    assertThat(Files.readString(cluster.resolve("pg_hba.conf"))).containsPattern("(?m)^host\\s+all\\s+all.*trust");
    try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(cluster)) {
      assertThat(server.created()).isFalse();
      assertThat(Files.readString(cluster.resolve("pg_hba.conf"))).isEqualTo(ClusterAccess.PG_HBA);
      assertThatThrownBy(() -> DriverManager.getConnection(server.url().jdbcUrl(), "postgres", null).close())
          .isInstanceOf(SQLException.class);
      assertThat(selectOne(server.url())).isEqualTo(1);
    }
    try (EmbeddedPostgresServer again = EmbeddedPostgresServer.start(cluster)) {
      assertThat(selectOne(again.url())).isEqualTo(1);
    }
  }

  @Test
  @ExpectedFailureLogs
  void killedPostmasterIsRestartedOnTheSamePort() throws Exception {
    try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(dataDir.resolve("pg"))) {
      DatabaseUrl url = server.url();
      long pid = postmasterPid();
      new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor();
      long deadline = System.currentTimeMillis() + 60_000;
      Integer answer = null;
      while (answer == null && System.currentTimeMillis() < deadline) {
        try {
          answer = postmasterPid() != pid ? selectOne(url) : null;
        } catch (SQLException | java.io.IOException | RuntimeException e) {
          Thread.sleep(200);
        }
      }
      assertThat(answer).as("answer of the restarted PostgreSQL on " + url.hosts()).isEqualTo(1);
      assertThat(server.url()).isEqualTo(url);
    }
  }

  private long postmasterPid() throws java.io.IOException {
    return Long.parseLong(Files.readAllLines(dataDir.resolve("pg/postmaster.pid")).get(0).trim());
  }

  private static java.util.Set<java.nio.file.attribute.PosixFilePermission> uncheckedPermissions(Path path) {
    try {
      return Files.getPosixFilePermissions(path);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static int selectOne(DatabaseUrl url) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", url.user());
    properties.setProperty("password", url.password());
    try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), properties);
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT 1")) {
      rows.next();
      return rows.getInt(1);
    }
  }
}
