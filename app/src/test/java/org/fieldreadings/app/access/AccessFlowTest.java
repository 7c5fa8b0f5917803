package org.fieldreadings.app.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

/** The API key lifecycle (docs/api.md) against a real server, real PostgreSQL and a real SMTP server. */
@ExpectedFailureLogs
class AccessFlowTest {

  private static final String TOKEN_SENT = "{\"message\":\"If the address belongs to an entity, a token was sent.\"}";

  @TempDir
  static Path dataDir;

  private static Mailbox mailbox;
  private static FieldReadingsServer server;
  private static AccessClient client;
  private static DatabaseUrl database;
  private static int mailCount;

  @BeforeAll
  static void start() throws Exception {
    int smtpPort = TestServers.freePort();
    mailbox = new Mailbox(smtpPort);
    var config = TestServers.config(dataDir, Map.of(
        "FR_MAIL_SMTP_HOST", "127.0.0.1", "FR_MAIL_SMTP_PORT", Integer.toString(smtpPort),
        "FR_MAIL_SMTP_STARTTLS", "DISABLED", "FR_MAIL_FROM", "keys@field-readings.test",
        "FR_RATELIMIT_TOKEN_CLIENT_HOURLY", "1000"));
    server = FieldReadingsServer.start(config);
    database = DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config));
    client = new AccessClient(server.httpPort(), server.adminPort(), Files.readString(dataDir.resolve("admin.token")));
  }

  @AfterAll
  static void stop() {
    server.close();
    mailbox.close();
  }

  private static String newEmail() {
    return "farm" + (++mailCount) + "@example.com";
  }

  /** Requests a token for a known address and returns it, read from the mail. */
  private static String tokenFor(String email, int mailNumber) throws InterruptedException {
    Answer answer = client.requestToken(email);
    assertThat(answer.status()).isEqualTo(202);
    return Mailbox.tokenOf(mailbox.awaitMail(email, mailNumber, 10_000));
  }

  @Test
  void wholeLifecycleFromTokenToRevocationToSupportIssuedKey() throws Exception {
    String email = newEmail();
    String entityId = client.createEntity(email);

    Answer exchanged = client.exchange(tokenFor(email, 1));
    assertThat(exchanged.status()).isEqualTo(200);
    assertThat(exchanged.header("Content-Type")).isEqualTo("application/json");
    assertThat(exchanged.json().fieldNames()).containsExactlyInAnyOrder("entityId", "apiKey");
    assertThat(exchanged.json().getString("entityId")).isEqualTo(entityId);
    String apiKey = exchanged.json().getString("apiKey");
    assertThat(apiKey).matches("[A-Za-z0-9_-]{43}");
    assertThat(client.listDevices(apiKey).status()).isEqualTo(200);

    Answer revoked = client.revoke(apiKey);
    assertThat(revoked.status()).isEqualTo(204);
    assertThat(revoked.body()).isEmpty();
    Answer afterRevoke = client.listDevices(apiKey);
    assertThat(afterRevoke.status()).isEqualTo(401);
    assertThat(afterRevoke.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");

    Answer recovery = client.exchange(tokenFor(email, 2));
    assertThat(recovery.status()).isEqualTo(403);
    assertThat(recovery.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(recovery.json().getString("detail")).isEqualTo("revoked keys are replaced by support only");

    Answer issued = client.issueKey(entityId);
    assertThat(issued.status()).isEqualTo(201);
    String newKey = issued.json().getString("apiKey");
    assertThat(newKey).isNotEqualTo(apiKey);
    assertThat(client.listDevices(newKey).status()).isEqualTo(200);
    assertThat(client.listDevices(apiKey).status()).isEqualTo(401);
    assertThat(client.exchange(tokenFor(email, 3)).json().getString("apiKey")).isEqualTo(newKey);
  }

  @Test
  void tokenRequestAnswersTheSameForKnownAndUnknownAddresses() {
    String known = newEmail();
    client.createEntity(known);
    Answer forKnown = client.requestToken(known);
    Answer forUnknown = client.requestToken("nobody-" + known);
    assertThat(forKnown.status()).isEqualTo(202);
    assertThat(forUnknown.status()).isEqualTo(202);
    assertThat(forKnown.header("Content-Type")).isEqualTo("application/json");
    assertThat(forKnown.json()).isEqualTo(new JsonObject(TOKEN_SENT)).isEqualTo(forUnknown.json());
  }

  @Test
  void unknownAddressGetsNoMail() throws Exception {
    String known = newEmail();
    client.createEntity(known);
    client.requestToken("stranger-" + known);
    tokenFor(known, 1);
    assertThat(mailbox.mailsTo("stranger-" + known)).isEmpty();
  }

  @Test
  void tokenMailTellsTheTokenItsLifetimeAndHowToUseIt() throws Exception {
    String email = newEmail();
    client.createEntity(email);
    client.requestToken(email);
    MimeMessage mail = mailbox.awaitMail(email, 1, 10_000);
    assertThat(mail.getSubject()).isEqualTo("Your Field Readings access token");
    assertThat(mail.getFrom()[0].toString()).isEqualTo("keys@field-readings.test");
    String body = com.icegreen.greenmail.util.GreenMailUtil.getBody(mail);
    assertThat(body).contains("valid for 15 minutes").contains("can be used once")
        .contains("POST /api/access?token=" + Mailbox.tokenOf(mail)).contains("text/html");
  }

  @Test
  void theTokenMayComeInAFormBodyAndTheAnswerIsNeverCached() throws Exception {
    String email = newEmail();
    String entityId = client.createEntity(email);
    Answer exchanged = client.exchangeInForm(tokenFor(email, 1));
    assertThat(exchanged.status()).isEqualTo(200);
    assertThat(exchanged.header("Cache-Control")).isEqualTo("no-store");
    assertThat(exchanged.json().getString("entityId")).isEqualTo(entityId);
    Answer again = client.exchangeInForm(exchanged.json().getString("apiKey").substring(0, 43));
    assertThat(again.status()).isEqualTo(401);
    Answer empty = client.api.post("/api/access", "", "Content-Type", "application/x-www-form-urlencoded");
    assertThat(empty.status()).isEqualTo(400);
  }

  @Test
  void answersBehindAKeyOrTheAdminTokenAreNeverCachedErrorsIncluded() throws Exception {
    String email = newEmail();
    String entityId = client.createEntity(email);
    String key = client.issueKey(entityId).json().getString("apiKey");
    Answer serials = client.api.get("/api/devices/serials", "Authorization", "ApiKey " + key);
    Answer missing = client.api.get("/api/devices/PROFILE_A/NOPE", "Authorization", "ApiKey " + key);
    Answer refused = client.api.get("/api/devices/serials", "Authorization", "ApiKey nope");
    Answer entities = client.adminGet("/admin/entities");
    for (Answer answer : new Answer[] {serials, missing, refused, entities}) {
      assertThat(answer.header("Cache-Control")).as(answer.toString()).isEqualTo("no-store");
    }
    assertThat(List.of(serials.status(), missing.status(), refused.status(), entities.status()))
        .containsExactly(200, 404, 401, 200);
  }

  @Test
  void tokenWorksOnlyOnce() throws Exception {
    String email = newEmail();
    client.createEntity(email);
    String token = tokenFor(email, 1);
    assertThat(client.exchange(token).status()).isEqualTo(200);
    Answer second = client.exchange(token);
    assertThat(second.status()).isEqualTo(401);
    assertThat(second.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
  }

  @Test
  void newerTokenSupersedesTheOlderOne() throws Exception {
    String email = newEmail();
    client.createEntity(email);
    String older = tokenFor(email, 1);
    String newer = tokenFor(email, 2);
    assertThat(client.exchange(older).status()).isEqualTo(401);
    assertThat(client.exchange(newer).status()).isEqualTo(200);
  }

  @Test
  void everyClientOfAnEntityGetsTheSameCurrentKey() throws Exception {
    String email = newEmail();
    client.createEntity(email);
    String first = client.exchange(tokenFor(email, 1)).json().getString("apiKey");
    String second = client.exchange(tokenFor(email, 2)).json().getString("apiKey");
    assertThat(second).isEqualTo(first);
  }

  @Test
  void unknownTokenIs401AndMissingTokenIs400() {
    Answer unknown = client.exchange("A".repeat(43));
    assertThat(unknown.status()).isEqualTo(401);
    assertThat(unknown.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(unknown.json().getString("detail")).isEqualTo("The token is unknown, expired or already used.");
    Answer missing = client.api.post("/api/access", null);
    assertThat(missing.status()).isEqualTo(400);
    assertThat(missing.json().getJsonArray("errors").getJsonObject(0).getString("parameter")).isEqualTo("token");
  }

  @Test
  void badEmailIs400NamingTheParameter() {
    Answer answer = client.requestToken("not-an-address");
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray().add(new JsonObject()
        .put("parameter", "email").put("message", "must be an e-mail address such as name@example.com")));
  }

  @Test
  void unparsableBodyIs400AndWrongContentTypeIs415() {
    Answer broken = client.api.post("/api/access/token", "{\"email\":", "Content-Type", "application/json");
    assertThat(broken.status()).isEqualTo(400);
    assertThat(broken.json().getJsonArray("errors").getJsonObject(0).getString("parameter")).isEqualTo("body");
    Answer text = client.api.post("/api/access/token", "email=a@b.c", "Content-Type", "text/plain");
    assertThat(text.status()).isEqualTo(415);
    assertThat(text.header("Content-Type")).isEqualTo("application/problem+json");
  }

  @Test
  void malformedAuthorizationHeadersAreAll401() throws Exception {
    String email = newEmail();
    client.createEntity(email);
    String apiKey = client.exchange(tokenFor(email, 1)).json().getString("apiKey");
    List<Answer> answers = new ArrayList<>();
    answers.add(client.api.get("/api/devices/serials"));
    answers.add(client.api.get("/api/devices/serials", "Authorization", apiKey));
    answers.add(client.api.get("/api/devices/serials", "Authorization", "Bearer " + apiKey));
    answers.add(client.api.get("/api/devices/serials", "Authorization", "ApiKey"));
    answers.add(client.api.get("/api/devices/serials", "Authorization", "ApiKey "));
    answers.add(client.api.get("/api/devices/serials", "Authorization", "ApiKey  " + apiKey));
    answers.add(client.api.get("/api/devices/serials", "Authorization", "ApiKey " + apiKey + " extra"));
    answers.add(client.api.get("/api/devices/serials", "Authorization", "ApiKey:" + apiKey));
    answers.add(client.api.get("/api/devices/serials", "Authorization", "ApiKey " + apiKey + "x"));
    for (Answer answer : answers) {
      assertThat(answer.status()).isEqualTo(401);
      assertThat(answer.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
      assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
      assertThat(answer.json().getString("detail"))
          .isEqualTo("A valid 'Authorization: ApiKey <key>' header is required.");
    }
    assertThat(client.api.get("/api/devices/serials", "Authorization", "apikey " + apiKey).status()).isEqualTo(200);
  }

  @Test
  void revocationTakesEffectWithinOneSecond() throws Exception {
    String email = newEmail();
    client.createEntity(email);
    String apiKey = client.exchange(tokenFor(email, 1)).json().getString("apiKey");
    assertThat(client.listDevices(apiKey).status()).isEqualTo(200);
    assertThat(client.revoke(apiKey).status()).isEqualTo(204);
    long deadline = System.currentTimeMillis() + 1000;
    int status = 0;
    while (System.currentTimeMillis() < deadline && status != 401) {
      status = client.listDevices(apiKey).status();
    }
    assertThat(status).isEqualTo(401);
  }

  @Test
  void smtpOutageDelaysTheMailWithoutFailingTheRequest() throws Exception {
    String email = newEmail();
    client.createEntity(email);
    mailbox.stop();
    try {
      assertThat(client.requestToken(email).status()).isEqualTo(202);
      Thread.sleep(1500);
    } finally {
      mailbox.start();
    }
    String token = Mailbox.tokenOf(mailbox.awaitMail(email, 1, 20_000));
    assertThat(client.exchange(token).status()).isEqualTo(200);
  }

  @Test
  void databaseHoldsNoKeyOrTokenInClear() throws Exception {
    String email = newEmail();
    String entityId = client.createEntity(email);
    String token = tokenFor(email, 1);
    String apiKey = client.exchange(token).json().getString("apiKey");
    String pending = tokenFor(email, 2);
    String supportKey = client.issueKey(entityId).json().getString("apiKey");
    client.requestToken(email);
    StringBuilder dump = new StringBuilder();
    for (String table : List.of("entity", "api_key", "access_token", "token_request", "mail_outbox", "ingest_key")) {
      dump.append(TestPostgres.queryString(database,
          "SELECT coalesce(string_agg(t::text, '\n'), '') FROM access." + table + " t")).append('\n');
    }
    assertThat(dump).contains(email);
    for (String secret : List.of(token, apiKey, pending, supportKey)) {
      assertThat(dump.toString()).doesNotContain(secret)
          .doesNotContain(java.util.HexFormat.of().formatHex(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
  }

  @Test
  void adminListsEntitiesWithTheirKeyStatus() throws Exception {
    String none = newEmail();
    String noneId = client.createEntity(none);
    String active = newEmail();
    String activeId = client.createEntity(active);
    client.exchange(tokenFor(active, 1));
    JsonArray entities = client.adminGet("/admin/entities").array();
    assertThat(entities).contains(
        new JsonObject().put("entityId", noneId).put("email", none).put("name", "Farm " + none)
            .put("keyStatus", "NONE"),
        new JsonObject().put("entityId", activeId).put("email", active).put("name", "Farm " + active)
            .put("keyStatus", "ACTIVE"));
  }

  @Test
  void duplicateEntityEmailIs409() {
    String email = newEmail();
    client.createEntity(email);
    Answer again = client.admin.post("/admin/entities", new JsonObject().put("email", email.toUpperCase()).encode(),
        "Authorization", "Bearer " + adminToken(), "Content-Type", "application/json");
    assertThat(again.status()).isEqualTo(409);
    assertThat(again.header("Content-Type")).isEqualTo("application/problem+json");
  }

  @Test
  void keyForUnknownEntityIs404() {
    assertThat(client.issueKey("no-such-entity").status()).isEqualTo(404);
  }

  private static String adminToken() {
    try {
      return Files.readString(dataDir.resolve("admin.token"));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
