package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.util.UUID;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;

/** The entities that own devices and keys, as the admin API manages them. */
final class Entities {

  private static final String UNIQUE_VIOLATION = "23505";

  private final Pool pool;

  Entities(Pool pool) {
    this.pool = pool;
  }

  Future<JsonObject> create(String email, String name) {
    String entityId = UUID.randomUUID().toString();
    return pool.preparedQuery(AccessQueries.INSERT_ENTITY).execute(Tuple.of(entityId, email, name))
        .map(v -> new JsonObject().put("entityId", entityId))
        .recover(e -> Future.failedFuture(e instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState())
            ? new BusFailureException(BusFailure.CONFLICT, "an entity with e-mail " + email + " exists already")
            : e));
  }

  Future<JsonObject> list() {
    return pool.query(AccessQueries.LIST_ENTITIES).execute().map(rows -> {
      JsonArray entities = new JsonArray();
      rows.forEach(row -> entities.add(new JsonObject()
          .put("entityId", row.getString("entity_id"))
          .put("email", row.getString("email"))
          .put("name", row.getString("name"))
          .put("keyStatus", row.getString("key_status"))));
      return new JsonObject().put("entities", entities);
    });
  }

  Future<Boolean> exists(String entityId) {
    return pool.preparedQuery(AccessQueries.ENTITY_EXISTS).execute(Tuple.of(entityId)).map(rows -> rows.size() > 0);
  }
}
