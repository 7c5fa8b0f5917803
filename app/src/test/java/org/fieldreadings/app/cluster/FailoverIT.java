package org.fieldreadings.app.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes of the fat jar on the {@code deploy/} recipe's highly available PostgreSQL (pg_auto_failover: a monitor,
 * a primary and a synchronous standby), written to without pause through both nodes while the database fails over,
 * planned and then by a kill -9 of the primary. Every write a node acknowledged is there afterwards, through every
 * node, with its exact value; meanwhile no answer was a 5xx but 503; the longest outage is printed.
 */
class FailoverIT {

  private static final String PROFILE = "REAL_WEATHER_STATION";
  private static final Duration OUTAGE_BOUND = Duration.ofSeconds(60);

  @TempDir
  static Path dir;

  private static LocalCluster cluster;
  private static final List<NodeProcess> nodes = new ArrayList<>();
  private static String entityId;
  private static String apiKey;

  @BeforeAll
  static void start() throws Exception {
    cluster = LocalCluster.up(LocalCluster.newDirectory());
    byte[] masterKey = new byte[32];
    new SecureRandom().nextBytes(masterKey);
    Map<String, String> shared = Map.of("FR_DATABASE_URL", cluster.databaseUrl(),
        "FR_SECURITY_MASTER_KEY", Base64.getEncoder().encodeToString(masterKey),
        "FR_RATELIMIT_KEY_RPS", "100000", "FR_RATELIMIT_KEY_BURST", "100000");
    // One after the other: the first creates the schemas.
    nodes.add(NodeProcess.start(dir.resolve("node-a"), shared));
    nodes.add(NodeProcess.start(dir.resolve("node-b"), shared));
    JsonObject entity = adminPost(nodes.get(0), "/admin/entities",
        new JsonObject().put("email", "failover@example.com").encode(), "application/json").json();
    entityId = entity.getString("entityId");
    apiKey = adminPost(nodes.get(0), "/admin/entities/" + entityId + "/key", null, "application/json").json()
        .getString("apiKey");
  }

