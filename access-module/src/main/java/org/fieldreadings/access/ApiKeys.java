package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.AccessContract.IngestKeyRef;
import org.fieldreadings.core.bus.AccessContract.KeyChange;
import org.fieldreadings.core.bus.AccessContract.KeyHolder;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.IngestScope;
import org.fieldreadings.plugin.api.Profile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** API keys and ingest keys: authentication, token exchange, revocation and support-issued keys. */
final class ApiKeys {

  /** How many first characters of an ingest key name it to operators. */
  static final int INGEST_KEY_PREFIX = 8;

  private static final Logger LOG = LoggerFactory.getLogger(ApiKeys.class);

  private final Vertx vertx;
  private final Pool pool;
  private final KeyVault vault;
  private final Digests digests;
  private final KnownKeys known;

  ApiKeys(Vertx vertx, Pool pool, KeyVault vault, KnownKeys known) {
    this.vertx = vertx;
    this.pool = pool;
    this.vault = vault;
    this.digests = new Digests(vault);
    this.known = known;
  }

  /** False when no active key has this value, from memory ({@link KnownKeys}). */
  boolean known(String key) {
    return known.mayBeKnown(digests.key(key));
  }

  /** Who holds a key; 401 when it is unknown or revoked. */
  Future<KeyHolder> authenticate(String key) {
    return pool.preparedQuery(AccessQueries.AUTHENTICATE).execute(Tuple.of(digests.key(key))).map(rows -> {
      if (rows.size() == 0) {
        throw new BusFailureException(BusFailure.UNAUTHORIZED, "unknown or revoked key");
      }
      Row row = rows.iterator().next();
      return row.getString("profile") == null
          ? KeyHolder.entity(row.getString("entity_id"))
          : KeyHolder.ingest(Profile.valueOf(row.getString("profile")), new IngestScope(row.getLong("key_id"),
              row.getString("entity_id"), row.getBoolean("accept_location")));
    });
  }

  /**
   * Exchanges a temporary token for the entity's current key, creating the key if the entity never had one.
   * The token row is deleted in the same transaction, so it works once.
   */
  Future<JsonObject> exchange(String token) {
    return pool.withTransaction(conn -> conn.preparedQuery(AccessQueries.CONSUME_TOKEN)
        .execute(Tuple.of(digests.token(token)))
        .compose(rows -> {
          Row row = rows.size() == 0 ? null : rows.iterator().next();
          if (row == null || !row.getBoolean("valid")) {
            throw new BusFailureException(BusFailure.UNAUTHORIZED, "The token is unknown, expired or already used.");
          }
          String entityId = row.getString("entity_id");
          return currentOrNewKey(conn, entityId)
              .map(apiKey -> new JsonObject().put("entityId", entityId).put("apiKey", apiKey));
        }))
        .onSuccess(answer -> LOG.info("temporary token exchanged for the key of entity {}", answer.getString("entityId")));
  }

  private Future<String> currentOrNewKey(SqlConnection conn, String entityId) {
    return conn.preparedQuery(AccessQueries.KEY_OF_ENTITY).execute(Tuple.of(entityId)).compose(rows -> {
      if (rows.size() > 0) {
        Row key = rows.iterator().next();
        if (key.getBoolean("revoked")) {
          throw new BusFailureException(BusFailure.FORBIDDEN, "revoked keys are replaced by support only");
        }
        return Future.succeededFuture(vault.decrypt(key.getBuffer("key_ciphertext").getBytes()));
      }
      String apiKey = KeyVault.newSecret();
      Buffer digest = digests.key(apiKey);
      return conn.preparedQuery(AccessQueries.CREATE_KEY_IF_NONE)
          .execute(Tuple.of(entityId, digest, Buffer.buffer(vault.encrypt(apiKey))))
          .compose(inserted -> {
            if (inserted.rowCount() != 1) {
              return currentOrNewKey(conn, entityId);
            }
            // Other nodes add the new key to their filters of known keys when this commits.
            known.add(digest);
            return notifyKeyChanged(conn, KeyChangeListener.KEY_ADDED).map(apiKey);
          });
    });
  }

