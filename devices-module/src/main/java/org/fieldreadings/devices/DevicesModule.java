package org.fieldreadings.devices;

import io.vertx.core.Deployable;
import io.vertx.ext.web.Router;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.db.ModuleSchema;
import org.fieldreadings.core.http.EdgeContext;

/** The devices module as the application sees it: schema `devices`, {@link DevicesVerticle} and its routes. */
public final class DevicesModule implements FieldModule {

  public static final ModuleSchema SCHEMA = new ModuleSchema("devices");

  @Override
  public ModuleSchema schema() {
    return SCHEMA;
  }

  @Override
  public Deployable verticle() {
    return new DevicesVerticle();
  }

  /** The verticle only answers requests (every readings request resolves its device here): one per core. */
  @Override
  public int instances() {
    return Runtime.getRuntime().availableProcessors();
  }

  @Override
  public void mountApi(Router api, EdgeContext edge) {
    DeviceRoutes.mount(api, edge);
  }

  @Override
  public void mountAdmin(Router admin, EdgeContext edge) {
    AdminDeviceRoutes.mount(admin, edge);
  }
}
