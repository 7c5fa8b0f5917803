package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.EmbeddedPostgresServer;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The node as an operator meets it: first start on an empty data directory, restart, health, refusal to share. */
class FieldReadingsServerTest {

  @TempDir
  Path dataDir;

  @Test
  void firstStartCreatesTheEmbeddedDatabaseAndIsHealthy() {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      Answer health = new TestHttp(server.adminPort()).get("/health");
      assertThat(health.status()).isEqualTo(200);
      assertThat(health.header("Content-Type")).isEqualTo("application/json");
      assertThat(health.json())
          .isEqualTo(new JsonObject().put("status", "UP").put("database", "UP").put("nodes", 1)
              .put("plugins", "UP"));
      assertThat(dataDir.resolve("pg/PG_VERSION")).exists();
      assertThat(dataDir.resolve("admin.token")).exists();
      assertThat(dataDir.resolve("master.key")).exists();
    }
  }

  @Test
  void metricsArePrometheusTextWithoutTheAdminToken() {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      TestHttp admin = new TestHttp(server.adminPort());
      admin.get("/health");
      Answer metrics = admin.get("/metrics");
      assertThat(metrics.status()).isEqualTo(200);
      assertThat(metrics.header("Content-Type")).startsWith("text/plain");
      assertThat(metrics.body())
          .contains("vertx_http_server_requests_total{code=\"200\",method=\"GET\",route=\"/health\"}")
          .contains("vertx_pool_in_use{pool_name=\"field-readings\",pool_type=\"sql\"}")
          .contains("fieldreadings_mail_outbox_depth")
          .contains("fieldreadings_webhooks_outbox_depth")
          .contains("fieldreadings_readings_written_total{outcome=\"stored\"}");
    }
  }

  @Test
  void unknownApiPathIsProblem404() {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      Answer answer = new TestHttp(server.httpPort()).get("/api/nothing/here");
      assertThat(answer.status()).isEqualTo(404);
      assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
      assertThat(answer.json()).isEqualTo(new JsonObject("""
          {"type":"https://field-readings.org/problems/404","title":"Not Found","status":404,
           "detail":"No such resource."}"""));
    }
  }

  @Test
  void adminRoutesNeedTheAdminToken() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      TestHttp admin = new TestHttp(server.adminPort());
      Answer without = admin.get("/admin/entities");
      assertThat(without.status()).isEqualTo(401);
      assertThat(without.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"admin\"");
      Answer wrong = admin.get("/admin/entities", "Authorization", "Bearer not-the-token-at-all");
      assertThat(wrong.status()).isEqualTo(401);
      String token = Files.readString(dataDir.resolve("admin.token"));
      assertThat(admin.get("/admin/nothing", "Authorization", "Bearer " + token).status()).isEqualTo(404);
    }
  }

  @Test
  @ExpectedFailureLogs
  void restartReusesTheSameData() throws Exception {
    // The product default, not the tests' FR_DEMO=false: demo on when the embedded database is created.
    JsonObject first = TestServers.config(dataDir, Map.of());
    first.remove(ConfigKeys.DEMO.name());
    try (FieldReadingsServer server = FieldReadingsServer.start(first)) {
      TestPostgres.execute(DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(first)),
          "INSERT INTO access.entity (entity_id, email, name) VALUES ('kept', 'kept@example.com', 'Kept')");
    }
    String masterKey = Files.readString(dataDir.resolve("master.key"));
    JsonObject second = TestServers.config(dataDir, Map.of());
    second.remove(ConfigKeys.DEMO.name());
    try (FieldReadingsServer server = FieldReadingsServer.start(second)) {
      assertThat(ConfigKeys.DEMO.get(second)).isFalse();
      assertThat(ConfigKeys.SECURITY_MASTER_KEY.get(second)).isEqualTo(masterKey);
      assertThat(TestPostgres.queryString(DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(second)),
          "SELECT email FROM access.entity WHERE entity_id = 'kept'")).isEqualTo("kept@example.com");
    }
    assertThat(ConfigKeys.DEMO.get(first)).isTrue();
  }

  @Test
  void aPortInUseStopsStartUpNamingTheKeyBeforeAnythingIsCreated() throws Exception {
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
      int port = taken.getLocalPort();
      Path fresh = dataDir.resolve("never-created");
      assertThatThrownBy(() -> FieldReadingsServer.start(TestServers.config(fresh,
          Map.of("FR_HTTP_PORT", String.valueOf(port)))))
          .isInstanceOf(StartupException.class)
          .hasMessageStartingWith("port " + port + " on 127.0.0.1 is not available (")
          .hasMessageEndingWith("): set http.port (FR_HTTP_PORT) to a free port, or stop what listens there");
      assertThat(fresh).doesNotExist();
    }
  }

  @Test
  void secondInstanceOnTheSameDataDirectoryStopsWithAClearMessage() {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      assertThatThrownBy(() -> FieldReadingsServer.start(TestServers.config(dataDir, Map.of())))
          .isInstanceOf(StartupException.class)
          .hasMessageContaining("is in use by another running Field Readings instance");
      assertThat(new TestHttp(server.adminPort()).get("/health").status()).isEqualTo(200);
    }
  }

  @Test
  void operatorDatabaseIsUsedWhenConfiguredAndHealthFollowsIt() {
    EmbeddedPostgresServer operatorDb = EmbeddedPostgresServer.start(dataDir.resolve("operator-pg"), false);
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir.resolve("node"),
        Map.of("FR_DATABASE_URL", operatorDb.url().toConfigValue())))) {
      assertThat(dataDir.resolve("node/pg")).doesNotExist();
      TestHttp admin = new TestHttp(server.adminPort());
      assertThat(admin.get("/health").status()).isEqualTo(200);
      assertThat(TestPostgres.queryString(operatorDb.url(),
          "SELECT count(*) FROM access.flyway_schema_history WHERE success")).isNotEqualTo("0");
      operatorDb.close();
      Answer down = admin.get("/health");
      assertThat(down.status()).isEqualTo(503);
      assertThat(down.header("Retry-After")).isEqualTo("5");
      assertThat(down.json())
          .isEqualTo(new JsonObject().put("status", "DOWN").put("database", "DOWN").put("nodes", 1)
              .put("plugins", "UP"));
    }
  }
}
