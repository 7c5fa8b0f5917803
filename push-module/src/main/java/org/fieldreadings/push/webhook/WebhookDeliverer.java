package org.fieldreadings.push.webhook;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.SocketAddress;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.crypto.SecretBox;
import org.fieldreadings.core.outbox.Backoff;
import org.fieldreadings.core.outbox.Outbox;
import org.fieldreadings.core.outbox.OutboxSql;
import org.fieldreadings.core.outbox.Undeliverable;
import org.fieldreadings.push.alert.AlertEvent;
import org.fieldreadings.push.alert.AlertRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Sends the webhook deliveries queued with their events ({@link Outbox}: once across nodes, retried on the
 * {@link RetrySchedule}), as the Standard Webhooks specification has them: a JSON {@code POST} signed with the
 * webhook's secret, a fresh {@code webhook-timestamp} and signature per attempt under one {@code webhook-id}. Any
 * 2xx is delivered; 410 Gone disables the webhook; anything else, redirects included, is a failed attempt.
 */
public final class WebhookDeliverer {

  private static final Logger LOG = LoggerFactory.getLogger(WebhookDeliverer.class);
  /** Wakes the node's deliverer when a delivery is queued (others find it on their poll). */
  static final String WAKE = "push.webhooks-wake";
  /** The label of the webhook secrets' sub-key of the master key. */
  private static final String SECRET_LABEL = "push.webhook-secret";
  /** Renewed while an attempt waits for its receiver: how soon another node retries after a crash. */
  private static final Duration LEASE = Duration.ofMinutes(2);
  private static final Duration POLL = Duration.ofSeconds(1);
  /** Deliveries sent at once by a node, to as many webhooks: a slow receiver holds one lane, not the others. */
  private static final int LANES = 32;
  private static final long PURGE_MS = Duration.ofMinutes(10).toMillis();
  /**
   * The most overdue delivery of a webhook with no attempt under way: a receiver that is slow to answer holds one
   * lane on each node at most, never all of them.
   */
  private static final String CLAIM = """
      WITH claimed AS (
        UPDATE push.webhook_delivery
        SET attempts = attempts + 1, next_attempt_at = now() + $1 * interval '1 millisecond',
            claimed_until = now() + $1 * interval '1 millisecond'
        WHERE delivery_id = (
          SELECT d.delivery_id FROM push.webhook_delivery d
          WHERE d.state = 'pending' AND d.next_attempt_at <= now()
            AND NOT EXISTS (SELECT 1 FROM push.webhook_delivery busy WHERE busy.webhook_id = d.webhook_id
                            AND busy.claimed_until > now() AND busy.state = 'pending')
          ORDER BY d.next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING delivery_id, attempts, created_at, webhook_id, type, event_id)
      SELECT c.delivery_id, c.attempts, c.created_at, c.type AS delivery_type, c.webhook_id, w.url,
             w.secret_ciphertext, e.event_id, e.at, e.value, r.rule_id, r.name, r.profile, r.serial, r.connector_id,
             r.interface, r.condition, r.threshold, r.for_ms, r.email, r.enabled
      FROM claimed c JOIN push.webhook w ON w.webhook_id = c.webhook_id
      LEFT JOIN push.alert_event e ON e.event_id = c.event_id
      LEFT JOIN push.alert_rule r ON r.rule_id = e.rule_id""";
  private static final String HELD = " WHERE delivery_id = $1 AND attempts = $2 AND state = 'pending'";
  private static final String DUE_IN = "next_attempt_at = now() + $3 * interval '1 millisecond'";
  private static final OutboxSql SQL = new OutboxSql(CLAIM,
      "UPDATE push.webhook_delivery SET " + DUE_IN + ", claimed_until = now() + $3 * interval '1 millisecond'"
          + HELD,
      "UPDATE push.webhook_delivery SET state = 'delivered', finished_at = now(), claimed_until = NULL,"
          + " last_error = NULL" + HELD,
      "UPDATE push.webhook_delivery SET " + DUE_IN + ", claimed_until = NULL, last_error = $4" + HELD,
      "UPDATE push.webhook_delivery SET state = 'abandoned', finished_at = now(), claimed_until = NULL,"
          + " last_error = $3" + HELD,
      "SELECT count(*) FROM push.webhook_delivery WHERE state = 'pending'");
  /** The webhook's other pending deliveries go with it: its receiver said it is gone for good. */
  private static final String DISABLE = """
      WITH disabled AS (UPDATE push.webhook SET enabled = false WHERE webhook_id = $1)
      UPDATE push.webhook_delivery SET state = 'abandoned', finished_at = now(), last_error = $3
      WHERE webhook_id = $1 AND state = 'pending' AND delivery_id <> $2""";
  private static final String PURGE = """
      DELETE FROM push.webhook_delivery WHERE state <> 'pending' AND finished_at < now() - interval '7 days'""";

  private final Vertx vertx;
  private final Pool pool;
  private final SecretBox box;
  private final UrlPolicy policy;
  private final long timeoutMs;
  private final HttpClient client;
  private final Outbox outbox;
  private long purgeTimer = -1;

