package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.function.Function;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract.EntityDeviceQuery;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.DevicePath;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.plugin.api.Profile;

/**
 * The public device endpoints (docs/api.md) behind an entity's API key. Handlers validate their parameters
 * (throwing a 400 problem the router's {@code ProblemHandler} answers), then ask {@link DevicesVerticle}.
 */
final class DeviceRoutes {

  private static final String JSON = "application/json";
  /** Devices per page of the serials and the locations: a few tens of kilobytes of JSON each. */
  private static final int PAGE_SIZE = 1000;

  private final EventBus bus;

  private DeviceRoutes(EventBus bus) {
    this.bus = bus;
  }

  static void mount(Router api, EdgeContext edge) {
    DeviceRoutes routes = new DeviceRoutes(edge.vertx().eventBus());
    api.get("/devices/serials").produces(JSON).handler(edge.auth().entity()).handler(routes::list);
    // Mounted before the device routes: one segment after /devices is never a device path, and stays so if a route
    // of one segment ever comes.
    api.get("/devices/locations").produces(JSON).handler(edge.auth().entity()).handler(routes::locations);
    api.get("/devices/:profile/:serial").produces(JSON).handler(edge.auth().entity()).handler(routes::describe);
  }

  /** {@code GET /devices/serials?profile=&group=}: the caller's devices, both filters optional, a page at a time. */
  private void list(RoutingContext ctx) {
    Validation validation = new Validation();
    Filters filters = filters(ctx, validation);
    validation.throwIfInvalid();
    pages(ctx, DevicesAddresses.LIST, filters, Future::succeededFuture);
  }

  /**
   * {@code GET /devices/locations?profile=&group=}: the location of each of the caller's devices that has one, a
   * page of devices at a time.
   */
  private void locations(RoutingContext ctx) {
    Validation validation = new Validation();
    Filters filters = filters(ctx, validation);
    validation.throwIfInvalid();
    pages(ctx, DevicesAddresses.LOCATION_PAGE, filters, this::withLastReadings);
  }

  /** Located devices ({@code {"deviceId", ...}}) as the API shows them: their latest reading time after the rest. */
  private Future<List<JsonObject>> withLastReadings(List<JsonObject> located) {
    return LastReadingTimes.of(bus, located.stream().map(device -> device.getLong("deviceId")).toList())
        .map(last -> located.stream().map(device -> {
          Long lastReadingAt = last.of(device.getLong("deviceId"));
          device.remove("deviceId");
          return device.put("lastReadingAt", lastReadingAt);
        }).toList());
  }

  /**
   * Answers the pages of {@code address}, each {@code {"devices": [...]}} of elements that begin with a device, as
   * {@code complete} makes them.
   */
  private void pages(RoutingContext ctx, String address, Filters filters,
      Function<List<JsonObject>, Future<List<JsonObject>>> complete) {
    String entityId = ApiKeyAuth.entityId(ctx);
    PagedArray.answer(ctx, after -> {
      EntityDeviceQuery query = new EntityDeviceQuery(entityId, filters.profile(), filters.group(), after, PAGE_SIZE);
      return bus.<JsonObject>request(address, query.toJson())
          .map(reply -> reply.body().getJsonArray("devices").stream().map(JsonObject.class::cast).toList())
          .compose(complete)
          .map(devices -> PagedArray.Page.of(devices, PAGE_SIZE, DeviceRef::fromJson, device -> device));
    });
  }

  /** {@code GET /devices/{profile}/{serial}}: one of the caller's devices, with exactly the documented fields. */
  private void describe(RoutingContext ctx) {
    JsonObject request = DevicePath.fromPath(ctx).toJson().put("entityId", ApiKeyAuth.entityId(ctx));
    bus.<JsonObject>request(DevicesAddresses.DESCRIBE, request)
        .onSuccess(reply -> ctx.json(reply.body()))
        .onFailure(ctx::fail);
  }

  /** The optional {@code profile} and {@code group} filters of a device list; null admits every device. */
  record Filters(Profile profile, String group) {}

  /** The {@code profile} and {@code group} query parameters, each at most once; errors go to {@code validation}. */
  static Filters filters(RoutingContext ctx, Validation validation) {
    String profileName = single(ctx, "profile", validation);
    Profile profile = profileName == null ? null
        : DevicePath.parseProfile(profileName, "profile", validation.errors()).orElse(null);
    String groupName = single(ctx, "group", validation);
    return new Filters(profile, groupName == null ? null : DeviceFacts.group(groupName, "group", validation));
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
