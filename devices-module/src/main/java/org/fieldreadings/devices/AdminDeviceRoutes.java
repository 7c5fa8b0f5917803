package org.fieldreadings.devices;

import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.http.DeviceRef;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.EntityId;
import org.fieldreadings.core.http.JsonBody;

/**
 * The operator's device endpoints (OPERATIONS.md "Admin API"), mounted behind the admin token. Bodies are JSON
 * objects of bounded size; every answer that changes a device shows the device as it now is.
 */
final class AdminDeviceRoutes {

  private static final String JSON = "application/json";
  /** Ample for a gateway declaring hundreds of connectors. */
  private static final long BODY_LIMIT = 256 * 1024;

  private final EventBus bus;

  private AdminDeviceRoutes(EventBus bus) {
    this.bus = bus;
  }

  static void mount(Router admin, EdgeContext edge) {
    AdminDeviceRoutes routes = new AdminDeviceRoutes(edge.vertx().eventBus());
    BodyHandler body = BodyHandler.create(false).setBodyLimit(BODY_LIMIT);
    admin.put("/devices/:profile/:serial").consumes(JSON).produces(JSON).handler(body).handler(routes::put);
    admin.post("/devices/:profile/:serial/subscriptions").consumes(JSON).produces(JSON).handler(body)
        .handler(routes::addSubscription);
    admin.put("/entities/:entityId/devices/:profile/:serial")
        .handler(ctx -> routes.association(ctx, DevicesContract.ASSIGN));
    admin.delete("/entities/:entityId/devices/:profile/:serial")
        .handler(ctx -> routes.association(ctx, DevicesContract.UNASSIGN));
  }

  /** {@code PUT /admin/devices/{profile}/{serial}}: 201 with the device when created, 200 when updated. */
  private void put(RoutingContext ctx) {
    DeviceUpdate update = DeviceUpdate.fromBody(DeviceRef.fromPath(ctx), JsonBody.object(ctx));
    bus.<JsonObject>request(DevicesContract.PUT, update.toMessage())
        .onSuccess(reply -> {
          ctx.response().setStatusCode(reply.body().getBoolean("created") ? 201 : 200);
          ctx.json(reply.body().getJsonObject("device"));
        })
        .onFailure(ctx::fail);
  }

  /** {@code POST /admin/devices/{profile}/{serial}/subscriptions}: 201 with the device. */
  private void addSubscription(RoutingContext ctx) {
    DeviceRef ref = DeviceRef.fromPath(ctx);
    Validation validation = new Validation();
    Subscription subscription = Subscription.parse(JsonBody.object(ctx), validation);
    validation.throwIfInvalid();
    bus.<JsonObject>request(DevicesContract.ADD_SUBSCRIPTION, ref.toJson().mergeIn(subscription.toJson()))
        .onSuccess(reply -> {
          ctx.response().setStatusCode(201);
          ctx.json(reply.body());
        })
        .onFailure(ctx::fail);
  }

  /** {@code PUT} or {@code DELETE /admin/entities/{entityId}/devices/{profile}/{serial}}: 204. */
  private void association(RoutingContext ctx, String address) {
    String entityId = EntityId.fromPath(ctx);
    JsonObject request = DeviceRef.fromPath(ctx).toJson().put("entityId", entityId);
    bus.<JsonObject>request(address, request)
        .onSuccess(reply -> ctx.response().setStatusCode(204).end())
        .onFailure(ctx::fail);
  }
}
