package org.fieldreadings.readings.query;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.sqlclient.Pool;
import java.util.List;
import org.fieldreadings.core.bus.DevicesContract.EntityDevice;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.readings.cache.BlockCache;

/**
 * {@code GET /devices/{profile}/{serial}/latest} ({@code getLatestBySerial}) and {@code GET /devices/latest}
 * ({@code getFleetLatest}), docs/api.md "Latest values". {@code /devices/latest} has one segment after
 * {@code /devices}, so no device route ({@code /devices/{profile}/{serial}}) can take it.
 */
public final class LatestRoutes {

  private static final String JSON = "application/json";

  private final DeviceResolver devices;
  private final ReadingsLimits limits;
  private final Pool pool;
  private final BlockCache cache;
  private final FleetLatestStreamer fleetStreamer;

  private LatestRoutes(EdgeContext edge) {
    this.devices = new DeviceResolver(edge.vertx().eventBus());
    this.limits = ReadingsLimits.fromConfig(edge.config());
    this.pool = edge.pool();
    this.cache = BlockCache.of(edge.vertx(), edge.config());
    this.fleetStreamer = new FleetLatestStreamer(edge.vertx().eventBus(), edge.pool(), cache);
  }

  public static void mount(Router api, EdgeContext edge) {
    LatestRoutes routes = new LatestRoutes(edge);
    api.get("/devices/latest").produces(JSON).handler(edge.auth().entity()).handler(routes::fleet);
    api.get("/devices/:profile/:serial/latest").produces(JSON).handler(edge.auth().entity())
        .handler(routes::device);
  }

  private void device(RoutingContext ctx) {
    LatestRequest request = LatestRequest.forDevice(ctx, limits);
    devices.resolve(ApiKeyAuth.entityId(ctx), request.device()).compose(device -> {
      EntityDevice resolved = new EntityDevice(device.deviceId(), request.device(), device.connectors());
      return LatestValues.read(pool, cache, List.of(resolved.deviceId())).compose(values -> {
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
