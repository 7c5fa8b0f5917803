package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.fieldreadings.core.db.EmbeddedPostgresServer;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An operator's PostgreSQL killed under load: every answer that is not a success or a client error is a 503 with
 * {@code Retry-After}, from the public readings routes (queried on the listener's own pool) and the admin routes
 * (answered over the event bus) alike.
 */
@ExpectedFailureLogs
class DatabaseOutageAnswersTest {

  @TempDir
  Path dataDir;

  @Test
  void killedDatabaseUnderLoadGives503WithRetryAfterAndNever500() throws Exception {
    Path pgDir = dataDir.resolve("operator-pg");
    EmbeddedPostgresServer operatorDb = EmbeddedPostgresServer.start(pgDir, false);
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir.resolve("node"), Map.of(
        "FR_DATABASE_URL", operatorDb.url().toConfigValue(),
        "FR_RATELIMIT_KEY_RPS", "1000000", "FR_RATELIMIT_KEY_BURST", "1000000")))) {
      TestHttp api = new TestHttp(server.httpPort());
      TestHttp admin = new TestHttp(server.adminPort());
      String bearer = "Bearer " + Files.readString(dataDir.resolve("node/admin.token"));
      String entityId = admin.post("/admin/entities", new JsonObject().put("email", "outage@example.com").encode(),
          "Authorization", bearer, "Content-Type", "application/json").json().getString("entityId");
      String apiKey = "ApiKey " + admin.post("/admin/entities/" + entityId + "/key", null, "Authorization", bearer)
          .json().getString("apiKey");
      StringBuilder csv = new StringBuilder("profile,serial,connectorId,interface,timestamp,value\n");
      for (int minute = 0; minute < 1440; minute++) {
        csv.append("REAL_WEATHER_STATION,WS-1,ORIGIN,AirTemp,")
            .append(Instant.parse("2024-03-01T00:00:00Z").plusSeconds(60L * minute)).append(",").append(minute % 30)
            .append('\n');
      }
      assertThat(admin.post("/admin/readings", csv.toString(), "Authorization", bearer, "Content-Type", "text/csv")
          .status()).isEqualTo(200);
      assertThat(admin.put("/admin/entities/" + entityId + "/devices/REAL_WEATHER_STATION/WS-1", null,
          "Authorization", bearer).status()).isEqualTo(204);
      List<Supplier<Answer>> routes = List.of(
          () -> api.get("/api/devices/serials", "Authorization", apiKey),
          () -> api.get("/api/devices/REAL_WEATHER_STATION/WS-1/readings?interfaces=AirTemp"
              + "&startDate=2024-03-01T00:00:00Z&endDate=2024-03-02T00:00:00Z", "Authorization", apiKey),
          () -> admin.get("/admin/entities", "Authorization", bearer),
          () -> admin.post("/admin/entities",
              new JsonObject().put("email", UUID.randomUUID() + "@example.com").encode(),
              "Authorization", bearer, "Content-Type", "application/json"));

      Queue<String> wrong = new ConcurrentLinkedQueue<>();
      AtomicBoolean running = new AtomicBoolean(true);
      ExecutorService load = Executors.newFixedThreadPool(4);
      for (int i = 0; i < 4; i++) {
        Supplier<Answer> route = routes.get(i);
        load.submit(() -> {
          while (running.get()) {
            try {
              check(route.get(), wrong);
            } catch (RuntimeException cut) {
              // A response already streaming when the database died can only end by its connection closing.
            }
          }
        });
      }
      Thread.sleep(1000);
      killPostmaster(pgDir);
      Thread.sleep(3000);
      running.set(false);
      load.shutdown();
      assertThat(load.awaitTermination(60, TimeUnit.SECONDS)).isTrue();

      assertThat(wrong).isEmpty();
      for (Supplier<Answer> route : routes) {
        Answer down = route.get();
        assertThat(down.status()).as(down.toString()).isEqualTo(503);
        assertThat(down.header("Retry-After")).isEqualTo("5");
        assertThat(down.header("Content-Type")).isEqualTo("application/problem+json");
      }
    } finally {
      try {
        operatorDb.close();
      } catch (RuntimeException alreadyDead) {
        // pg_ctl cannot stop what was killed.
      }
    }
  }

  private static void check(Answer answer, Queue<String> wrong) {
    int status = answer.status();
    if (status >= 500 && (status != 503 || !"5".equals(answer.header("Retry-After")))) {
      wrong.add(status + " " + answer.body());
    }
  }

  /** SIGKILL to the postmaster and its backends, as an out-of-memory killer or a crash would leave them. */
  private static void killPostmaster(Path pgDir) throws Exception {
    long pid = Long.parseLong(Files.readAllLines(pgDir.resolve("postmaster.pid")).get(0).trim());
    ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
    List<ProcessHandle> backends = postmaster.descendants().toList();
    postmaster.destroyForcibly();
    backends.forEach(ProcessHandle::destroyForcibly);
    postmaster.onExit().get(10, TimeUnit.SECONDS);
  }
}
