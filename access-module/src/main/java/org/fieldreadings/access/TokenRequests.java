package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /access/token}: a new temporary token and its mail, queued in one transaction. Known and unknown
 * addresses run the same statements and the same cryptography, and both answer the same, so the endpoint
 * reveals nothing about which addresses belong to entities. Over a rate limit nothing is sent and nothing is
 * written: a flood of requests costs two short statements each and leaves the tables as they were.
 */
final class TokenRequests {

  private static final Logger LOG = LoggerFactory.getLogger(TokenRequests.class);

  /** Limits and token lifetime, from configuration. */
  record Policy(Duration tokenTtl, int perEmailHourly, int perClientHourly) {}

  private final Vertx vertx;
  private final Pool pool;
  private final KeyVault vault;
  private final Digests digests;
  private final Policy policy;

  TokenRequests(Vertx vertx, Pool pool, KeyVault vault, Policy policy) {
    this.vertx = vertx;
    this.pool = pool;
    this.vault = vault;
    this.digests = new Digests(vault);
    this.policy = policy;
  }

  Future<Void> request(String email, String clientAddress) {
    Buffer emailDigest = digests.email(email);
    Buffer clientDigest = digests.client(clientAddress);
    String token = KeyVault.newSecret();
    Buffer tokenDigest = digests.token(token);
    OffsetDateTime expiresAt = OffsetDateTime.now(ZoneOffset.UTC).plus(policy.tokenTtl());
    return pool.withTransaction(conn -> conn.preparedQuery(AccessQueries.LOCK_TOKEN_REQUESTERS)
        .execute(Tuple.of(emailDigest, clientDigest))
        .compose(v -> conn.preparedQuery(AccessQueries.TOKEN_REQUEST_CONTEXT)
            .execute(Tuple.of(emailDigest, clientDigest, email)))
        .compose(rows -> {
          Row context = rows.iterator().next();
          if (context.getLong("by_email") >= policy.perEmailHourly()
              || context.getLong("by_client") >= policy.perClientHourly()) {
            LOG.warn("token request for {} from {} over the hourly limit: no mail sent", EmailAddress.masked(email),
                clientAddress);
            return Future.succeededFuture(false);
          }
          String entityId = context.getString("entity_id");
          TokenMail mail = new TokenMail(context.getString("email") == null ? email : context.getString("email"),
              context.getString("name") == null ? "" : context.getString("name"), token, expiresAt,
              policy.tokenTtl());
          Buffer payload = Buffer.buffer(vault.encrypt(mail.toJson().encode()));
          return conn.preparedQuery(AccessQueries.RECORD_TOKEN_REQUEST).execute(Tuple.of(emailDigest, clientDigest))
              .compose(v -> conn.preparedQuery(AccessQueries.UPSERT_TOKEN)
                  .execute(Tuple.of(entityId, tokenDigest, expiresAt)))
              .compose(v -> conn.preparedQuery(AccessQueries.ENQUEUE_MAIL).execute(Tuple.of(entityId, payload)))
              .map(queued -> queued.rowCount() == 1);
        }))
        .map(queued -> {
          if (queued) {
            vertx.eventBus().send(AccessAddresses.OUTBOX_WAKE, null);
          }
          return null;
        });
  }
}
