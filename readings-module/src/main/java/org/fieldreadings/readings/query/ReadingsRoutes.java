package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.fieldreadings.core.bus.DevicesContract.ResolvedDevice;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.ResponseText;
import org.fieldreadings.readings.source.ReadSource;

/**
 * {@code GET /devices/{profile}/{serial}/readings} ({@code getReadingsBySerial}) and {@code GET /readings}
 * ({@code getReadingsOfDevices}), docs/api.md.
 */
public final class ReadingsRoutes {

  private static final String CSV = "text/csv";

  private final DeviceResolver devices;
  private final ReadingsLimits limits;
  private final ReadingsStreamer streamer;
  private final MultiDeviceStreamer multiStreamer;

  private ReadingsRoutes(EdgeContext edge, ReadSource source) {
    this.devices = new DeviceResolver(edge.vertx().eventBus());
    this.limits = ReadingsLimits.fromConfig(edge.config());
    this.streamer = new ReadingsStreamer(new BlockReader(edge.vertx(), source));
    this.multiStreamer = new MultiDeviceStreamer(streamer);
  }

  public static void mount(Router api, EdgeContext edge, ReadSource source) {
    ReadingsRoutes routes = new ReadingsRoutes(edge, source);
    api.get("/devices/:profile/:serial/readings").produces("application/json").produces(CSV)
        .handler(edge.auth().entity())
        .handler(routes::readings);
    api.get("/readings").produces("application/json").produces(CSV)
        .handler(edge.auth().entity())
        .handler(routes::readingsOfDevices);
  }

  private void readings(RoutingContext ctx) {
    ReadingsRequest request = ReadingsRequest.parse(ctx, limits);
    ReadingsFormat format = CSV.equals(ctx.getAcceptableContentType())
        ? ReadingsFormat.csv(request.interfaces(), request.aggregation())
        : ReadingsFormat.json(request.interfaces(), request.aggregation());
    devices.resolve(ApiKeyAuth.entityId(ctx), request.device()).compose(device -> {
      if (request.auto()) {
        ctx.response().putHeader("X-Aggregation", request.aggregation().wireName());
      }
      if (request.aggregation() != Aggregation.NONE) {
        ctx.response().putHeader("X-Time-Zone", request.forDevice(device).timeZone().getId());
      }
      ResponseText output = new ResponseText(ctx.response(), format.contentType());
      return streamer.stream(request, device, format, output).compose(v -> output.end());
    }).onFailure(ctx::fail);
  }

  /** Every device is resolved before anything is written: one the caller may not read makes the whole answer 404. */
  private void readingsOfDevices(RoutingContext ctx) {
    MultiDeviceRequest request = MultiDeviceRequest.parse(ctx, limits);
    List<ReadingsRequest> requests = request.devices();
    MultiDeviceFormat format = CSV.equals(ctx.getAcceptableContentType())
        ? MultiDeviceFormat.csv(request.shared()) : MultiDeviceFormat.json(request.shared());
    String entityId = ApiKeyAuth.entityId(ctx);
    List<Future<ResolvedDevice>> resolving = requests.stream().map(r -> devices.resolve(entityId, r.device())).toList();
    Future.join(resolving).recover(failed -> firstFailure(resolving)).compose(all -> {
      if (request.shared().auto()) {
        ctx.response().putHeader("X-Aggregation", request.shared().aggregation().wireName());
      }
      List<ResolvedDevice> resolved = resolving.stream().map(Future::result).toList();
      if (request.shared().aggregation() != Aggregation.NONE) {
        ctx.response().putHeader("X-Time-Zone", zonesUsed(requests, resolved));
      }
      ResponseText output = new ResponseText(ctx.response(), format.contentType());
      return multiStreamer.stream(request, resolved, format, output);
    }).onFailure(ctx::fail);
  }

  /**
   * The zone of the buckets: one, or with {@code timeZone=device} each device's own, in the order the devices were
   * given (a list, as HTTP writes several values of one header).
   */
  private static String zonesUsed(List<ReadingsRequest> requests, List<ResolvedDevice> resolved) {
    if (requests.get(0).timeZone() != null) {
      return requests.get(0).timeZone().getId();
    }
    return IntStream.range(0, requests.size())
        .mapToObj(i -> requests.get(i).forDevice(resolved.get(i)).timeZone().getId())
        .collect(Collectors.joining(", "));
  }

  /** The failure of the first device, in the order given, that could not be resolved. */
  private static <T> Future<T> firstFailure(List<Future<ResolvedDevice>> resolving) {
    return Future.failedFuture(resolving.stream().filter(Future::failed).findFirst().orElseThrow().cause());
  }
}
