package org.fieldreadings.access;

import io.vertx.core.Deployable;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.db.ModuleSchema;
import org.fieldreadings.core.http.EdgeContext;

/** The access module as the application sees it: schema {@code access}, {@link AccessVerticle} and its routes. */
public final class AccessModule implements FieldModule {

  public static final ModuleSchema SCHEMA = new ModuleSchema("access");

  @Override
  public ModuleSchema schema() {
    return SCHEMA;
  }

  @Override
  public Deployable verticle() {
    return new AccessVerticle();
  }

  @Override
  public void mountApi(Router api, EdgeContext edge) {
    AccessRoutes.mount(api, edge);
  }

  @Override
  public void mountAdmin(Router admin, EdgeContext edge) {
    AccessAdminRoutes.mount(admin, edge.vertx().eventBus());
  }

  /** {@code {"nodes": n}}: the nodes sharing the database, as the rate limits count them; absent when unknown. */
  @Override
  public Future<JsonObject> health(Vertx vertx) {
    return vertx.eventBus().<JsonObject>request(AccessAddresses.NODES, new JsonObject(),
            new DeliveryOptions().setSendTimeout(1000))
        .map(Message::body)
        .otherwise(new JsonObject());
  }
}
