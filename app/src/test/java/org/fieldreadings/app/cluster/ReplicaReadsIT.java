package org.fieldreadings.app.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes of the fat jar writing to the {@code deploy/} recipe's primary and reading from its standby
 * ({@code database.replica.url}: the recipe's hosts with {@code target_session_attrs=standby}). Node A skips a
 * replica more than a second behind ({@code database.replica.max.lag} PT1S, the default), node B one more than a
 * minute behind. The standby's replay is paused (as a long query or a slow disk would hold it) to make it lag.
 */
class ReplicaReadsIT {

  private static final Pattern READS =
      Pattern.compile("fieldreadings_readings_database_reads_total\\{database=\"(primary|replica)\"[^}]*} ([0-9.E]+)");

  @TempDir
  static Path dir;

  private static LocalCluster cluster;
  private static NodeProcess nodeA;
  private static NodeProcess nodeB;
  private static NodeProcess.Tenant tenant;
  /** Each read of a quiet device asks for another day, so that no node's block cache holds it. */
  private static final AtomicInteger days = new AtomicInteger();

  @BeforeAll
  static void start() throws Exception {
    cluster = LocalCluster.up(LocalCluster.newDirectory());
    String replicaUrl = cluster.databaseUrl().replace("target_session_attrs=read-write", "target_session_attrs=standby");
    assertThat(replicaUrl).contains("target_session_attrs=standby");
    byte[] masterKey = new byte[32];
    new SecureRandom().nextBytes(masterKey);
    Map<String, String> shared = Map.of("FR_DATABASE_URL", cluster.databaseUrl(),
        "FR_DATABASE_REPLICA_URL", replicaUrl,
        "FR_SECURITY_MASTER_KEY", Base64.getEncoder().encodeToString(masterKey));
    nodeA = NodeProcess.start(dir.resolve("node-a"), shared);
    Map<String, String> patient = new HashMap<>(shared);
    patient.put("FR_DATABASE_REPLICA_MAX_LAG", "PT60S");
    nodeB = NodeProcess.start(dir.resolve("node-b"), patient);
    tenant = nodeA.newTenant("replica@example.com");
    nodeA.assign(tenant.entityId(), "QUIET-1");
    // A series to read: a device without one is answered without a query.
    assertThat(nodeA.importAirTemp("QUIET-1", Instant.parse("2019-12-31T12:00:00Z"), "1.5").status()).isEqualTo(200);
    awaitReplica(nodeA, "CURRENT");
    awaitReplica(nodeB, "CURRENT");
  }

  @AfterAll
  static void stop() throws Exception {
    for (NodeProcess node : new NodeProcess[] {nodeA, nodeB}) {
      if (node != null) {
        node.close();
      }
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void eachNodeReadsFromTheReplicaWhileItIsCaughtUp() throws Exception {
    for (NodeProcess node : new NodeProcess[] {nodeA, nodeB}) {
      Map<String, Double> before = reads(node);
      readQuietDevice(node);
      Map<String, Double> after = reads(node);
      assertThat(after.get("replica")).as("replica reads of node " + node.httpPort)
          .isEqualTo(before.get("replica") + 1);
      assertThat(after.get("primary")).as("primary reads of node " + node.httpPort).isEqualTo(before.get("primary"));
    }
  }

  @Test
  void sensorThingsObservationsAreReadFromTheReplicaWhileItIsCaughtUp() throws Exception {
    String auth = "ApiKey " + tenant.apiKey();
    long thing = nodeA.api.get("/api/sta/v1.1/Things?$filter=name%20eq%20'QUIET-1'", "Authorization", auth).json()
        .getJsonArray("value").getJsonObject(0).getLong("@iot.id");
    Answer datastreams = nodeA.api.get("/api/sta/v1.1/Datastreams?$filter=Thing/id%20eq%20" + thing
        + "%20and%20ObservedProperty/name%20eq%20'AirTemp'", "Authorization", auth);
    assertThat(datastreams.status()).as(datastreams.toString()).isEqualTo(200);
    long id = datastreams.json().getJsonArray("value").getJsonObject(0).getLong("@iot.id");
    for (NodeProcess node : new NodeProcess[] {nodeA, nodeB}) {
      Map<String, Double> before = reads(node);
      // The series' one day, which no other read asks for: its block is in no node's block cache.
      Answer observations = node.api.get("/api/sta/v1.1/Datastreams(" + id + ")/Observations?$filter="
          + "phenomenonTime%20ge%202019-12-31T00:00:00Z%20and%20phenomenonTime%20lt%202019-12-31T01:00:00Z",
          "Authorization", auth);
      assertThat(observations.status()).as(observations.toString()).isEqualTo(200);
      assertThat(observations.json().getJsonArray("value")).isEmpty();
      Map<String, Double> after = reads(node);
      assertThat(after.get("replica")).as("replica reads of node " + node.httpPort)
          .isEqualTo(before.get("replica") + 1);
      assertThat(after.get("primary")).as("primary reads of node " + node.httpPort).isEqualTo(before.get("primary"));
    }
  }

  @Test
  void aReadingAcknowledgedOnOneNodeIsReadOnTheOtherWithinOneSecond() throws Exception {
    writeAndReadWithinOneSecond(nodeA, nodeB, "RYW-AB", "21.0625");
    writeAndReadWithinOneSecond(nodeB, nodeA, "RYW-BA", "-3.000000000000001");
  }

  @Test
  void aReplicaMoreThanTheMaximumLagBehindIsSkippedForThePrimaryUntilItCatchesUp() throws Exception {
    nodeA.assign(tenant.entityId(), "LAG-1");
    cluster.sql("node2", "SELECT pg_wal_replay_pause()");
    try {
      Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofHours(3));
      assertThat(nodeB.importAirTemp("LAG-1", at, "7.5").status()).isEqualTo(200);
      awaitReplica(nodeA, "BEHIND");

      Map<String, Double> before = reads(nodeA);
      readQuietDevice(nodeA);
      assertThat(nodeA.airTemp(tenant.apiKey(), "LAG-1", at, at)).containsExactly(Map.entry(at.toEpochMilli(), "7.5"));
      Map<String, Double> after = reads(nodeA);
      assertThat(after.get("replica")).isEqualTo(before.get("replica"));
      assertThat(after.get("primary")).isEqualTo(before.get("primary") + 2);
    } finally {
      cluster.sql("node2", "SELECT pg_wal_replay_resume()");
    }
    awaitReplica(nodeA, "CURRENT");
    Map<String, Double> before = reads(nodeA);
    readQuietDevice(nodeA);
    assertThat(reads(nodeA).get("replica")).isEqualTo(before.get("replica") + 1);
  }

  @Test
  void aDeviceWrittenSinceTheMomentTheReplicaHasReachedIsReadFromThePrimaryAndKeptExact() throws Exception {
    nodeA.assign(tenant.entityId(), "AHEAD-1");
    Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofHours(4));
    cluster.sql("node2", "SELECT pg_wal_replay_pause()");
    try {
      Answer written = nodeA.importAirTemp("AHEAD-1", at, "12.25");
      assertThat(written.status()).as(written.toString()).isEqualTo(200);
      // Node B still reads the replica (within its minute), but not for the device its NOTIFY said was written.
      Map<Long, String> seen = awaitSeen(nodeB, "AHEAD-1", at);
      assertThat(seen).containsExactly(Map.entry(at.toEpochMilli(), "12.25"));
      assertThat(nodeReplicaStatus(nodeB)).isEqualTo("CURRENT");
      Map<String, Double> before = reads(nodeB);
      readQuietDevice(nodeB);
      assertThat(reads(nodeB).get("replica")).isEqualTo(before.get("replica") + 1);
      // Read again, from the block cache: the same.
      assertThat(nodeB.airTemp(tenant.apiKey(), "AHEAD-1", at, at))
          .containsExactly(Map.entry(at.toEpochMilli(), "12.25"));
    } finally {
      cluster.sql("node2", "SELECT pg_wal_replay_resume()");
    }
    awaitReplica(nodeB, "CURRENT");
    assertThat(nodeB.airTemp(tenant.apiKey(), "AHEAD-1", at, at)).containsExactly(Map.entry(at.toEpochMilli(), "12.25"));
  }

  private static void writeAndReadWithinOneSecond(NodeProcess writer, NodeProcess reader, String serial,
      String value) throws Exception {
    writer.assign(tenant.entityId(), serial);
    Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofHours(2));
    Answer written = writer.importAirTemp(serial, at, value);
    assertThat(written.status()).as(written.toString()).isEqualTo(200);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    Map<Long, String> seen = reader.airTemp(tenant.apiKey(), serial, at, at);
    while (seen.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(20);
      seen = reader.airTemp(tenant.apiKey(), serial, at, at);
    }
    assertThat(seen).containsExactly(Map.entry(at.toEpochMilli(), value));
  }

  private static Map<Long, String> awaitSeen(NodeProcess reader, String serial, Instant at) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    Map<Long, String> seen = reader.airTemp(tenant.apiKey(), serial, at, at);
    while (seen.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(20);
      seen = reader.airTemp(tenant.apiKey(), serial, at, at);
    }
    return seen;
  }

  /** A day of the quiet device's series no read asked for before: one query to the database. */
  private static void readQuietDevice(NodeProcess node) {
    Instant day = Instant.parse("2020-01-01T00:00:00Z").plus(Duration.ofDays(days.incrementAndGet()));
    assertThat(node.airTemp(tenant.apiKey(), "QUIET-1", day, day.plus(Duration.ofHours(1)))).isEmpty();
  }

  /** The node's readings queries so far, by database, from its Prometheus metrics. */
  private static Map<String, Double> reads(NodeProcess node) throws Exception {
    Answer metrics = node.admin.get("/metrics", "Authorization", "Bearer " + node.adminToken());
    assertThat(metrics.status()).as(metrics.toString()).isEqualTo(200);
    Map<String, Double> reads = new HashMap<>(Map.of("primary", 0.0, "replica", 0.0));
    Matcher matcher = READS.matcher(metrics.body());
    while (matcher.find()) {
      reads.put(matcher.group(1), Double.parseDouble(matcher.group(2)));
    }
    return reads;
  }

  private static String nodeReplicaStatus(NodeProcess node) {
    JsonObject replica = node.health().getJsonObject("replica");
    return replica == null ? null : replica.getString("status");
  }

  /** Waits up to 30 seconds for the node's admin health to say the replica's status. */
  private static void awaitReplica(NodeProcess node, String status) throws Exception {
    Predicate<String> reached = status::equals;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!reached.test(nodeReplicaStatus(node))) {
      assertThat(System.nanoTime()).as("replica " + status + " on node " + node.httpPort + ": " + node.health())
          .isLessThan(deadline);
      Thread.sleep(100);
    }
  }
}
