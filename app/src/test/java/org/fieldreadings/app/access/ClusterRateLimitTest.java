package org.fieldreadings.app.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes sharing a database count each other (a heartbeat every five seconds) and each enforces half of a key's
 * rate limit, so that the configured rate holds for the key across both when requests are spread over them.
 */
class ClusterRateLimitTest {

  private static final int RPS = 4;
  private static final int BURST = 8;

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer first;
  private static FieldReadingsServer second;

  @BeforeAll
  static void start() {
    Map<String, String> env = new HashMap<>(TestServers.sharedDatabase());
    env.putAll(Map.of("FR_RATELIMIT_KEY_RPS", String.valueOf(RPS), "FR_RATELIMIT_KEY_BURST", String.valueOf(BURST)));
    first = FieldReadingsServer.start(TestServers.config(dataDir.resolve("first"), env));
    second = FieldReadingsServer.start(TestServers.config(dataDir.resolve("second"), env));
  }

  @AfterAll
  static void stop() {
    second.close();
    first.close();
  }

  @Test
  void eachOfTwoNodesLetsThroughHalfOfAKeysRateSoTheKeyKeepsItsConfiguredRate() throws Exception {
    awaitNodes(first, "first", 2);
    awaitNodes(second, "second", 2);
    String key = "ApiKey " + newKey();
    List<TestHttp> nodes = List.of(new TestHttp(first.httpPort()), new TestHttp(second.httpPort()));

    long started = System.nanoTime();
    int allowed = 0;
    int limited = 0;
    for (int i = 0; i < 40; i++) {
      Answer answer = nodes.get(i % 2).get("/api/devices/serials", "Authorization", key);
      if (answer.status() == 200) {
        allowed++;
      } else {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(429);
        limited++;
      }
    }
    double seconds = (System.nanoTime() - started) / 1e9;

    // One key's budget over both nodes: the burst and what refilled meanwhile, within 20 %.
    double budget = BURST + RPS * seconds;
    assertThat((double) allowed).as("allowed of 40 in %.2f s (budget %.1f)", seconds, budget)
        .isBetween(0.8 * budget - 1, 1.2 * budget + 1);
    assertThat(limited).isPositive();
  }

  @Test
  void theAdminHealthSaysHowManyNodesShareTheDatabase() throws Exception {
    awaitNodes(first, "first", 2);

    assertThat(new TestHttp(first.adminPort()).get("/health").json().getInteger("nodes")).isEqualTo(2);
  }

  private static void awaitNodes(FieldReadingsServer server, String name, int nodes) throws InterruptedException {
    TestHttp admin = new TestHttp(server.adminPort());
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!Integer.valueOf(nodes).equals(admin.get("/health").json().getInteger("nodes"))
        && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    assertThat(admin.get("/health").json().getInteger("nodes")).as(name + " node's count").isEqualTo(nodes);
  }

  private static String newKey() throws Exception {
    TestHttp admin = new TestHttp(first.adminPort());
    String token = "Bearer " + Files.readString(dataDir.resolve("first/admin.token")).trim();
    String id = admin.post("/admin/entities", new JsonObject().put("email", "rate@example.com").encode(),
        "Authorization", token, "Content-Type", "application/json").json().getString("entityId");
    return admin.post("/admin/entities/" + id + "/key", null, "Authorization", token,
        "Content-Type", "application/json").json().getString("apiKey");
  }
}