  /** Revokes the entity's key; every node stops accepting it at once. */
  Future<Void> revoke(String entityId) {
    return pool.withTransaction(conn -> revoke(conn, entityId))
        .compose(v -> forgetHere(entityId))
        .onSuccess(v -> LOG.info("key of entity {} revoked by its holder", entityId));
  }

  /**
   * Support revokes the entity's key, as its holder would; revoking a revoked key changes nothing. Fails
   * {@link BusFailure#NOT_FOUND} for an unknown entity and {@link BusFailure#CONFLICT} for one that has no key.
   */
  Future<Void> revokeBySupport(String entityId) {
    return pool.withTransaction(conn -> conn.preparedQuery(AccessQueries.KEY_STATE_OF_ENTITY)
            .execute(Tuple.of(entityId))
            .compose(rows -> {
              if (rows.size() == 0) {
                throw new BusFailureException(BusFailure.NOT_FOUND, "No entity " + entityId + ".");
              }
              if (!rows.iterator().next().getBoolean("has_key")) {
                throw new BusFailureException(BusFailure.CONFLICT, "Entity " + entityId + " has no API key to revoke.");
              }
              return revoke(conn, entityId);
            }))
        .compose(v -> forgetHere(entityId))
        .onSuccess(v -> LOG.info("key of entity {} revoked by support", entityId));
  }

  private static Future<Void> revoke(SqlConnection conn, String entityId) {
    return conn.preparedQuery(AccessQueries.REVOKE_KEY).execute(Tuple.of(entityId))
        .compose(v -> conn.preparedQuery(AccessQueries.DROP_TOKENS_OF_ENTITY).execute(Tuple.of(entityId)))
        .compose(v -> notifyKeyChanged(conn, entityId))
        .mapEmpty();
  }

  /** Support issues a new key for the entity, replacing (and so invalidating) any previous one. */
  Future<JsonObject> issue(String entityId) {
    String apiKey = KeyVault.newSecret();
    Buffer digest = digests.key(apiKey);
    return pool.withTransaction(conn -> conn.preparedQuery(AccessQueries.REPLACE_KEY)
            .execute(Tuple.of(entityId, digest, Buffer.buffer(vault.encrypt(apiKey))))
            .compose(rows -> {
              if (rows.rowCount() == 0) {
                throw new BusFailureException(BusFailure.NOT_FOUND, "no entity " + entityId);
              }
              known.add(digest);
              return notifyKeyChanged(conn, entityId);
            }))
        .compose(v -> forgetHere(entityId))
        .map(v -> {
          LOG.info("new key issued by support for entity {} (prefix {})", entityId, apiKey.substring(0, 4));
          return new JsonObject().put("entityId", entityId).put("apiKey", apiKey);
        });
  }

  /**
   * A new ingest key for a supplier profile, bound to {@code entityId} (null: none); fails
   * {@link BusFailure#BAD_REQUEST} when no entity has that id.
   */
  Future<JsonObject> createIngestKey(String profile, String entityId, boolean acceptLocation) {
    String ingestKey = KeyVault.newSecret();
    String prefix = ingestKey.substring(0, INGEST_KEY_PREFIX);
    Buffer digest = digests.key(ingestKey);
    Future<Boolean> entityKnown = entityId == null ? Future.succeededFuture(true)
        : pool.preparedQuery(AccessQueries.ENTITY_EXISTS).execute(Tuple.of(entityId)).map(rows -> rows.size() > 0);
    return entityKnown
        .compose(known -> {
          if (!known) {
            throw new BusFailureException(BusFailure.BAD_REQUEST, "entityId: no entity has the id " + entityId + ".");
          }
          return pool.withTransaction(conn -> conn.preparedQuery(AccessQueries.INSERT_INGEST_KEY)
              .execute(Tuple.of(digest, profile, prefix, entityId, acceptLocation))
              .compose(v -> {
                this.known.add(digest);
                return notifyKeyChanged(conn, KeyChangeListener.KEY_ADDED);
              }));
        })
        .map(v -> {
          LOG.info("ingest key {} created for profile {}, entity {}, acceptLocation {}", prefix, profile, entityId,
              acceptLocation);
          return new JsonObject().put("ingestKey", ingestKey);
        });
  }

