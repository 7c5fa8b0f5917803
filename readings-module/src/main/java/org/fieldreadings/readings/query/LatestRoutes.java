package org.fieldreadings.readings.query;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import org.fieldreadings.core.bus.DevicesContract.EntityDevice;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.readings.source.ReadSource;

/**
 * {@code GET /devices/{profile}/{serial}/latest} ({@code getLatestBySerial}) and {@code GET /devices/latest}
 * ({@code getFleetLatest}), docs/api.md "Latest values". {@code /devices/latest} has one segment after
 * {@code /devices}, so no device route ({@code /devices/{profile}/{serial}}) can take it.
 */
public final class LatestRoutes {

  private static final String JSON = "application/json";

  private final DeviceResolver devices;
  private final ReadingsLimits limits;
  private final ReadSource source;
  private final FleetLatestStreamer fleetStreamer;

  private LatestRoutes(EdgeContext edge, ReadSource source) {
    this.devices = new DeviceResolver(edge.vertx().eventBus());
    this.limits = ReadingsLimits.fromConfig(edge.config());
    this.source = source;
    this.fleetStreamer = new FleetLatestStreamer(edge.vertx().eventBus(), source);
  }

  public static void mount(Router api, EdgeContext edge, ReadSource source) {
    LatestRoutes routes = new LatestRoutes(edge, source);
    api.get("/devices/latest").produces(JSON).handler(edge.auth().entity()).handler(routes::fleet);
    api.get("/devices/:profile/:serial/latest").produces(JSON).handler(edge.auth().entity())
        .handler(routes::device);
  }

  private void device(RoutingContext ctx) {
    LatestRequest request = LatestRequest.forDevice(ctx, limits);
    devices.resolve(ApiKeyAuth.entityId(ctx), request.device()).compose(device -> {
      EntityDevice resolved = new EntityDevice(device.deviceId(), request.device(), device.connectors());
      return LatestValues.read(source, List.of(resolved.deviceId())).compose(values -> {
        StringBuilder out = new StringBuilder("[");
        values.append(out, true, resolved, request);
        return ctx.response().putHeader("Content-Type", JSON).end(out.append(']').toString());
      });
    }).onFailure(ctx::fail);
  }

  private void fleet(RoutingContext ctx) {
    LatestRequest request = LatestRequest.forFleet(ctx, limits);
    fleetStreamer.stream(ApiKeyAuth.entityId(ctx), request, ctx.response()).onFailure(ctx::fail);
  }
}