  @AfterAll
  static void stop() throws Exception {
    for (NodeProcess node : nodes) {
      node.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void everyAcknowledgedWriteSurvivesAPlannedAndAnUnplannedFailoverAndNoAnswerIsA5xxBut503() throws Exception {
    List<Writer> writers = List.of(new Writer(nodes.get(0), "FO-A"), new Writer(nodes.get(1), "FO-B"));
    writers.forEach(writer -> assign(writer.serial));
    writers.forEach(Writer::start);
    try {
      awaitWrites(writers, 20);
      cluster.failover();
      awaitWrites(writers, 20);
      cluster.killPrimary();
      awaitWrites(writers, 20);
    } finally {
      writers.forEach(Writer::halt);
    }

    for (Writer writer : writers) {
      System.out.printf("%s: %d writes acknowledged, %d answered 503, longest time without an acknowledged write "
          + "%d ms%n", writer.serial, writer.acknowledged.size(), writer.unavailable,
          writer.longestOutage().toMillis());
      assertThat(writer.otherFailures).as(writer.serial + ": answers that were neither 200 nor 503").isEmpty();
      assertThat(writer.longestOutage()).as(writer.serial + ": longest write outage").isLessThan(OUTAGE_BOUND);
      for (NodeProcess node : nodes) {
        assertThat(readBack(node, writer)).as(writer.serial + " read on node " + node.httpPort)
            .containsAllEntriesOf(writer.acknowledged);
      }
    }
  }

  @Test
  void aReadingAcknowledgedOnOneNodeIsReadOnTheOtherWithinOneSecond() throws Exception {
    assign("RYW-1");
    Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofHours(2));
    Answer written = importCsv(nodes.get(0), "RYW-1", at, "17.0625");
    assertThat(written.status()).as(written.toString()).isEqualTo(200);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    Map<Long, String> seen = readBack(nodes.get(1), "RYW-1", at, at);
    while (seen.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(20);
      seen = readBack(nodes.get(1), "RYW-1", at, at);
    }
    assertThat(seen).containsExactly(Map.entry(at.toEpochMilli(), "17.0625"));
  }

  @Test
  void haproxyOfTheRecipeSpreadsRequestsOverTheNodesItChecksHealthy() throws Exception {
    int port = TestServers.freePort();
    cluster.haproxy(port, nodes.stream().map(node -> node.httpPort).toList());
    TestHttp proxy = new TestHttp(port);

    for (int i = 0; i < 4; i++) {
      Answer health = proxy.get("/api/health");
      assertThat(health.status()).as(health.toString()).isEqualTo(200);
      Answer serials = proxy.get("/api/devices/serials", "Authorization", "ApiKey " + apiKey);
      assertThat(serials.status()).as(serials.toString()).isEqualTo(200);
    }
  }

  /** Waits until each writer has had {@code count} more writes acknowledged (up to two minutes). */
  private static void awaitWrites(List<Writer> writers, int count) throws InterruptedException {
    Map<Writer, Integer> before = new HashMap<>();
    writers.forEach(w -> before.put(w, w.acknowledged.size()));
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (writers.stream().anyMatch(w -> w.acknowledged.size() < before.get(w) + count)) {
      assertThat(System.nanoTime()).as("writes acknowledged again within two minutes").isLessThan(deadline);
      Thread.sleep(100);
    }
  }

  /** Writes one reading after another through one node, keeping what was acknowledged and what was not. */
  private static final class Writer extends Thread {
    final NodeProcess node;
    final String serial;
    final Map<Long, String> acknowledged = new ConcurrentHashMap<>();
    final List<String> otherFailures = new CopyOnWriteArrayList<>();
    final List<Long> acknowledgedAt = new CopyOnWriteArrayList<>();
    volatile int unavailable;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Instant first = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(Duration.ofDays(1));

    Writer(NodeProcess node, String serial) {
      super("writer-" + serial);
      this.node = node;
      this.serial = serial;
    }

    @Override
    public void run() {
      for (int i = 0; running.get(); i++) {
        Instant at = first.plusSeconds(i);
        // More digits than a float keeps (but no more than a double does): it must come back as written.
        String value = new BigDecimal(i).add(new BigDecimal("0.123456789")).toPlainString();
        try {
          Answer answer = importCsv(node, serial, at, value);
          if (answer.status() == 200) {
            acknowledged.put(at.toEpochMilli(), value);
            acknowledgedAt.add(System.nanoTime());
          } else if (answer.status() == 503) {
            unavailable++;
          } else {
            otherFailures.add(answer.toString());
          }
        } catch (RuntimeException e) {
          otherFailures.add(e.toString());
        }
      }
    }

    void halt() {
      running.set(false);
      try {
        join(TimeUnit.MINUTES.toMillis(2));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    Duration longestOutage() {
      long longest = 0;
      for (int i = 1; i < acknowledgedAt.size(); i++) {
        longest = Math.max(longest, acknowledgedAt.get(i) - acknowledgedAt.get(i - 1));
      }
      return Duration.ofNanos(longest);
    }
  }

  private static Answer importCsv(NodeProcess node, String serial, Instant at, String value) {
    try {
      return node.admin.post("/admin/readings", "profile,serial,connectorId,interface,timestamp,value\n"
          + PROFILE + "," + serial + ",ORIGIN,AirTemp," + at + "," + value + "\n",
          "Authorization", "Bearer " + node.adminToken(), "Content-Type", "text/csv");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<Long, String> readBack(NodeProcess node, Writer writer) {
    if (writer.acknowledged.isEmpty()) {
      return Map.of();
    }
    long first = writer.acknowledged.keySet().stream().mapToLong(Long::longValue).min().orElseThrow();
    long last = writer.acknowledged.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
    return readBack(node, writer.serial, Instant.ofEpochMilli(first), Instant.ofEpochMilli(last));
  }

  /** The device's raw AirTemp readings from {@code from} to {@code to}, as the text of each value. */
  private static Map<Long, String> readBack(NodeProcess node, String serial, Instant from, Instant to) {
    Answer answer = node.api.get("/api/devices/" + PROFILE + "/" + serial + "/readings?interfaces=AirTemp"
        + "&startDate=" + from + "&endDate=" + to.plusMillis(1), "Authorization", "ApiKey " + apiKey);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    Map<Long, String> values = new HashMap<>();
    // The text of each value as it came over the wire, not a double's rendering of it.
    JsonArray rows = answer.array();
    for (int i = 0; i < rows.size(); i++) {
      JsonObject row = rows.getJsonObject(i);
      values.put(row.getLong("timestamp"), rawNumber(answer.body(), i));
    }
    return values;
  }

  /** The i-th {@code "AirTemp":<number>} of a readings answer, as written. */
  private static String rawNumber(String body, int index) {
    int at = -1;
    for (int i = 0; i <= index; i++) {
      at = body.indexOf("\"AirTemp\":", at + 1);
    }
    int start = at + "\"AirTemp\":".length();
    int end = start;
    while (end < body.length() && "-+.eE0123456789".indexOf(body.charAt(end)) >= 0) {
      end++;
    }
    return body.substring(start, end);
  }

  private static void assign(String serial) {
    NodeProcess node = nodes.get(0);
    try {
      // The device exists once a reading of it is stored: assign after the first write, or create it first.
      Answer created = node.admin.put("/admin/devices/" + PROFILE + "/" + serial, "{}",
          "Authorization", "Bearer " + node.adminToken(), "Content-Type", "application/json");
      assertThat(created.status()).as(created.toString()).isIn(200, 201);
      Answer assigned = node.admin.put("/admin/entities/" + entityId + "/devices/" + PROFILE + "/" + serial, null,
          "Authorization", "Bearer " + node.adminToken());
      assertThat(assigned.status()).as(assigned.toString()).isEqualTo(204);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Answer adminPost(NodeProcess node, String path, String body, String contentType) throws Exception {
    Answer answer = node.admin.post(path, body, "Authorization", "Bearer " + node.adminToken(),
        "Content-Type", contentType);
    assertThat(answer.status()).as(path + " " + answer).isBetween(200, 299);
    return answer;
  }
}
