package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.util.List;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.JsonConsumers;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Pools;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The access module's event-bus consumers (authentication, entities, keys, tokens), its mail sender, the relay
 * of other nodes' key changes, and hourly housekeeping of expired rows.
 */
final class AccessVerticle extends VerticleBase {

  private static final Logger LOG = LoggerFactory.getLogger(AccessVerticle.class);
  private static final long HOUSEKEEPING_MS = Duration.ofMinutes(10).toMillis();

  /** The one housekeeping run at a time among the nodes sharing the database (a transaction's advisory lock). */
  private static final String HOUSEKEEPING_LOCK = "SELECT pg_try_advisory_xact_lock(hashtext('access.housekeeping'))";

  private MailSender mailSender;
  private KeyChangeListener keyChanges;
  private ClusterNodes nodes;

  @Override
  public Future<?> start() {
    Pool pool = Pools.shared(vertx, config());
    KeyVault vault = KeyVault.fromBase64(ConfigKeys.SECURITY_MASTER_KEY.get(config()));
    KnownKeys known = new KnownKeys();
    ApiKeys keys = new ApiKeys(vertx, pool, vault, known);
    Entities entities = new Entities(pool);
    TokenRequests tokens = new TokenRequests(vertx, pool, vault, new TokenRequests.Policy(
        Duration.parse(ConfigKeys.ACCESS_TOKEN_TTL.get(config())),
        ConfigKeys.RATELIMIT_TOKEN_EMAIL_HOURLY.get(config()),
        ConfigKeys.RATELIMIT_TOKEN_CLIENT_HOURLY.get(config())));
    mailSender = new MailSender(vertx, pool, vault, MailTransport.fromConfig(vertx, config()),
        ConfigKeys.MAIL_FROM.get(config()), ConfigKeys.HTTP_PUBLIC_URL.get(config()), MailSender.LEASE);
    keyChanges = new KeyChangeListener(vertx, DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config())),
        () -> known.load(pool).onFailure(e -> LOG.warn("known keys not reloaded: {}", e.getMessage())));
    nodes = new ClusterNodes(vertx, pool);
    vertx.setPeriodic(HOUSEKEEPING_MS, id -> housekeeping(pool));
    return Future.all(List.of(
        AccessContract.AUTHENTICATE.serve(vertx, key -> keys.authenticate(key.value())),
        AccessContract.KEY_KNOWN.serve(vertx, key -> Future.succeededFuture(keys.known(key.value()))),
        AccessContract.ENTITY_EXISTS.serve(vertx, entities::exists),
        AccessContract.MAIL_ENTITY.serve(vertx, new EntityMails(vertx, pool, vault)::queue),
        JsonConsumers.register(vertx, AccessAddresses.REQUEST_TOKEN, body -> tokens.request(body.getString("email"),
            body.getString("clientAddress")).map(v -> new JsonObject())),
        JsonConsumers.register(vertx, AccessAddresses.EXCHANGE_TOKEN, body -> keys.exchange(body.getString("token"))),
        JsonConsumers.register(vertx, AccessAddresses.REVOKE, body -> keys.revoke(body.getString("entityId")).map(v -> new JsonObject())),
        JsonConsumers.register(vertx, AccessAddresses.CREATE_ENTITY, body -> entities.create(body.getString("email"), body.getString("name"))),
        JsonConsumers.register(vertx, AccessAddresses.LIST_ENTITIES, body -> entities.list()),
        JsonConsumers.register(vertx, AccessAddresses.ISSUE_KEY, body -> keys.issue(body.getString("entityId"))),
        JsonConsumers.register(vertx, AccessAddresses.CREATE_INGEST_KEY, body -> keys.createIngestKey(
            body.getString("profile"), body.getString("entityId"), body.getBoolean("acceptLocation", false))),
        AccessContract.INGEST_KEY_OF_PREFIX.serve(vertx, keys::ingestKeyOfPrefix),
        JsonConsumers.register(vertx, AccessAddresses.REVOKE_BY_SUPPORT,
            body -> keys.revokeBySupport(body.getString("entityId")).map(v -> new JsonObject())),
        JsonConsumers.register(vertx, AccessAddresses.LIST_INGEST_KEYS,
            body -> keys.listIngestKeys(ConfigKeys.INGEST_KEY_MAX_DEVICES.get(config()))),
        JsonConsumers.register(vertx, AccessAddresses.REVOKE_INGEST_KEY,
            body -> keys.revokeIngestKey(body.getString("prefix")).map(v -> new JsonObject())),
        JsonConsumers.register(vertx, AccessAddresses.NODES, body -> Future.succeededFuture(
            new JsonObject().put("nodes", nodes.count()))),
        known.load(pool),
        mailSender.start(),
        keyChanges.start(),
        nodes.start()));
  }

  @Override
  public Future<?> stop() {
    return Future.all(mailSender.stop(), keyChanges.stop(), nodes.stop());
  }


  /** Purges what has expired, on one node at a time; a node that finds another at it skips this round. */
  private void housekeeping(Pool pool) {
    pool.withTransaction(conn -> conn.query(HOUSEKEEPING_LOCK).execute().compose(locked ->
            !locked.iterator().next().getBoolean(0) ? Future.succeededFuture()
                : conn.query(AccessQueries.PURGE_TOKEN_REQUESTS).execute()
                    .compose(v -> conn.query(AccessQueries.PURGE_EXPIRED_TOKENS).execute())
                    .compose(v -> conn.query(AccessQueries.PURGE_SENT_MAILS).execute())
                    .compose(v -> conn.query(ClusterNodes.PURGE).execute())))
        .onFailure(e -> LOG.warn("access housekeeping skipped: {}", e.getMessage()));
  }
}
