package org.fieldreadings.push.webhook;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.fieldreadings.core.crypto.SecretBox;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;

/** The entities' webhooks (schema {@code push}) as the API reads and writes them. */
final class WebhookStore {

  static final String TEST_EVENT = "webhook.test";
  private static final String LOCK_ENTITY = "SELECT pg_advisory_xact_lock(hashtext('push.webhook:' || $1))";
  private static final String COUNT = "SELECT count(*) FROM push.webhook WHERE entity_id = $1";
  private static final String INSERT = """
      INSERT INTO push.webhook (webhook_id, entity_id, url, events, secret_ciphertext) VALUES ($1, $2, $3, $4, $5)""";
  private static final String LIST = """
      SELECT webhook_id, url, events, enabled FROM push.webhook WHERE entity_id = $1
      ORDER BY created_at, webhook_id""";
  private static final String DELETE = "DELETE FROM push.webhook WHERE webhook_id = $1 AND entity_id = $2";
  private static final String ENQUEUE_TEST = """
      INSERT INTO push.webhook_delivery (webhook_id, type)
      SELECT webhook_id, '""" + TEST_EVENT + "' FROM push.webhook WHERE webhook_id = $1 AND entity_id = $2";

  private final Pool pool;
  private final SecretBox box;
  private final int maxPerEntity;

  WebhookStore(Pool pool, SecretBox box, int maxPerEntity) {
    this.pool = pool;
    this.box = box;
    this.maxPerEntity = maxPerEntity;
  }

  /** Stores a new webhook of the entity with its secret sealed; 409 beyond {@code webhooks.max.per.entity}. */
  Future<Webhook> create(String entityId, Webhook webhook, WebhookSecret secret) {
    return pool.withTransaction(tx -> tx.preparedQuery(LOCK_ENTITY).execute(Tuple.of(entityId))
        .compose(locked -> tx.preparedQuery(COUNT).execute(Tuple.of(entityId)))
        .compose(count -> {
          if (count.iterator().next().getLong(0) >= maxPerEntity) {
            throw new ProblemException(Problem.of(409, "At most " + maxPerEntity + " webhooks per entity: "
                + "delete one first."));
          }
          return tx.preparedQuery(INSERT).execute(Tuple.of(webhook.id(), entityId, webhook.url(),
              webhook.events().toArray(String[]::new), box.seal(secret.value())));
        })
        .map(inserted -> webhook));
  }

  Future<List<Webhook>> list(String entityId) {
    return pool.preparedQuery(LIST).execute(Tuple.of(entityId)).map(rows -> {
      List<Webhook> webhooks = new ArrayList<>();
      for (Row row : rows) {
        webhooks.add(new Webhook(row.getUUID(0), row.getString(1), Arrays.asList(row.getArrayOfStrings(2)),
            row.getBoolean(3)));
      }
      return webhooks;
    });
  }

  /** Deletes the entity's webhook and its pending deliveries; fails 404 when it has no such webhook. */
  Future<Void> delete(String entityId, UUID id) {
    return pool.preparedQuery(DELETE).execute(Tuple.of(id, entityId)).map(deleted -> found(deleted.rowCount()));
  }

  /** Queues a {@value #TEST_EVENT} delivery to the entity's webhook; fails 404 when it has no such webhook. */
  Future<Void> enqueueTest(String entityId, UUID id) {
    return pool.preparedQuery(ENQUEUE_TEST).execute(Tuple.of(id, entityId)).map(queued -> found(queued.rowCount()));
  }

  static ProblemException notFound() {
    return ProblemException.of(404, "No such webhook.");
  }

  private static Void found(int rows) {
    if (rows == 0) {
      throw notFound();
    }
    return null;
  }
}
