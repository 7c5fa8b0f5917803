package org.fieldreadings.devices;

import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.DeviceRef;
import org.fieldreadings.core.http.EdgeContext;

/**
 * The public device endpoints (docs/api.md) behind an entity's API key. Handlers validate their parameters
 * (throwing a 400 problem the router's {@code ProblemHandler} answers), then ask {@link DevicesVerticle}.
 */
final class DeviceRoutes {

  private static final String JSON = "application/json";

  private final EventBus bus;

  private DeviceRoutes(EventBus bus) {
    this.bus = bus;
  }

  static void mount(Router api, EdgeContext edge) {
    DeviceRoutes routes = new DeviceRoutes(edge.vertx().eventBus());
    api.get("/devices/serials").produces(JSON).handler(edge.auth().entity()).handler(routes::list);
    api.get("/devices/:profile/:serial").produces(JSON).handler(edge.auth().entity()).handler(routes::describe);
  }

  /** {@code GET /devices/serials?profile=&group=}: the caller's devices, both filters optional. */
  private void list(RoutingContext ctx) {
    Validation validation = new Validation();
    JsonObject request = new JsonObject().put("entityId", ApiKeyAuth.entityId(ctx));
    String profile = single(ctx, "profile", validation);
    if (profile != null) {
      DeviceRef.parseProfile(profile, "profile", validation.errors()).ifPresent(p -> request.put("profile", p.name()));
    }
    String group = single(ctx, "group", validation);
    if (group != null) {
      request.put("group", DeviceFacts.group(group, "group", validation));
    }
    validation.throwIfInvalid();
    bus.<JsonObject>request(DevicesContract.LIST, request)
        .onSuccess(reply -> ctx.json(reply.body().getJsonArray("devices")))
        .onFailure(ctx::fail);
  }

  /** {@code GET /devices/{profile}/{serial}}: one of the caller's devices, with exactly the documented fields. */
  private void describe(RoutingContext ctx) {
    JsonObject request = DeviceRef.fromPath(ctx).toJson().put("entityId", ApiKeyAuth.entityId(ctx));
    bus.<JsonObject>request(DevicesContract.DESCRIBE, request)
        .onSuccess(reply -> ctx.json(reply.body()))
        .onFailure(ctx::fail);
  }

  /** The value of an optional query parameter given at most once; null when absent. */
  static String single(RoutingContext ctx, String name, Validation validation) {
    List<String> values = ctx.queryParam(name);
    if (values.size() > 1) {
      validation.add(name, "give at most one value");
      return null;
    }
    return values.isEmpty() ? null : values.get(0);
  }
}
