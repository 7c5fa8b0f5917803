package org.fieldreadings.readings.query;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;

/** {@code GET /devices/{profile}/{serial}/readings} ({@code getReadingsBySerial}, docs/api.md). */
public final class ReadingsRoutes {

  private static final String CSV = "text/csv";

  private final DeviceResolver devices;
  private final ReadingsLimits limits;
  private final ReadingsStreamer streamer;

  private ReadingsRoutes(EdgeContext edge) {
    this.devices = new DeviceResolver(edge.vertx().eventBus());
    this.limits = ReadingsLimits.fromConfig(edge.config());
    this.streamer = new ReadingsStreamer(edge.pool());
  }

  public static void mount(Router api, EdgeContext edge) {
    ReadingsRoutes routes = new ReadingsRoutes(edge);
    api.get("/devices/:profile/:serial/readings").produces("application/json").produces(CSV)
        .handler(edge.auth().entity())
        .handler(routes::readings);
  }

  private void readings(RoutingContext ctx) {
    ReadingsRequest request = ReadingsRequest.parse(ctx, limits);
    ReadingsFormat format = CSV.equals(ctx.getAcceptableContentType())
        ? ReadingsFormat.csv(request.interfaces()) : ReadingsFormat.json(request.interfaces());
    devices.resolve(ApiKeyAuth.entityId(ctx), request.device()).compose(device -> {
      if (request.auto()) {
        ctx.response().putHeader("X-Aggregation", request.aggregation().wireName());
      }
      JsonObject connectors = device.getJsonObject("connectors");
      if (connectors == null || !connectors.containsKey(request.connectorId())) {
        return ctx.response().putHeader("Content-Type", format.contentType()).end(format.begin() + format.end());
      }
      return streamer.stream(request, device.getLong("deviceId"), format, ctx.response());
    }).onFailure(ctx::fail);
  }
}
