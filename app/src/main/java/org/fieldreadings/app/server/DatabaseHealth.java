package org.fieldreadings.app.server;

import io.vertx.core.Future;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.util.concurrent.TimeUnit;

/**
 * Whether this node can serve: its database answers (through the pool, so on the primary of a multi-host URL)
 * within two seconds. Both listeners' health answers start from it.
 */
final class DatabaseHealth {

  private static final long TIMEOUT_MS = 2000;

  private DatabaseHealth() {}

  static Future<Boolean> check(Pool pool) {
    return pool.query("SELECT 1").execute()
        .timeout(TIMEOUT_MS, TimeUnit.MILLISECONDS)
        .map(rows -> true)
        .otherwise(false);
  }

  /**
   * Ends the answer: 200, or 503 with {@code Retry-After}; never cached. The body is the status, then
   * {@code details}.
   */
  static void answer(HttpServerResponse response, boolean up, JsonObject details) {
    response.setStatusCode(up ? 200 : 503)
        .putHeader("Content-Type", "application/json")
        .putHeader("Cache-Control", "no-store");
    if (!up) {
      response.putHeader("Retry-After", "5");
    }
    response.end(new JsonObject().put("status", up ? "UP" : "DOWN").mergeIn(details).encode());
  }
}
