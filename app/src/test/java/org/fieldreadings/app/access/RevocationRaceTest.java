package org.fieldreadings.app.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Revocations racing with lookups in flight, on two nodes sharing one database: round after round a fresh key is
 * read concurrently while its holder revokes it, and within one second of the revocation every node refuses it
 * and keeps refusing it.
 */
class RevocationRaceTest {

  private static final int ROUNDS = 20;
  private static final int READS = 24;
  private static final long ONE_SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer first;
  private static FieldReadingsServer second;
  private static AccessClient firstClient;

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> shared = new HashMap<>(TestServers.sharedDatabase());
    shared.putAll(Map.of("FR_RATELIMIT_KEY_RPS", "1000000", "FR_RATELIMIT_KEY_BURST", "1000000",
        "FR_RATELIMIT_AUTH_FAILURES_PER_MINUTE", "1000000"));
    first = FieldReadingsServer.start(TestServers.config(dataDir.resolve("first"), shared));
    second = FieldReadingsServer.start(TestServers.config(dataDir.resolve("second"), shared));
    firstClient = new AccessClient(first.httpPort(), first.adminPort(),
        Files.readString(dataDir.resolve("first/admin.token")));
  }

  @AfterAll
  static void stop() {
    second.close();
    first.close();
  }

  @Test
  void aKeyRevokedWhileLookupsAreInFlightIsRefusedOnThisNodeWithinOneSecond() throws Exception {
    race("one-node@example.com", first);
  }

  @Test
  void aKeyRevokedWhileLookupsAreInFlightIsRefusedOnEveryNodeWithinOneSecond() throws Exception {
    race("two-nodes@example.com", first, second);
  }

  private static void race(String email, FieldReadingsServer... readers) throws Exception {
    String entityId = firstClient.createEntity(email);
    for (int round = 0; round < ROUNDS; round++) {
      String key = firstClient.issueKey(entityId).json().getString("apiKey");
      List<CompletableFuture<HttpResponse<Void>>> reads = new ArrayList<>();
      for (int i = 0; i < READS / 2; i++) {
        reads.add(read(readers[i % readers.length], key));
      }
      CompletableFuture<HttpResponse<Void>> revoke = HTTP.sendAsync(
          request(first, "/api/access", key).DELETE().build(), HttpResponse.BodyHandlers.discarding());
      for (int i = READS / 2; i < READS; i++) {
        reads.add(read(readers[i % readers.length], key));
      }
      assertThat(revoke.get(10, TimeUnit.SECONDS).statusCode()).as("round %d", round).isEqualTo(204);
      long revokedAt = System.nanoTime();
      for (CompletableFuture<HttpResponse<Void>> read : reads) {
        assertThat(read.get(10, TimeUnit.SECONDS).statusCode()).isIn(200, 401);
      }
      for (FieldReadingsServer reader : readers) {
        int status = 200;
        while (status != 401 && System.nanoTime() - revokedAt < ONE_SECOND_NANOS) {
          status = read(reader, key).get(10, TimeUnit.SECONDS).statusCode();
        }
        assertThat(status).as("round %d: a read within one second of the revocation", round).isEqualTo(401);
        for (int i = 0; i < 3; i++) {
          assertThat(read(reader, key).get(10, TimeUnit.SECONDS).statusCode()).as("round %d: later", round)
              .isEqualTo(401);
        }
      }
    }
  }

  private static CompletableFuture<HttpResponse<Void>> read(FieldReadingsServer server, String key) {
    return HTTP.sendAsync(request(server, "/api/devices/serials", key).GET().build(),
        HttpResponse.BodyHandlers.discarding());
  }

  private static HttpRequest.Builder request(FieldReadingsServer server, String path, String key) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + path))
        .timeout(Duration.ofSeconds(10)).header("Authorization", "ApiKey " + key);
  }
}
