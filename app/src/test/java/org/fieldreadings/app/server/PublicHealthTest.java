package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /api/health} on the public listener, for load balancers: no key, and nothing but the status. */
class PublicHealthTest {

  @TempDir
  Path dataDir;

  @Test
  void aNodeWhoseDatabaseAnswersIsUpWithoutAKey() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      Answer health = new TestHttp(server.httpPort()).get("/api/health");

      assertThat(health.status()).isEqualTo(200);
      assertThat(health.header("Content-Type")).isEqualTo("application/json");
      assertThat(health.header("Cache-Control")).isEqualTo("no-store");
      assertThat(health.body()).isEqualTo("{\"status\":\"UP\"}");
    }
  }

  /** Every PostgreSQL process is stopped (SIGSTOP), so the database neither answers nor refuses. */
  @Test
  @ExpectedFailureLogs
  void aNodeWhoseDatabaseDoesNotAnswerWithinTwoSecondsIsDownWithRetryAfter() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      List<Long> postgres = postgresProcesses();
      signal("-STOP", postgres);
      Answer health;
      try {
        health = new TestHttp(server.httpPort()).get("/api/health");
      } finally {
        signal("-CONT", postgres);
      }

      assertThat(health.status()).isEqualTo(503);
      assertThat(health.header("Retry-After")).isEqualTo("5");
      assertThat(health.header("Cache-Control")).isEqualTo("no-store");
      assertThat(health.body()).isEqualTo("{\"status\":\"DOWN\"}");
    }
  }

  private List<Long> postgresProcesses() throws IOException {
    long postmaster = Long.parseLong(Files.readAllLines(dataDir.resolve("pg/postmaster.pid")).get(0).trim());
    List<Long> pids = new ArrayList<>(List.of(postmaster));
    ProcessHandle.of(postmaster).orElseThrow().descendants().forEach(p -> pids.add(p.pid()));
    return pids;
  }

  private static void signal(String signal, List<Long> pids) throws Exception {
    List<String> command = new ArrayList<>(List.of("kill", signal));
    pids.forEach(pid -> command.add(Long.toString(pid)));
    new ProcessBuilder(command).inheritIO().start().waitFor();
  }
}
