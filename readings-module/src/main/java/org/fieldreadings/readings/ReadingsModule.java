package org.fieldreadings.readings;

import io.vertx.core.Deployable;
import io.vertx.ext.web.Router;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.db.ModuleSchema;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.readings.query.ReadingsRoutes;
import org.fieldreadings.readings.write.ImportRoutes;

/** The readings module as the application sees it: schema `readings`, {@link ReadingsVerticle} and its routes. */
public final class ReadingsModule implements FieldModule {

  public static final ModuleSchema SCHEMA = new ModuleSchema("readings");

  @Override
  public ModuleSchema schema() {
    return SCHEMA;
  }

  @Override
  public Deployable verticle() {
    return new ReadingsVerticle();
  }

  @Override
  public void mountApi(Router api, EdgeContext edge) {
    ReadingsRoutes.mount(api, edge);
  }

  @Override
  public void mountAdmin(Router admin, EdgeContext edge) {
    ImportRoutes.mount(admin, edge.vertx().eventBus());
  }
}
