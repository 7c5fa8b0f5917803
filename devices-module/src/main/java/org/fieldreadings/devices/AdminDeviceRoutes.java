package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.List;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.http.DevicePath;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.EntityId;
import org.fieldreadings.core.http.JsonBody;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.devices.DevicesAddresses.AdminDevice;
import org.fieldreadings.devices.DevicesAddresses.AdminDevicePage;
import org.fieldreadings.devices.DevicesAddresses.AdminDeviceQuery;

/**
 * The operator's device endpoints (docs/operations.md, "Admin API"), mounted behind the admin token. Bodies are JSON
 * objects of bounded size; every answer that changes a device shows the device as it now is.
 */
final class AdminDeviceRoutes {

  private static final String JSON = "application/json";
  /** Devices per page of the list: one database round trip each way, and a bounded answer from each module. */
  private static final int PAGE_SIZE = 500;
  /** Ample for a gateway declaring hundreds of connectors. */
  private static final long BODY_LIMIT = 256 * 1024;

  private final EventBus bus;

  private AdminDeviceRoutes(EventBus bus) {
    this.bus = bus;
  }

  static void mount(Router admin, EdgeContext edge) {
    AdminDeviceRoutes routes = new AdminDeviceRoutes(edge.vertx().eventBus());
    BodyHandler body = BodyHandler.create(false).setBodyLimit(BODY_LIMIT);
    admin.get("/devices").produces(JSON).handler(routes::list);
    admin.get("/devices/:profile/:serial").produces(JSON).handler(routes::describe);
    admin.put("/devices/:profile/:serial").consumes(JSON).produces(JSON).handler(body).handler(routes::put);
    admin.post("/devices/:profile/:serial/subscriptions").consumes(JSON).produces(JSON).handler(body)
        .handler(routes::addSubscription);
    admin.put("/devices/:profile/:serial/ingest-key").consumes(JSON).handler(body).handler(routes::handOver);
    admin.put("/entities/:entityId/devices/:profile/:serial")
        .handler(ctx -> routes.association(ctx, DevicesAddresses.ASSIGN));
    admin.delete("/entities/:entityId/devices/:profile/:serial")
        .handler(ctx -> routes.association(ctx, DevicesAddresses.UNASSIGN));
  }

  /**
   * {@code GET /admin/devices[?profile=P][&group=G][&unassigned=true]}: every device, by profile then serial, streamed
   * a page at a time ({@link PagedArray}), each page completed with its devices' latest reading times.
   */
  private void list(RoutingContext ctx) {
    Validation validation = new Validation();
    DeviceRoutes.Filters filters = DeviceRoutes.filters(ctx, validation);
    String unassigned = DeviceRoutes.single(ctx, "unassigned", validation);
    if (unassigned != null && !unassigned.equals("true") && !unassigned.equals("false")) {
      validation.add("unassigned", "must be true or false");
    }
    validation.throwIfInvalid();
    PagedArray.answer(ctx, after -> page(new AdminDeviceQuery(filters.profile(), filters.group(),
        "true".equals(unassigned), after, PAGE_SIZE)));
  }

  private Future<PagedArray.Page> page(AdminDeviceQuery query) {
    return bus.<JsonObject>request(DevicesAddresses.ADMIN_PAGE, query.toJson())
        .map(reply -> AdminDevicePage.fromJson(reply.body()).devices())
        .compose(devices -> LastReadingTimes.of(bus, devices.stream().map(AdminDevice::deviceId).toList())
            .map(last -> PagedArray.Page.of(devices, query.limit(), AdminDevice::ref, device -> device.ref().toJson()
                .put("group", device.group()).put("entities", new JsonArray(device.entities()))
                .put("connectors", device.connectors()).put("lastReadingAt", last.of(device.deviceId())))));
  }

  /** {@code GET /admin/devices/{profile}/{serial}}: the device with its entities and latest reading time. */
  private void describe(RoutingContext ctx) {
    bus.<JsonObject>request(DevicesAddresses.ADMIN_DESCRIBE, DevicePath.fromPath(ctx).toJson())
        .compose(reply -> {
          long deviceId = reply.body().getLong("deviceId");
          return LastReadingTimes.of(bus, List.of(deviceId)).map(last -> reply.body().getJsonObject("device")
              .put("entities", reply.body().getJsonArray("entities")).put("lastReadingAt", last.of(deviceId)));
        })
        .onSuccess(ctx::json)
        .onFailure(ctx::fail);
  }

  /** {@code PUT /admin/devices/{profile}/{serial}}: 201 with the device when created, 200 when updated. */
  private void put(RoutingContext ctx) {
    DeviceUpdate update = DeviceUpdate.fromBody(DevicePath.fromPath(ctx), JsonBody.object(ctx));
    bus.<JsonObject>request(DevicesAddresses.PUT, update.toMessage())
        .onSuccess(reply -> {
          ctx.response().setStatusCode(reply.body().getBoolean("created") ? 201 : 200);
          ctx.json(reply.body().getJsonObject("device"));
        })
        .onFailure(ctx::fail);
  }

  /** {@code POST /admin/devices/{profile}/{serial}/subscriptions}: 201 with the device. */
  private void addSubscription(RoutingContext ctx) {
    DeviceRef ref = DevicePath.fromPath(ctx);
    Validation validation = new Validation();
    Subscription subscription = Subscription.parse(JsonBody.object(ctx), validation);
    validation.throwIfInvalid();
    bus.<JsonObject>request(DevicesAddresses.ADD_SUBSCRIPTION, ref.toJson().mergeIn(subscription.toJson()))
        .onSuccess(reply -> {
          ctx.response().setStatusCode(201);
          ctx.json(reply.body());
        })
        .onFailure(ctx::fail);
  }

  /**
   * {@code PUT /admin/devices/{profile}/{serial}/ingest-key {"prefix": "AbCd1234"}}: 204, the device is the named
   * ingest key's (of the device's profile) from now on: no other key writes it (docs/operations.md, "Ingest keys").
   */
  private void handOver(RoutingContext ctx) {
    DeviceRef ref = DevicePath.fromPath(ctx);
    Object prefix = JsonBody.object(ctx).getValue("prefix");
    if (!(prefix instanceof String text) || !text.matches("[A-Za-z0-9_-]{8}")) {
      throw new ProblemException(Problem.invalid("prefix",
          "must be the 8 first characters of an ingest key, as GET /admin/ingest-keys lists them"));
    }
    AccessContract.INGEST_KEY_OF_PREFIX.request(bus, text)
        .compose(key -> {
          if (key.profile() != ref.profile()) {
            return Future.<Message<JsonObject>>failedFuture(new ProblemException(Problem.of(422, "The ingest key "
                + prefix + " is of " + key.profile() + ", the device of " + ref.profile()
                + ": it cannot write the device.")));
          }
          return bus.<JsonObject>request(DevicesAddresses.HAND_OVER, ref.toJson().put("keyId", key.keyId()));
        })
        .onSuccess(reply -> ctx.response().setStatusCode(204).end())
        .onFailure(ctx::fail);
  }

  /** {@code PUT} or {@code DELETE /admin/entities/{entityId}/devices/{profile}/{serial}}: 204. */
  private void association(RoutingContext ctx, String address) {
    String entityId = EntityId.fromPath(ctx);
    JsonObject request = DevicePath.fromPath(ctx).toJson().put("entityId", entityId);
    bus.<JsonObject>request(address, request)
        .onSuccess(reply -> ctx.response().setStatusCode(204).end())
        .onFailure(ctx::fail);
  }
}
