package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;
import org.fieldreadings.core.bus.BusReplies;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.Pools;

/** The access module's event-bus consumers: key authentication. */
final class AccessVerticle extends VerticleBase {

  private Pool pool;
  private KeyVault vault;

  @Override
  public Future<?> start() {
    pool = Pools.shared(vertx, config());
    vault = KeyVault.fromBase64(ConfigKeys.SECURITY_MASTER_KEY.get(config()));
    return vertx.eventBus().<JsonObject>consumer(AccessContract.AUTHENTICATE, this::authenticate).completion();
  }

  private void authenticate(Message<JsonObject> message) {
    String apiKey = message.body().getString("apiKey", "");
    pool.preparedQuery("SELECT entity_id FROM access.api_key WHERE lookup_digest = $1 AND revoked_at IS NULL")
        .execute(Tuple.of(io.vertx.core.buffer.Buffer.buffer(vault.digest(apiKey))))
        .map(rows -> {
          if (rows.size() == 0) {
            throw new BusFailureException(BusFailure.UNAUTHORIZED, "unknown or revoked key");
          }
          return new JsonObject().put("entityId", rows.iterator().next().getString(0));
        })
        .onSuccess(message::reply)
        .onFailure(e -> BusReplies.fail(message, e));
  }
}
