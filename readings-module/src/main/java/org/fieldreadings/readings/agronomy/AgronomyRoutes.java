package org.fieldreadings.readings.agronomy;

import io.vertx.core.Future;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.core.text.ShortDecimal;
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;
import org.fieldreadings.readings.block.RollupBlock;
import org.fieldreadings.readings.query.DeviceResolver;
import org.fieldreadings.readings.query.TimeZones;
import org.fieldreadings.readings.source.ReadSource;

/**
 * {@code GET /devices/{profile}/{serial}/agronomy} ({@code getAgronomyBySerial}, docs/api.md "Agronomy"): daily
 * ET0, GDD, chill hours, VPD and dew point of a station's local days, computed from its hour rollups (from its
 * readings in zones whose local hours are not UTC hours).
 */
public final class AgronomyRoutes {

  private static final String JSON = "application/json";

  private final DeviceResolver devices;
  private final ReadSource source;

  private AgronomyRoutes(EdgeContext edge, ReadSource source) {
    this.devices = new DeviceResolver(edge.vertx().eventBus());
    this.source = source;
  }

  public static void mount(Router api, EdgeContext edge, ReadSource source) {
    AgronomyRoutes routes = new AgronomyRoutes(edge, source);
    api.get("/devices/:profile/:serial/agronomy").produces(JSON).handler(edge.auth().entity())
        .handler(routes::agronomy);
  }

  private void agronomy(RoutingContext ctx) {
    AgronomyRequest parsed = AgronomyRequest.parse(ctx);
    String entityId = ApiKeyAuth.entityId(ctx);
    devices.resolve(entityId, parsed.device()).compose(device -> {
      AgronomyRequest request = parsed.timeZone() != null ? parsed
          : parsed.withTimeZone(TimeZones.ofDevice(device));
      List<SensorInterface> interfaces = device.interfacesOf(request.connectorId());
      if (interfaces == null) {
        return respond(ctx, request, "[]");
      }
      DailyMetrics metrics = new DailyMetrics(request.metrics(), device.latitude(),
          interfaces.contains(Input.DEW_POINT.sensorInterface()), request.gddBase(), request.gddCap(),
          request.accumulate());
      return days(request, device.deviceId(), metrics.inputs()).map(days -> answer(metrics, days))
          .compose(body -> respond(ctx, request, body));
    }).onFailure(ctx::fail);
  }

  /** The answer, naming the zone whose days it holds. */
  private static Future<Void> respond(RoutingContext ctx, AgronomyRequest request, String body) {
    return ctx.response().putHeader("Content-Type", JSON).putHeader("X-Time-Zone", request.timeZone().getId())
        .end(body);
  }

  /**
   * The inputs over the whole local days of the period, gathered by day: from the hour rollups, or where local hours
   * are not UTC hours from the readings.
   */
  private Future<StationDays> days(AgronomyRequest request, long deviceId, Set<Input> inputs) {
    ZoneId zone = request.timeZone();
    LocalDate first = request.start().atZone(zone).toLocalDate();
    LocalDate last = request.end().atZone(zone).toLocalDate();
    StationDays days = new StationDays(first, last, zone);
    List<Input> columns = List.copyOf(inputs);
    String[] names = columns.stream().map(i -> i.sensorInterface().name()).toArray(String[]::new);
    boolean rollups = days.hourAligned();
    BlockKind hours = BlockKind.HOURS;
    int firstDay = rollups ? (int) hours.blockDay(days.from()) : day(days.from());
    int lastDay = rollups ? (int) hours.blockDay(days.until() - 1) : day(days.until() - 1);
    return source.execute(rollups ? AgronomySql.HOUR_BLOCKS : AgronomySql.POINT_BLOCKS,
            Tuple.of(deviceId, request.connectorId(), names, firstDay, lastDay), deviceId)
        .map(answer -> {
          Points points = new Points();
          for (Row row : answer.rows()) {
            Input input = columns.get(row.getInteger(0));
            byte[] block = row.getBuffer(2).getBytes();
            long blockStart = row.getInteger(1) * PointBlock.DAY;
            if (rollups) {
              days.add(input, RollupBlock.decode(block, blockStart, hours.width(), StationDays.PARTS));
            } else {
              points.clear();
              PointBlock.decode(block, blockStart, points);
              days.add(input, points);
            }
          }
          return days;
        });
  }

  private static int day(long time) {
    return Math.toIntExact(Math.floorDiv(time, PointBlock.DAY));
  }

  private static String answer(DailyMetrics metrics, StationDays days) {
    StringBuilder out = new StringBuilder("[");
    metrics.compute(days, (start, values) -> {
      out.append(out.length() == 1 ? "{\"timestamp\":" : ",{\"timestamp\":");
      ShortDecimal.appendWhole(out, start);
      for (Map.Entry<Metric, Double> value : values.entrySet()) {
        Metric metric = value.getKey();
        out.append(",\"").append(metric.wireName()).append("\":");
        if (metric.decimals() == 0) {
          ShortDecimal.appendWhole(out, Math.round(value.getValue()));
        } else {
          ShortDecimal.append(out, value.getValue(), metric.decimals());
        }
      }
      out.append('}');
    });
    return out.append(']').toString();
  }
}
