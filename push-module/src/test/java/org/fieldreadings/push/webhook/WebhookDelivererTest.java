package org.fieldreadings.push.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.standardwebhooks.Webhook;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgBuilder;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.crypto.SecretBox;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Migrations;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.core.outbox.Backoff;
import org.fieldreadings.core.telemetry.Telemetry;
import org.fieldreadings.core.testing.RecordingReceiver;
import org.fieldreadings.core.testing.RecordingReceiver.Request;
import org.fieldreadings.core.testing.TestPostgres;
import org.fieldreadings.push.PushModule;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The deliverer on a real database and a real receiver, with a backoff short enough to watch its retries. */
class WebhookDelivererTest {

  private static final String PATH = "/hook";
  /** Over a second, so that a retry's {@code webhook-timestamp} (Unix seconds) differs from its attempt's. */
  private static final Backoff QUICK = (attempts, queued) -> Optional.of(Duration.ofMillis(1100));

  private final SecretBox box = new SecretBox(new byte[32], "test");
  private final WebhookSecret secret = WebhookSecret.generate();
  private DatabaseUrl database;
  private RecordingReceiver receiver;
  private Vertx vertx;
  private UUID webhookId;

  @BeforeEach
  void setUp() {
    database = TestPostgres.newDatabase();
    Migrations.migrate(database, List.of(PushModule.SCHEMA));
    receiver = RecordingReceiver.start();
    vertx = Telemetry.newVertx();
    webhookId = UUID.randomUUID();
    TestPostgres.execute(database, "INSERT INTO push.webhook (webhook_id, entity_id, url, events, secret_ciphertext) "
        + "VALUES ('" + webhookId + "', 'e1', '" + receiver.url(PATH) + "', '{alert.triggered}', '\\x"
        + HexFormat.of().formatHex(box.seal(secret.value())) + "')");
  }

  @AfterEach
  void tearDown() throws Exception {
    vertx.close().await(30, TimeUnit.SECONDS);
    receiver.close();
  }

  @Test
  void aFailedAttemptIsRetriedUnderTheSameWebhookIdWithItsOwnTimestampAndSignature() throws Exception {
    receiver.answer(PATH, 500, 200);
    String deliveryId = queueTest();
    deploy(QUICK);

    List<Request> attempts = receiver.await(PATH, 2, Duration.ofSeconds(10));
    awaitState(deliveryId, "delivered");
    assertThat(attempts).hasSize(2);
    for (Request attempt : attempts) {
      new Webhook(secret.value()).verify(attempt.body(), attempt.headers());
      assertThat(attempt.header("webhook-id")).isEqualTo(deliveryId);
      assertThat(attempt.header("content-type")).isEqualTo("application/json");
    }
    Request first = attempts.get(0);
    Request retry = attempts.get(1);
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(Long.parseLong(retry.header("webhook-timestamp")))
        .isGreaterThan(Long.parseLong(first.header("webhook-timestamp")));
    assertThat(retry.header("webhook-signature")).isNotEqualTo(first.header("webhook-signature"));
    JsonObject body = new JsonObject(first.body());
    assertThat(body.getString("type")).isEqualTo("webhook.test");
    assertThat(body.getJsonObject("data")).isEqualTo(new JsonObject().put("webhookId", webhookId.toString()));
    assertThat(TestPostgres.queryString(database, "SELECT attempts FROM push.webhook_delivery")).isEqualTo("2");
  }

  @Test
  void aRedirectIsAFailedAttemptAndIsNotFollowed() throws Exception {
    receiver.answer(PATH, 307);
    String deliveryId = queueTest();
    deploy((attempts, queued) -> Optional.of(Duration.ofMinutes(5)));

    assertThat(receiver.await(PATH, 1, Duration.ofSeconds(10))).hasSize(1);
    awaitLastError(deliveryId);
    assertThat(TestPostgres.queryString(database, "SELECT state || ' ' || last_error FROM push.webhook_delivery"))
        .isEqualTo("pending 127.0.0.1 answered 307");
  }

  @Test
  void aDeliveryTheBackoffGivesUpOnIsAbandoned() throws Exception {
    receiver.answer(PATH, 503);
    String deliveryId = queueTest();
    deploy((attempts, queued) -> Optional.empty());

    awaitState(deliveryId, "abandoned");
    assertThat(receiver.requests(PATH)).hasSize(1);
    assertThat(TestPostgres.queryString(database, "SELECT last_error FROM push.webhook_delivery"))
        .isEqualTo("127.0.0.1 answered 503");
  }

  private String queueTest() {
    return TestPostgres.queryString(database, "INSERT INTO push.webhook_delivery (webhook_id, type) VALUES ('"
        + webhookId + "', 'webhook.test') RETURNING delivery_id");
  }

  private void awaitState(String deliveryId, String state) throws InterruptedException {
    String query = "SELECT state FROM push.webhook_delivery WHERE delivery_id = '" + deliveryId + "'";
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!state.equals(TestPostgres.queryString(database, query)) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(TestPostgres.queryString(database, query)).isEqualTo(state);
  }

  private void awaitLastError(String deliveryId) throws InterruptedException {
    String query = "SELECT count(*) FROM push.webhook_delivery WHERE last_error IS NOT NULL AND delivery_id = '"
        + deliveryId + "'";
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!"1".equals(TestPostgres.queryString(database, query)) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  private void deploy(Backoff backoff) throws Exception {
    vertx.deployVerticle(new VerticleBase() {
      private WebhookDeliverer deliverer;

      @Override
      public Future<?> start() {
        deliverer = new WebhookDeliverer(vertx, PgBuilder.pool().connectingTo(Pools.connectOptions(database))
            .using(vertx).build(), box, new UrlPolicy(true, true), Duration.ofSeconds(5), backoff);
        return deliverer.start();
      }

      @Override
      public Future<?> stop() {
        return deliverer.stop();
      }
    }).await(30, TimeUnit.SECONDS);
  }
}
