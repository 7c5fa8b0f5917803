package org.fieldreadings.app.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Token lifetime and rate limits, on a server configured with tiny limits: 2 s tokens, 2 token mails per address
 * and 4 token requests per client address an hour, 1 request/s per key with bursts of 2. The tests share the
 * client address's hourly budget (requests refused by a limit are not counted), so they run in a fixed order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExpectedFailureLogs
class AccessLimitsTest {

  @TempDir
  static Path dataDir;

  private static Mailbox mailbox;
  private static FieldReadingsServer server;
  private static AccessClient client;

  @BeforeAll
  static void start() throws Exception {
    int smtpPort = TestServers.freePort();
    mailbox = new Mailbox(smtpPort);
    server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of(
        "FR_MAIL_SMTP_HOST", "127.0.0.1", "FR_MAIL_SMTP_PORT", Integer.toString(smtpPort),
        "FR_MAIL_SMTP_STARTTLS", "DISABLED", "FR_ACCESS_TOKEN_TTL", "PT2S",
        "FR_RATELIMIT_TOKEN_EMAIL_HOURLY", "2", "FR_RATELIMIT_TOKEN_CLIENT_HOURLY", "4",
        "FR_RATELIMIT_KEY_RPS", "1", "FR_RATELIMIT_KEY_BURST", "2")));
    client = new AccessClient(server.httpPort(), server.adminPort(), Files.readString(dataDir.resolve("admin.token")));
  }

  @AfterAll
  static void stop() {
    server.close();
    mailbox.close();
  }

  @Test
  @Order(1)
  void expiredTokenIs401() throws Exception {
    client.createEntity("slow@example.com");
    assertThat(client.requestToken("slow@example.com").status()).isEqualTo(202);
    String token = Mailbox.tokenOf(mailbox.awaitMail("slow@example.com", 1, 10_000));
    Thread.sleep(2500);
    Answer answer = client.exchange(token);
    assertThat(answer.status()).isEqualTo(401);
    assertThat(answer.json().getString("detail")).isEqualTo("The token is unknown, expired or already used.");
  }

  @Test
  @Order(2)
  void tokenMailsPerAddressStopAtTheHourlyLimitWhileTheAnswerStays202() throws Exception {
    client.createEntity("busy@example.com");
    for (int i = 0; i < 3; i++) {
      assertThat(client.requestToken("busy@example.com").status()).isEqualTo(202);
    }
    mailbox.awaitMail("busy@example.com", 2, 10_000);
    Thread.sleep(2500);
    assertThat(mailbox.mailsTo("busy@example.com")).hasSize(2);
  }

  @Test
  @Order(3)
  void tokenRequestsPerClientAddressStopAtTheHourlyLimit() throws Exception {
    client.createEntity("late@example.com");
    assertThat(client.requestToken("nobody@example.com").status()).isEqualTo(202);
    assertThat(client.requestToken("late@example.com").status()).isEqualTo(202);
    Thread.sleep(2500);
    assertThat(mailbox.mailsTo("late@example.com")).isEmpty();
  }

  @Test
  @Order(4)
  void keyOverItsRateGets429WithRetryAfter() {
    String entityId = client.createEntity("eager@example.com");
    String apiKey = client.issueKey(entityId).json().getString("apiKey");
    assertThat(client.listDevices(apiKey).status()).isEqualTo(200);
    assertThat(client.listDevices(apiKey).status()).isEqualTo(200);
    Answer limited = client.listDevices(apiKey);
    assertThat(limited.status()).isEqualTo(429);
    assertThat(limited.header("Retry-After")).isEqualTo("1");
    assertThat(limited.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(limited.json().getString("title")).isEqualTo("Too Many Requests");
  }
}
