package org.fieldreadings.readings.plugins;

import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import org.fieldreadings.readings.ReadingsAddresses;

/**
 * {@code GET /admin/plugins}: every plugin of the plugins folder and what the host made of it;
 * {@code POST /admin/plugins/reload}: load the folder again, answering what changed.
 */
public final class PluginRoutes {

  private PluginRoutes() {}

  public static void mount(Router admin, EventBus bus) {
    admin.get("/plugins").produces("application/json")
        .handler(ctx -> bus.<JsonObject>request(ReadingsAddresses.PLUGINS, new JsonObject())
            .onSuccess(reply -> ctx.json(reply.body().getJsonArray("plugins")))
            .onFailure(ctx::fail));
    admin.post("/plugins/reload").produces("application/json")
        .handler(ctx -> bus.<JsonObject>request(ReadingsAddresses.PLUGINS_RELOAD, new JsonObject())
            .onSuccess(reply -> ctx.json(reply.body()))
            .onFailure(ctx::fail));
  }
}