  WebhookDeliverer(Vertx vertx, Pool pool, SecretBox box, UrlPolicy policy, Duration timeout, Backoff backoff) {
    this.vertx = vertx;
    this.pool = pool;
    this.box = box;
    this.policy = policy;
    this.timeoutMs = timeout.toMillis();
    // A connection per attempt, to the address just checked: none is reused after its name may have changed.
    this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(false).setForceSni(true)
            .setConnectTimeout((int) timeoutMs).setSslHandshakeTimeout(timeoutMs)
            .setSslHandshakeTimeoutUnit(TimeUnit.MILLISECONDS),
        new PoolOptions().setHttp1MaxSize(LANES));
    // A receiver that fails is its owner's to mend, not the operator's: failed attempts are informational.
    this.outbox = new Outbox(vertx, pool, SQL, new Outbox.Settings("webhook delivery", "webhooks", LEASE, POLL,
        LANES, Level.INFO), this::send, backoff);
  }

  public static WebhookDeliverer fromConfig(Vertx vertx, Pool pool, JsonObject config) {
    return new WebhookDeliverer(vertx, pool, secretBox(config), urlPolicy(config),
        Duration.parse(ConfigKeys.WEBHOOKS_TIMEOUT.get(config)),
        RetrySchedule.within(Duration.parse(ConfigKeys.WEBHOOKS_RETRY_FOR.get(config))));
  }

  static SecretBox secretBox(JsonObject config) {
    return SecretBox.fromBase64(ConfigKeys.SECURITY_MASTER_KEY.get(config), SECRET_LABEL);
  }

  static UrlPolicy urlPolicy(JsonObject config) {
    return new UrlPolicy(ConfigKeys.WEBHOOKS_ALLOW_HTTP.get(config), ConfigKeys.WEBHOOKS_ALLOW_PRIVATE.get(config));
  }

  public Future<Void> start() {
    outbox.start();
    purgeTimer = vertx.setPeriodic(PURGE_MS, id -> pool.query(PURGE).execute()
        .onFailure(error -> LOG.warn("finished webhook deliveries not purged now: {}", error.getMessage())));
    return vertx.eventBus().consumer(WAKE, message -> outbox.wake()).completion();
  }

  /** Something was queued on this node: deliver it now rather than at the next poll. */
  public void wake() {
    outbox.wake();
  }

  public Future<Void> stop() {
    outbox.stop();
    vertx.cancelTimer(purgeTimer);
    return client.close();
  }

  private Future<Void> send(Row claimed) {
    String messageId = claimed.getUUID("delivery_id").toString();
    String body = body(claimed).encode();
    WebhookSecret secret = new WebhookSecret(box.open(claimed.getBuffer("secret_ciphertext").getBytes()));
    URI uri = policy.parse(claimed.getString("url"));
    return policy.resolve(vertx, uri)
        .compose(address -> post(uri, address, messageId, body, secret))
        .compose(status -> {
          if (status >= 200 && status < 300) {
            return Future.succeededFuture();
          }
          if (status == 410) {
            return gone(claimed, uri);
          }
          return Future.failedFuture(uri.getHost() + " answered " + status);
        }, error -> Future.failedFuture(uri.getHost() + ": " + error.getMessage()));
  }

  /** The status of one attempt, with its own timestamp and signature; the answer's body is read and dropped. */
  private Future<Integer> post(URI uri, InetAddress address, String messageId, String body, WebhookSecret secret) {
    boolean https = uri.getScheme().equalsIgnoreCase("https");
    int port = uri.getPort() != -1 ? uri.getPort() : https ? 443 : 80;
    String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
        + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    long timestamp = Instant.now().getEpochSecond();
    RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST)
        .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress()))
        .setHost(uri.getHost()).setPort(port).setSsl(https).setURI(path).setFollowRedirects(false)
        .putHeader("Content-Type", "application/json")
        .putHeader("webhook-id", messageId)
        .putHeader("webhook-timestamp", Long.toString(timestamp))
        .putHeader("webhook-signature", secret.sign(messageId, timestamp, body));
    return client.request(options).compose(request -> {
      long timer = vertx.setTimer(timeoutMs, id -> request.reset(0, new TimeoutException(
          "no answer within " + Duration.ofMillis(timeoutMs))));
      return request.send(body)
          .compose(response -> response.handler(data -> {}).end().map(v -> response.statusCode()))
          .onComplete(done -> vertx.cancelTimer(timer));
    });
  }

  private Future<Void> gone(Row claimed, URI uri) {
    String reason = uri.getHost() + " answered 410 Gone: webhook " + claimed.getUUID("webhook_id") + " disabled";
    return pool.preparedQuery(DISABLE).execute(Tuple.of(claimed.getUUID("webhook_id"),
            claimed.getUUID("delivery_id"), reason))
        .<Void>transform(disabled -> Future.failedFuture(new Undeliverable(reason)));
  }

  /** The request body: the event with its rule (a test: the webhook's id), stamped when it was queued. */
  private static JsonObject body(Row claimed) {
    String type = claimed.getString("delivery_type");
    JsonObject data = type.equals(WebhookStore.TEST_EVENT)
        ? new JsonObject().put("webhookId", claimed.getUUID("webhook_id").toString())
        : new AlertEvent(claimed.getUUID("event_id"), type, claimed.getLong("at"), claimed.getDouble("value"),
            claimed.getUUID("rule_id")).toJson().put("rule", AlertRule.fromRow(claimed).toJson());
    return new JsonObject().put("type", type)
        .put("timestamp", claimed.getOffsetDateTime("created_at").toInstant().truncatedTo(ChronoUnit.MILLIS).toString())
        .put("data", data);
  }
}