  /**
   * {@code {"ingestKeys": [{"prefix", "profile", "createdAt", "entityId", "acceptLocation", "devices",
   * "maxDevices"}]}}, oldest first; {@code createdAt} in epoch ms, {@code devices} the devices the key reported
   * first (the devices module counts them), {@code maxDevices} how many it may.
   */
  Future<JsonObject> listIngestKeys(int maxDevices) {
    return DevicesContract.INGEST_KEY_DEVICES.request(vertx.eventBus(), null)
        .compose(counts -> pool.preparedQuery(AccessQueries.LIST_INGEST_KEYS).execute().map(rows -> {
          JsonArray keys = new JsonArray();
          rows.forEach(row -> keys.add(new JsonObject().put("prefix", row.getString("prefix"))
              .put("profile", row.getString("profile"))
              .put("createdAt", row.getOffsetDateTime("created_at").toInstant().toEpochMilli())
              .put("entityId", row.getString("entity_id"))
              .put("acceptLocation", row.getBoolean("accept_location"))
              .put("devices", counts.of(row.getLong("key_id")))
              .put("maxDevices", maxDevices)));
          return new JsonObject().put("ingestKeys", keys);
        }));
  }

  /** {@link AccessContract#INGEST_KEY_OF_PREFIX}. */
  Future<IngestKeyRef> ingestKeyOfPrefix(String prefix) {
    return pool.preparedQuery(AccessQueries.INGEST_KEY_IDS_OF_PREFIX).execute(Tuple.of(prefix)).map(rows -> {
      if (rows.size() == 0) {
        throw new BusFailureException(BusFailure.NOT_FOUND, "No ingest key starts with " + prefix + ".");
      }
      if (rows.size() > 1) {
        throw new BusFailureException(BusFailure.CONFLICT, "Several ingest keys start with " + prefix + ".");
      }
      Row row = rows.iterator().next();
      return new IngestKeyRef(row.getLong("key_id"), Profile.valueOf(row.getString("profile")));
    });
  }

  /**
   * Revokes the ingest key of this prefix on every node. Fails {@link BusFailure#NOT_FOUND} when no key has it and
   * {@link BusFailure#CONFLICT} when several do (the whole key's holder must then be asked for more of it).
   */
  Future<Void> revokeIngestKey(String prefix) {
    return pool.withTransaction(conn -> conn.preparedQuery(AccessQueries.INGEST_KEYS_OF_PREFIX)
            .execute(Tuple.of(prefix))
            .compose(rows -> {
              if (rows.size() == 0) {
                throw new BusFailureException(BusFailure.NOT_FOUND, "No ingest key starts with " + prefix + ".");
              }
              if (rows.size() > 1) {
                throw new BusFailureException(BusFailure.CONFLICT,
                    "Several ingest keys start with " + prefix + "; none was revoked.");
              }
              return conn.preparedQuery(AccessQueries.DELETE_INGEST_KEY)
                  .execute(Tuple.of(rows.iterator().next().getBuffer("lookup_digest")))
                  .compose(v -> notifyKeyChanged(conn, KeyChangeListener.ALL_KEYS));
            }))
        // Ingest keys belong to no entity: every node forgets every remembered key.
        .compose(v -> forgetHere(KeyChangeListener.ALL_KEYS))
        .onSuccess(v -> LOG.info("ingest key {} revoked by support", prefix));
  }

  private static Future<RowSet<Row>> notifyKeyChanged(SqlConnection conn, String entityId) {
    return conn.preparedQuery(AccessQueries.NOTIFY_KEY_CHANGED).execute(Tuple.of(entityId));
  }

  /**
   * This node's authentication cache forgets the key before the change is answered, so the next request of any
   * client already sees it; other nodes learn through the database notification. The change is committed either
   * way: a cache that does not confirm in time is logged, and the notification still reaches it.
   */
  private Future<Void> forgetHere(String entityId) {
    KeyChange change = entityId.equals(KeyChangeListener.ALL_KEYS) ? KeyChange.ALL : new KeyChange(entityId);
    return AccessContract.KEY_REVOKED.request(vertx.eventBus(), change)
        .recover(e -> {
          if (!(e instanceof ReplyException reply && reply.failureType() == ReplyFailure.NO_HANDLERS)) {
            LOG.warn("this node's key cache did not confirm forgetting a changed key: {}", e.getMessage());
          }
          return Future.succeededFuture();
        });
  }
}
