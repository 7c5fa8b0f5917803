package org.fieldreadings.access;

import io.vertx.core.Deployable;
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
}
