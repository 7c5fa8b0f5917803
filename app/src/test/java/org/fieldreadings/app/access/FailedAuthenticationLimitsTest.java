package org.fieldreadings.app.access;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * What unauthenticated callers cost, on a server that trusts 127.0.0.1 as its reverse proxy and allows 3 failed
 * authentications per client address and minute, 2 token requests per client address and per e-mail address an
 * hour. The tests reach the server through the trusted proxy address, each naming a client address of its own in
 * {@code X-Forwarded-For}, so their budgets never mix; 127.0.0.2 is an untrusted peer. A second node shares the
 * database, as a cluster's nodes do.
 */
@ExpectedFailureLogs
class FailedAuthenticationLimitsTest {

  private static final String TOKEN_SENT = "{\"message\":\"If the address belongs to an entity, a token was sent.\"}";

  private static final SecureRandom RANDOM = new SecureRandom();

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer server;
  private static FieldReadingsServer secondNode;
  private static AccessClient client;
  private static AccessClient secondClient;
  private static DatabaseUrl database;

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> env = new HashMap<>(TestServers.sharedDatabase());
    env.putAll(Map.of("FR_HTTP_TRUSTED_PROXIES", "127.0.0.1", "FR_RATELIMIT_AUTH_FAILURES_PER_MINUTE", "3",
        "FR_RATELIMIT_TOKEN_CLIENT_HOURLY", "2", "FR_RATELIMIT_TOKEN_EMAIL_HOURLY", "2"));
    var config = TestServers.config(dataDir, env);
    server = FieldReadingsServer.start(config);
    database = DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config));
    client = new AccessClient(server.httpPort(), server.adminPort(), Files.readString(dataDir.resolve("admin.token")));
    secondNode = FieldReadingsServer.start(TestServers.config(dataDir.resolve("second"), env));
    secondClient = new AccessClient(secondNode.httpPort(), secondNode.adminPort(),
        Files.readString(dataDir.resolve("second/admin.token")));
  }

  @AfterAll
  static void stop() {
    secondNode.close();
    server.close();
  }

  @Test
  void randomKeysFromOneAddressGet401ThenA429WithRetryAfterAndNoMoreLookups() {
    for (int i = 0; i < 3; i++) {
      Answer refused = readAs("203.0.113.1", randomKey());
      assertThat(refused.status()).isEqualTo(401);
      assertThat(refused.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
    }
    double lookups = lookups();
    for (int i = 0; i < 5; i++) {
      Answer limited = readAs("203.0.113.1", randomKey());
      assertThat(limited.status()).isEqualTo(429);
      assertThat(Long.parseLong(limited.header("Retry-After"))).isBetween(1L, 60L);
      assertThat(limited.header("Content-Type")).isEqualTo("application/problem+json");
      assertThat(limited.json().getString("title")).isEqualTo("Too Many Requests");
      assertThat(limited.json().getString("detail"))
          .isEqualTo("Too many failed authentications from this address; retry in " + limited.header("Retry-After")
              + " s.");
    }
    assertThat(lookups()).isEqualTo(lookups);
  }

  @Test
  void aValidKeyFromAnAddressOverItsFailureBudgetIsAnswered200() {
    String entityId = client.createEntity("blocked-neighbour@example.com");
    String validKey = client.issueKey(entityId).json().getString("apiKey");
    assertThat(readAs("203.0.113.99", validKey).status()).isEqualTo(200);
    exhaustBudget(client, "203.0.113.40");
    assertThat(readAs("203.0.113.40", randomKey()).status()).isEqualTo(429);
    Answer read = readAs("203.0.113.40", validKey);
    assertThat(read.status()).isEqualTo(200);
    assertThat(read.body()).isEqualTo("[]");
  }

  @Test
  void aKeyThatCannotBeOneGets401WithoutALookup() {
    double before = lookups();
    String[] malformed = {"short", randomKey() + "=", randomKey().substring(1) + "+", "x".repeat(300)};
    for (int i = 0; i < malformed.length; i++) {
      // An address each: a malformed key counts as a failed authentication of its address.
      Answer refused = readAs("203.0.113." + (50 + i), malformed[i]);
      assertThat(refused.status()).as(refused.toString()).isEqualTo(401);
      assertThat(refused.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
    }
    assertThat(lookups()).isEqualTo(before);
  }

  @Test
  void theAddressesOfOneIpv6Slash64ShareAFailureBudget() {
    exhaustBudget(client, "2001:db8:25:6::1");
    assertThat(readAs("2001:db8:25:6:ffff::2", randomKey()).status()).isEqualTo(429);
    assertThat(readAs("2001:db8:25:7::1", randomKey()).status()).isEqualTo(401);
  }

  @Test
  void aKeyIssuedOnThisNodePassesAThrottledAddressAtOnce() {
    exhaustBudget(client, "203.0.113.42");
    String entityId = client.createEntity("issued-here@example.com");
    String key = client.issueKey(entityId).json().getString("apiKey");
    assertThat(readAs("203.0.113.42", key).status()).isEqualTo(200);
  }

  @Test
  void aKeyIssuedOnAnotherNodePassesAThrottledAddressOnceNotified() throws InterruptedException {
    exhaustBudget(secondClient, "203.0.113.43");
    String entityId = client.createEntity("issued-elsewhere@example.com");
    String key = client.issueKey(entityId).json().getString("apiKey");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    int status = readAs(secondClient, "203.0.113.43", key).status();
    while (status != 200 && System.nanoTime() < deadline) {
      Thread.sleep(50);
      status = readAs(secondClient, "203.0.113.43", key).status();
    }
    assertThat(status).isEqualTo(200);
  }

  @Test
  void anUnknownKeyFromAThrottledAddressIsNotLookedUp() {
    exhaustBudget(client, "203.0.113.44");
    double before = lookups();
    assertThat(readAs("203.0.113.44", randomKey()).status()).isEqualTo(429);
    assertThat(lookups()).isEqualTo(before);
  }

  @Test
  void aKeyThatFailedIsNotLookedUpAgain() {
    String wrongKey = randomKey();
    double before = lookups();
    assertThat(readAs("203.0.113.2", wrongKey).status()).isEqualTo(401);
    assertThat(lookups()).isEqualTo(before + 1);
    assertThat(readAs("203.0.113.2", wrongKey).status()).isEqualTo(401);
    assertThat(lookups()).isEqualTo(before + 1);
  }

  @Test
  void aNewlyIssuedKeyWorksAtOnceAfterFailedGuesses() {
    assertThat(readAs("203.0.113.3", randomKey()).status()).isEqualTo(401);
    String entityId = client.createEntity("fresh@example.com");
    String key = client.issueKey(entityId).json().getString("apiKey");
    assertThat(readAs("203.0.113.3", key).status()).isEqualTo(200);
  }

  @Test
  void forwardedForNamesTheClientOnlyWhenATrustedProxySendsIt() {
    for (int i = 0; i < 3; i++) {
      assertThat(readAs("203.0.113.4", randomKey()).status()).isEqualTo(401);
    }
    assertThat(readAs("203.0.113.4", randomKey()).status()).isEqualTo(429);
    assertThat(readAs("203.0.113.5", randomKey()).status()).isEqualTo(401);

    // From an untrusted peer the header is ignored: naming the blocked client changes nothing, naming others neither.
    assertThat(statusFromUntrustedPeer("203.0.113.4")).isEqualTo(401);
    assertThat(statusFromUntrustedPeer("203.0.113.6")).isEqualTo(401);
    assertThat(statusFromUntrustedPeer("203.0.113.7")).isEqualTo(401);
    assertThat(statusFromUntrustedPeer("203.0.113.8")).isEqualTo(429);
  }

  @Test
  void unknownTemporaryTokensCountAsFailedAuthentications() {
    for (int i = 0; i < 3; i++) {
      assertThat(exchangeAs("203.0.113.20", randomKey()).status()).isEqualTo(401);
    }
    Answer limited = exchangeAs("203.0.113.20", randomKey());
    assertThat(limited.status()).isEqualTo(429);
    assertThat(Long.parseLong(limited.header("Retry-After"))).isBetween(1L, 60L);
    assertThat(exchangeAs("203.0.113.21", randomKey()).status()).isEqualTo(401);
  }

  @Test
  void theAccessLogNamesTheClientTheTrustedProxyForwardedFor() throws Exception {
    Logger accessLog = (Logger) LoggerFactory.getLogger("access");
    ListAppender<ILoggingEvent> lines = new ListAppender<>();
    lines.start();
    // The tests' logging turns the access log off; this test reads it.
    Level level = accessLog.getLevel();
    accessLog.setLevel(Level.INFO);
    accessLog.addAppender(lines);
    try {
      assertThat(client.api.get("/api/devices/serials", "X-Forwarded-For", "198.51.100.1, 203.0.113.30").status())
          .isEqualTo(401);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (lines.list.stream().noneMatch(line -> line.getFormattedMessage().startsWith("GET /api/devices/serials"))
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage)
          .filteredOn(line -> line.startsWith("GET /api/devices/serials"))
          .singleElement().satisfies(line -> assertThat(line).startsWith("GET /api/devices/serials 401 ")
              .endsWith(" 203.0.113.30"));
    } finally {
      accessLog.detachAppender(lines);
      accessLog.setLevel(level);
    }
  }

  @Test
  void tokenRequestsOverTheLimitWriteNothingAndStillAnswer202() {
    client.createEntity("flood@example.com");
    long rows = tokenRequestRows();
    for (int i = 0; i < 8; i++) {
      Answer answer = requestTokenAs("203.0.113.10", "flood" + i + "@example.com");
      assertThat(answer.status()).isEqualTo(202);
      assertThat(answer.body()).isEqualTo(TOKEN_SENT);
    }
    assertThat(tokenRequestRows()).isEqualTo(rows + 2);
    for (int i = 0; i < 4; i++) {
      assertThat(requestTokenAs("203.0.113." + (11 + i), "flood@example.com").status()).isEqualTo(202);
    }
    assertThat(tokenRequestRows()).isEqualTo(rows + 4);
  }

  /** A key of the shape the access module makes (base64url of 32 random bytes) that no entity has. */
  private static String randomKey() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private static void exhaustBudget(AccessClient node, String clientAddress) {
    for (int i = 0; i < 3; i++) {
      Answer answer = readAs(node, clientAddress, randomKey());
      assertThat(answer.status()).as(answer.toString()).isEqualTo(401);
    }
  }

  private static Answer readAs(String clientAddress, String apiKey) {
    return readAs(client, clientAddress, apiKey);
  }

  private static Answer readAs(AccessClient node, String clientAddress, String apiKey) {
    return node.api.get("/api/devices/serials", "Authorization", "ApiKey " + apiKey,
        "X-Forwarded-For", clientAddress);
  }

  private static Answer exchangeAs(String clientAddress, String token) {
    return client.api.post("/api/access?token=" + token, null, "X-Forwarded-For", clientAddress);
  }

  private static Answer requestTokenAs(String clientAddress, String email) {
    return client.api.post("/api/access/token", new JsonObject().put("email", email).encode(),
        "Content-Type", "application/json", "X-Forwarded-For", clientAddress);
  }

  private static long tokenRequestRows() {
    return Long.parseLong(TestPostgres.queryString(database, "SELECT count(*) FROM access.token_request"));
  }

  /** The node's count of API keys looked up in the database, from its Prometheus metrics. */
  private static double lookups() {
    String metrics = client.adminGet("/metrics").body();
    return metrics.lines().filter(line -> line.startsWith("fieldreadings_auth_lookups_total "))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.indexOf(' ') + 1))).sum();
  }

  /** The status of a read with a random key sent from 127.0.0.2, claiming to forward for {@code forwardedFor}. */
  private static int statusFromUntrustedPeer(String forwardedFor) {
    try (Socket socket = new Socket()) {
      socket.bind(new InetSocketAddress("127.0.0.2", 0));
      socket.connect(new InetSocketAddress("127.0.0.1", server.httpPort()), 5000);
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(("GET /api/devices/serials HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: ApiKey "
          + randomKey() + "\r\nX-Forwarded-For: " + forwardedFor + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      String statusLine = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
      return Integer.parseInt(statusLine.substring(9, 12));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
