package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The service's embedded PostgreSQL: only the service gets in, and it comes back by itself when killed. */
class EmbeddedDatabaseAccessTest {

  @TempDir
  Path dataDir;

  @Test
  void embeddedDatabaseRefusesConnectionsWithoutTheGeneratedPassword() throws Exception {
    JsonObject config = TestServers.config(dataDir, Map.of());
    try (FieldReadingsServer server = FieldReadingsServer.start(config)) {
      DatabaseUrl url = DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config));
      assertThat(url.hosts()).extracting(DatabaseUrl.Host::name).containsExactly("127.0.0.1");
      assertThatThrownBy(() -> DriverManager.getConnection(url.jdbcUrl(), "postgres", null).close())
          .isInstanceOf(SQLException.class).hasMessageContaining("no password was provided");
      assertThatThrownBy(() -> DriverManager.getConnection(url.jdbcUrl(), "postgres", "guessed").close())
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("password authentication failed for user \"postgres\"");

      Path passwordFile = dataDir.resolve("pg.password");
      assertThat(permissions(passwordFile)).isEqualTo("rw-------");
      assertThat(Files.readString(passwordFile)).isEqualTo(url.password());
      assertThat(TestPostgres.queryString(url, "SELECT current_setting('password_encryption')"))
          .isEqualTo("scram-sha-256");
      assertThat(TestPostgres.queryString(url, "SELECT left(rolpassword, 14) FROM pg_authid WHERE rolname = 'postgres'"))
          .isEqualTo("SCRAM-SHA-256$");
      assertThat(Files.readAllLines(dataDir.resolve("pg/pg_hba.conf")))
          .noneMatch(line -> !line.startsWith("#") && line.contains("trust"));
    }
  }

  @Test
  void embeddedDatabaseProgramsAreWritableByTheServiceUserOnly() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      Path program = Path.of("/proc", Long.toString(postmasterPid()), "exe").toRealPath();
      // bin/postgres, its folder, the unpacked archive's folder, and the folders holding that.
      for (Path path = program; path.getNameCount() > program.getNameCount() - 5; path = path.getParent()) {
        assertThat(permissions(path)).as(path.toString()).matches("....-..-.");
      }
    }
  }

  @Test
  @ExpectedFailureLogs
  void killedDatabaseIsRestartedAndTheServiceRecoversWithoutARestart() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      TestHttp admin = new TestHttp(server.adminPort());
      String token = "Bearer " + Files.readString(dataDir.resolve("admin.token"));
      String apiKey = readerWithOneReading(admin, token);
      long killed = postmasterPid();
      assertThat(new ProcessBuilder("kill", "-9", Long.toString(killed)).start().waitFor()).isZero();

      long deadline = System.currentTimeMillis() + 60_000;
      Answer health = admin.get("/health");
      while ((health.status() != 200 || postmasterPid() == killed) && System.currentTimeMillis() < deadline) {
        Thread.sleep(250);
        health = admin.get("/health");
      }
      assertThat(postmasterPid()).isNotEqualTo(killed);
      assertThat(health.status()).isEqualTo(200);
      assertThat(health.json().getString("status")).isEqualTo("UP");
      assertThat(health.json().getString("database")).isEqualTo("UP");
      Answer created = admin.post("/admin/entities", new JsonObject().put("email", "after@example.com")
          .put("name", "After the restart").encode(), "Authorization", token, "Content-Type", "application/json");
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
      Answer listed = admin.get("/admin/entities", "Authorization", token);
      assertThat(listed.status()).isEqualTo(200);
      assertThat(listed.body()).contains("after@example.com");
      // The public listeners query through pools of their own: those reconnect too.
      Answer readings = new TestHttp(server.httpPort()).get("/api/devices/REAL_WEATHER_STATION/WS-1/readings"
          + "?interfaces=AirTemp&startDate=2024-03-01&endDate=2024-03-02", "Authorization", "ApiKey " + apiKey);
      assertThat(readings.status()).as(readings.toString()).isEqualTo(200);
      assertThat(readings.body()).contains("21.5");
    }
  }

  /** An entity with a key and one imported weather station reading; returns the key. */
  private static String readerWithOneReading(TestHttp admin, String token) {
    Answer imported = admin.post("/admin/readings", "profile,serial,connectorId,interface,timestamp,value\n"
        + "REAL_WEATHER_STATION,WS-1,ORIGIN,AirTemp,2024-03-01T12:00:00Z,21.5\n",
        "Authorization", token, "Content-Type", "text/csv");
    assertThat(imported.status()).as(imported.toString()).isEqualTo(200);
    String entityId = admin.post("/admin/entities", new JsonObject().put("email", "reader@example.com").encode(),
        "Authorization", token, "Content-Type", "application/json").json().getString("entityId");
    assertThat(admin.put("/admin/entities/" + entityId + "/devices/REAL_WEATHER_STATION/WS-1", null,
        "Authorization", token).status()).isEqualTo(204);
    return admin.post("/admin/entities/" + entityId + "/key", null, "Authorization", token).json().getString("apiKey");
  }

  private long postmasterPid() throws IOException {
    return Long.parseLong(Files.readAllLines(dataDir.resolve("pg/postmaster.pid")).get(0).trim());
  }

  private static String permissions(Path path) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }
}
