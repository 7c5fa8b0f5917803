package org.fieldreadings.app.cluster;

import static org.assertj.core.api.Assertions.assertThat;

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
    NodeProcess.Tenant tenant = nodes.get(0).newTenant("failover@example.com");
    entityId = tenant.entityId();
    apiKey = tenant.apiKey();
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
    writers.forEach(writer -> nodes.get(0).assign(entityId, writer.serial));
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
        assertThat(writer.readBack(node)).as(writer.serial + " read on node " + node.httpPort)
            .containsAllEntriesOf(writer.acknowledged);
      }
    }
  }

  @Test
  void aReadingAcknowledgedOnOneNodeIsReadOnTheOtherWithinOneSecond() throws Exception {
    nodes.get(0).assign(entityId, "RYW-1");
    Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofHours(2));
    Answer written = nodes.get(0).importAirTemp("RYW-1", at, "17.0625");
    assertThat(written.status()).as(written.toString()).isEqualTo(200);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    Map<Long, String> seen = nodes.get(1).airTemp(apiKey, "RYW-1", at, at);
    while (seen.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(20);
      seen = nodes.get(1).airTemp(apiKey, "RYW-1", at, at);
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
          Answer answer = node.importAirTemp(serial, at, value);
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

    /** What the node reads of the span this writer wrote. */
    Map<Long, String> readBack(NodeProcess reader) {
      if (acknowledged.isEmpty()) {
        return Map.of();
      }
      long firstAt = acknowledged.keySet().stream().mapToLong(Long::longValue).min().orElseThrow();
      long lastAt = acknowledged.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
      return reader.airTemp(apiKey, serial, Instant.ofEpochMilli(firstAt), Instant.ofEpochMilli(lastAt));
    }

    Duration longestOutage() {
      long longest = 0;
      for (int i = 1; i < acknowledgedAt.size(); i++) {
        longest = Math.max(longest, acknowledgedAt.get(i) - acknowledgedAt.get(i - 1));
      }
      return Duration.ofNanos(longest);
    }
  }
}
