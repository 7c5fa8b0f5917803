package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import com.standardwebhooks.Webhook;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import com.icegreen.greenmail.util.GreenMailUtil;
import jakarta.mail.internet.MimeMessage;
import org.fieldreadings.app.access.Mailbox;
import org.fieldreadings.app.readings.ReadingsFixture.Entity;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.RecordingReceiver;
import org.fieldreadings.core.testing.RecordingReceiver.Request;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Webhooks ({@code /api/webhooks}, docs/api.md "Webhooks") and e-mails of alert events on two nodes sharing one
 * database, delivering to a real HTTP receiver and a real SMTP server on loopback; every webhook delivery is checked
 * with the Standard Webhooks reference verifier. Every test has an entity, devices and receiver paths of its own.
 */
class AlertDeliveriesTest {

  private static final String WS = "REAL_WEATHER_STATION";
  private static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;
  private static SecondNode second;
  private static RecordingReceiver receiver;
  private static Mailbox mailbox;

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> env = new HashMap<>(TestServers.sharedDatabase());
    env.put("FR_WEBHOOKS_ALLOW_HTTP", "true");
    env.put("FR_WEBHOOKS_ALLOW_PRIVATE", "true");
    env.put("FR_WEBHOOKS_TIMEOUT", "PT5S");
    int smtpPort = TestServers.freePort();
    mailbox = new Mailbox(smtpPort);
    env.putAll(Map.of("FR_MAIL_SMTP_HOST", "127.0.0.1", "FR_MAIL_SMTP_PORT", Integer.toString(smtpPort),
        "FR_MAIL_SMTP_STARTTLS", "DISABLED", "FR_MAIL_FROM", "alerts@field-readings.test"));
    fixture = new ReadingsFixture(dataDir.resolve("first"), env);
    second = SecondNode.start(dataDir.resolve("second"), env);
    receiver = RecordingReceiver.start();
  }

  @AfterAll
  static void stop() {
    receiver.close();
    second.close();
    fixture.close();
    mailbox.close();
  }

  @Test
  void aNewWebhookShowsItsSecretOnlyInTheCreationAnswerAndStoresItSealed() {
    Entity entity = entity("created");
    Answer created = create(entity, receiver.url("/created"), "alert.triggered");
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    assertThat(created.header("Content-Type")).isEqualTo("application/json");
    JsonObject body = created.json();
    String id = body.getString("id");
    String secret = body.getString("secret");
    assertThat(created.header("Location")).isEqualTo("/api/webhooks/" + id);
    assertThat(secret).matches("whsec_[A-Za-z0-9+/]{43}=");
    assertThat(Base64.getDecoder().decode(secret.substring("whsec_".length()))).hasSize(32);
    JsonObject listed = new JsonObject().put("id", id).put("url", receiver.url("/created"))
        .put("events", new JsonArray().add("alert.triggered")).put("enabled", true);
    assertThat(body).isEqualTo(listed.copy().put("secret", secret));

    Answer list = fixture.api.get("/api/webhooks", auth(entity));
    assertThat(list.status()).isEqualTo(200);
    assertThat(list.array()).isEqualTo(new JsonArray().add(listed));
    String stored = "SELECT secret_ciphertext FROM push.webhook WHERE webhook_id = '" + id + "'";
    assertThat(TestPostgres.queryString(fixture.database, stored)).isNotNull().doesNotContain(secret)
        .doesNotContain(hex(secret)).doesNotContain(hex(secret.substring(6)));
  }

  @Test
  void anAlertTransitionIsDeliveredOnceWithItsTypeTheEventAndTheRule() throws Exception {
    Entity entity = entity("transition");
    device(entity, "HOOK-1");
    String secret = create(entity, receiver.url("/transition"), "alert.triggered", "alert.resolved").json()
        .getString("secret");
    String ruleId = createRule(entity, "HOOK-1", "below", 0.5);
    fixture.importCsv(csv("HOOK-1", "2026-11-10T00:00:00Z", "1.0") + csv("HOOK-1", "2026-11-10T01:00:00Z", "0.25"));

    List<Request> delivered = receiver.await("/transition", 1, WAIT);
    Thread.sleep(2_000);
    assertThat(receiver.requests("/transition")).hasSize(1);
    Request request = delivered.get(0);
    new Webhook(secret).verify(request.body(), request.headers());
    assertThat(request.header("content-type")).isEqualTo("application/json");
    JsonObject body = new JsonObject(request.body());
    assertThat(body.fieldNames()).containsExactlyInAnyOrder("type", "timestamp", "data");
    assertThat(body.getString("type")).isEqualTo("alert.triggered");
    assertThat(Instant.parse(body.getString("timestamp"))).isBetween(Instant.now().minusSeconds(30), Instant.now());
    JsonObject event = fixture.api.get("/api/alerts/" + ruleId + "/events", auth(entity)).array().getJsonObject(0);
    JsonObject rule = fixture.api.get("/api/alerts/" + ruleId, auth(entity)).json();
    rule.remove("triggered");
    assertThat(body.getJsonObject("data")).isEqualTo(event.copy().put("rule", rule));
    assertThat(event.getDouble("value")).isEqualTo(0.25);
  }

  @Test
  void aSilenceIsDeliveredWithANullValue() throws Exception {
    Entity entity = entity("silence");
    device(entity, "QUIET-2");
    String secret = create(entity, receiver.url("/silence"), "alert.triggered").json().getString("secret");
    fixture.importCsv(csv("QUIET-2", Instant.now().minusMillis(500).toString(), "12"));
    JsonObject rule = new JsonObject().put("name", "Silence on QUIET-2").put("profile", WS).put("serial", "QUIET-2")
        .put("interface", "AirTemp").put("condition", "silent").put("for", "PT2S");
    assertThat(fixture.api.post("/api/alerts", rule.encode(), json(entity)).status()).isEqualTo(201);

    List<Request> delivered = receiver.await("/silence", 1, WAIT);
    assertThat(delivered).hasSize(1);
    new Webhook(secret).verify(delivered.get(0).body(), delivered.get(0).headers());
    JsonObject data = new JsonObject(delivered.get(0).body()).getJsonObject("data");
    assertThat(data.getString("type")).isEqualTo("alert.triggered");
    assertThat(data.containsKey("value")).isTrue();
    assertThat(data.getValue("value")).isNull();
    assertThat(data.getJsonObject("rule").getString("condition")).isEqualTo("silent");
  }

  @Test
  void theTestOperationDeliversAWebhookTestEvent() throws Exception {
    Entity entity = entity("test");
    JsonObject created = create(entity, receiver.url("/test"), "alert.resolved").json();
    Answer test = fixture.api.post("/api/webhooks/" + created.getString("id") + "/test", null, auth(entity));
    assertThat(test.status()).as(test.toString()).isEqualTo(202);

    List<Request> delivered = receiver.await("/test", 1, WAIT);
    assertThat(delivered).hasSize(1);
    new Webhook(created.getString("secret")).verify(delivered.get(0).body(), delivered.get(0).headers());
    JsonObject body = new JsonObject(delivered.get(0).body());
    assertThat(body.getString("type")).isEqualTo("webhook.test");
    assertThat(body.getJsonObject("data")).isEqualTo(new JsonObject().put("webhookId", created.getString("id")));
  }

  @Test
  void deliveriesAreCountedByOutcomeInTheMetrics() throws Exception {
    Entity entity = entity("metrics");
    String id = create(entity, receiver.url("/metrics"), "alert.triggered").json().getString("id");
    fixture.api.post("/api/webhooks/" + id + "/test", null, auth(entity));
    assertThat(receiver.await("/metrics", 1, WAIT)).hasSize(1);

    // Either node may have sent it.
    String sent = "fieldreadings_webhooks_deliveries_total{outcome=\"sent\"}";
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    String metrics = fixture.admin.get("/metrics").body() + second.metrics();
    while (!metrics.contains(sent) && System.nanoTime() < deadline) {
      Thread.sleep(50);
      metrics = fixture.admin.get("/metrics").body() + second.metrics();
    }
    assertThat(metrics).contains(sent).contains("fieldreadings_webhooks_outbox_depth");
  }

  @Test
  void aReceiverAnsweringGoneDisablesItsWebhookWhichGetsNoMoreDeliveries() throws Exception {
    Entity entity = entity("gone");
    device(entity, "GONE-1");
    receiver.answer("/gone", 410);
    String id = create(entity, receiver.url("/gone"), "alert.triggered").json().getString("id");
    fixture.api.post("/api/webhooks/" + id + "/test", null, auth(entity));
    assertThat(receiver.await("/gone", 1, WAIT)).hasSize(1);
    awaitDisabled(entity);

    createRule(entity, "GONE-1", "above", 10.0);
    fixture.importCsv(csv("GONE-1", "2026-11-11T00:00:00Z", "11"));
    Thread.sleep(3_000);
    assertThat(receiver.requests("/gone")).hasSize(1);
    assertThat(fixture.api.get("/api/webhooks", auth(entity)).array().getJsonObject(0).getBoolean("enabled"))
        .isFalse();
  }

  @Test
  void aSlowReceiverHoldsOneSenderPerNodeAndDoesNotDelayAnotherReceiversDelivery() throws Exception {
    Entity entity = entity("slow");
    receiver.delay("/slow", Duration.ofSeconds(4));
    String slow = create(entity, receiver.url("/slow"), "alert.triggered").json().getString("id");
    String quick = create(entity, receiver.url("/quick"), "alert.triggered").json().getString("id");
    // More deliveries than both nodes have senders: were they all sent at once, nothing else would go out.
    for (int i = 0; i < 70; i++) {
      fixture.api.post("/api/webhooks/" + slow + "/test", null, auth(entity));
    }
    assertThat(receiver.await("/slow", 1, WAIT)).isNotEmpty();

    long asked = System.currentTimeMillis();
    fixture.api.post("/api/webhooks/" + quick + "/test", null, auth(entity));
    List<Request> quickOnes = receiver.await("/quick", 1, WAIT);
    assertThat(quickOnes).hasSize(1);
    assertThat(quickOnes.get(0).receivedAtMs() - asked).as("ms to the quick receiver").isLessThan(2_000);
    assertThat(receiver.requests("/slow")).as("attempts under way at the slow receiver").hasSizeLessThanOrEqualTo(2);
  }

  @Test
  void theEventsOfARuleWithEmailAreMailedOnceToTheEntitysAddress() throws Exception {
    Entity entity = entity("mailed");
    device(entity, "MAIL-1");
    JsonObject rule = new JsonObject().put("name", "Frost MAIL-1").put("profile", WS).put("serial", "MAIL-1")
        .put("interface", "AirTemp").put("condition", "below").put("threshold", 0.5).put("email", true);
    Answer created = fixture.api.post("/api/alerts", rule.encode(), json(entity));
    assertThat(created.status()).isEqualTo(201);
    assertThat(created.json().getBoolean("email")).isTrue();
    String ruleId = created.json().getString("id");
    second.importCsv(csv("MAIL-1", "2026-11-10T00:00:00Z", "1.5") + csv("MAIL-1", "2026-11-10T01:00:00Z", "0.25"));
    fixture.importCsv(csv("MAIL-1", "2026-11-10T02:00:00Z", "3.0"));

    MimeMessage triggered = mailbox.awaitMail(address("mailed"), 1, 10_000);
    MimeMessage resolved = mailbox.awaitMail(address("mailed"), 2, 10_000);
    // Both nodes poll every second: time for a duplicate to show up.
    Thread.sleep(3_000);
    assertThat(mailbox.mailsTo(address("mailed"))).hasSize(2);
    assertThat(List.of(triggered.getSubject(), resolved.getSubject())).containsExactlyInAnyOrder(
        "Alert triggered: Frost MAIL-1", "Alert resolved: Frost MAIL-1");
    MimeMessage first = triggered.getSubject().startsWith("Alert triggered") ? triggered : resolved;
    assertThat(first.getFrom()[0].toString()).isEqualTo("alerts@field-readings.test");
    assertThat(GreenMailUtil.getBody(first).replace("\r", "")).contains(
        "The alert rule \"Frost MAIL-1\" was triggered.",
        "Device:    REAL_WEATHER_STATION MAIL-1, connector ORIGIN",
        "Condition: below 0.5 for PT0S",
        "At:        2026-11-10T01:00:00Z",
        "Value:     0.25",
        "GET /api/alerts/" + ruleId + "/events");
  }

  @Test
  void aRuleWithoutEmailMailsNothing() throws Exception {
    Entity entity = entity("unmailed");
    device(entity, "MAIL-2");
    createRule(entity, "MAIL-2", "above", 10.0);
    create(entity, receiver.url("/unmailed"), "alert.triggered");
    fixture.importCsv(csv("MAIL-2", "2026-11-10T00:00:00Z", "11"));
    assertThat(receiver.await("/unmailed", 1, WAIT)).hasSize(1);
    Thread.sleep(2_000);
    assertThat(mailbox.mailsTo(address("unmailed"))).isEmpty();
  }

  @Test
  void anotherEntitysWebhookIsNotFound() {
    Entity owner = entity("owner");
    Entity other = entity("other");
    String id = create(owner, receiver.url("/owned"), "alert.triggered").json().getString("id");
    assertThat(fixture.api.get("/api/webhooks", auth(other)).array()).isEmpty();
    Answer test = fixture.api.post("/api/webhooks/" + id + "/test", null, auth(other));
    assertThat(test.status()).isEqualTo(404);
    assertThat(test.json().getString("detail")).isEqualTo("No such webhook.");
    assertThat(fixture.api.delete("/api/webhooks/" + id, auth(other)).status()).isEqualTo(404);
    assertThat(fixture.api.delete("/api/webhooks/" + id, auth(owner)).status()).isEqualTo(204);
    assertThat(fixture.api.delete("/api/webhooks/" + id, auth(owner)).status()).isEqualTo(404);
    assertThat(fixture.api.get("/api/webhooks", auth(owner)).array()).isEmpty();
  }

  @Test
  void everyRouteNeedsAnApiKey() {
    assertThat(fixture.api.get("/api/webhooks").status()).isEqualTo(401);
    assertThat(fixture.api.post("/api/webhooks", "{}", "Content-Type", "application/json").status()).isEqualTo(401);
  }

  @Test
  void anEntityHasAtMostTwentyWebhooks() {
    Entity entity = entity("limit");
    for (int i = 0; i < 20; i++) {
      assertThat(create(entity, receiver.url("/limit" + i), "alert.triggered").status()).isEqualTo(201);
    }
    Answer beyond = create(entity, receiver.url("/limit20"), "alert.triggered");
    assertThat(beyond.status()).isEqualTo(409);
    assertThat(beyond.json().getString("detail")).isEqualTo("At most 20 webhooks per entity: delete one first.");
  }

  @Test
  void aTooLongUrlAndUnknownEventsAreEach400() {
    Entity entity = entity("invalid");
    Answer answer = create(entity, receiver.url("/" + "a".repeat(2048)), "alert.fired");
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray()
        .add(new JsonObject().put("parameter", "url").put("message", "must be at most 2048 characters"))
        .add(new JsonObject().put("parameter", "events")
            .put("message", "must be a non-empty array of alert.triggered, alert.resolved")));
  }

  @Test
  void twoNodesDeliverEachEventOnce() throws Exception {
    Entity entity = entity("nodes");
    device(entity, "NODES-1");
    String secret = create(entity, receiver.url("/nodes"), "alert.triggered", "alert.resolved").json()
        .getString("secret");
    String ruleId = createRule(entity, "NODES-1", "above", 10.0);
    fixture.importCsv(csv("NODES-1", "2026-11-12T00:00:00Z", "11"));
    second.importCsv(csv("NODES-1", "2026-11-12T01:00:00Z", "9"));
    fixture.importCsv(csv("NODES-1", "2026-11-12T02:00:00Z", "12"));
    second.importCsv(csv("NODES-1", "2026-11-12T03:00:00Z", "8"));

    receiver.await("/nodes", 4, Duration.ofSeconds(15));
    // Both nodes poll every second: time for a duplicate to show up.
    Thread.sleep(3_000);
    List<Request> delivered = receiver.requests("/nodes");
    for (Request request : delivered) {
      new Webhook(secret).verify(request.body(), request.headers());
    }
    List<String> eventIds = fixture.api.get("/api/alerts/" + ruleId + "/events", auth(entity)).array().stream()
        .map(e -> ((JsonObject) e).getString("id")).toList();
    assertThat(eventIds).hasSize(4);
    assertThat(delivered.stream().map(r -> new JsonObject(r.body()).getJsonObject("data").getString("id")))
        .containsExactlyInAnyOrderElementsOf(eventIds);
    assertThat(delivered.stream().map(r -> r.header("webhook-id")).distinct()).hasSize(4);
  }

  // --- helpers ---

  private static Entity entity(String name) {
    return fixture.newEntity(address(name));
  }

  private static String address(String name) {
    return "webhooks-" + name + "@example.com";
  }

  private static void device(Entity entity, String serial) {
    fixture.adminPut("/admin/devices/" + WS + "/" + serial, "{}");
    fixture.adminPut("/admin/entities/" + entity.entityId() + "/devices/" + WS + "/" + serial, null);
  }

  private static Answer create(Entity entity, String url, String... events) {
    JsonObject body = new JsonObject().put("url", url).put("events", new JsonArray(List.of(events)));
    return fixture.api.post("/api/webhooks", body.encode(), json(entity));
  }

  private static String createRule(Entity entity, String serial, String condition, double threshold) {
    JsonObject rule = new JsonObject().put("name", "Rule on " + serial).put("profile", WS).put("serial", serial)
        .put("interface", "AirTemp").put("condition", condition).put("threshold", threshold);
    Answer created = fixture.api.post("/api/alerts", rule.encode(), json(entity));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    return created.json().getString("id");
  }

  private static void awaitDisabled(Entity entity) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (fixture.api.get("/api/webhooks", auth(entity)).array().getJsonObject(0).getBoolean("enabled")
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  private static String csv(String serial, String at, String value) {
    return WS + "," + serial + ",ORIGIN,AirTemp," + at + "," + value + "\n";
  }

  private static String[] auth(Entity entity) {
    return new String[] {"Authorization", "ApiKey " + entity.apiKey()};
  }

  private static String[] json(Entity entity) {
    return new String[] {"Authorization", "ApiKey " + entity.apiKey(), "Content-Type", "application/json"};
  }

  private static String hex(String text) {
    return java.util.HexFormat.of().formatHex(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }
}
