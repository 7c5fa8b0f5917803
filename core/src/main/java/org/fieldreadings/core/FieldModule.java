package org.fieldreadings.core;

import io.vertx.core.Deployable;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import org.fieldreadings.core.db.ModuleSchema;
import org.fieldreadings.core.http.EdgeContext;

/**
 * What a module gives the application: its schema, its verticle, and the routes it serves on the public
 * ({@code /api}) and admin ({@code /admin}) listeners. Routes are mounted once per HTTP edge verticle instance.
 */
public interface FieldModule {

  /** The schema this module owns and migrates. */
  ModuleSchema schema();

  /** A new instance of the module's verticle (its event-bus consumers and background work). */
  Deployable verticle();

  /** How many instances of the verticle a node runs (consumers that only answer requests scale with the cores). */
  default int instances() {
    return 1;
  }

  /** Mounts the module's public routes on the {@code /api} router. */
  void mountApi(Router api, EdgeContext edge);

  /** Mounts the module's admin routes on the {@code /admin} router (behind the admin token). */
  default void mountAdmin(Router admin, EdgeContext edge) {}

  /**
   * What the module adds to {@code GET /health}, e.g. {@code {"plugins": "UP"}}: parts that do not decide whether
   * the node is up. The future must not fail and should answer within a second or two.
   */
  default Future<JsonObject> health(Vertx vertx) {
    return Future.succeededFuture(new JsonObject());
  }
}
