package org.fieldreadings.readings;

import io.vertx.core.Deployable;
import io.vertx.ext.web.Router;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.db.ModuleSchema;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.readings.ingest.IngestRoutes;
import org.fieldreadings.readings.plugins.PluginRoutes;
import org.fieldreadings.readings.query.ReadingsRoutes;
import org.fieldreadings.readings.write.AcceptedWindow;
import org.fieldreadings.readings.write.ImportRoutes;

/**
 * The readings module as the application sees it: schema `readings`, {@link ReadingsVerticle} (with the supplier
 * plugins) and its routes: readings queries and ingest on the public listener; canonical import, ingest and the
 * plugin list on the admin listener.
 */
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
    IngestRoutes.mountApi(api, edge);
  }

  @Override
  public void mountAdmin(Router admin, EdgeContext edge) {
    ImportRoutes.mount(admin, edge.vertx(), AcceptedWindow.fromConfig(edge.config()));
    IngestRoutes.mountAdmin(admin, edge);
    PluginRoutes.mount(admin, edge.vertx().eventBus());
  }
}
