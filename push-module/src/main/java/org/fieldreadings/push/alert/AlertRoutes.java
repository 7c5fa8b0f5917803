package org.fieldreadings.push.alert;

import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.UUID;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.ResolveRequest;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.SeriesReadingsRequest;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.JsonBody;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;

/**
 * {@code /alerts} and {@code /alerts/{id}/events} (docs/api.md, "Alert rules"): an entity's rules on its own
 * devices, and what they produced.
 */
public final class AlertRoutes {

  private static final String JSON = "application/json";
  private static final int BODY_LIMIT = 4096;

  private final EventBus bus;
  private final AlertStore store;
  private final int maxPerEntity;

  private AlertRoutes(EdgeContext edge) {
    this.bus = edge.vertx().eventBus();
    this.store = new AlertStore(edge.pool());
    this.maxPerEntity = ConfigKeys.ALERTS_MAX_PER_ENTITY.get(edge.config());
  }

  public static void mount(Router api, EdgeContext edge) {
    AlertRoutes routes = new AlertRoutes(edge);
    api.get("/alerts").produces(JSON).handler(edge.auth().entity()).handler(routes::list);
    api.post("/alerts").consumes(JSON).produces(JSON).handler(BodyHandler.create().setBodyLimit(BODY_LIMIT))
        .handler(edge.auth().entity()).handler(routes::create);
    api.get("/alerts/:id").produces(JSON).handler(edge.auth().entity()).handler(routes::get);
    api.put("/alerts/:id").consumes(JSON).produces(JSON).handler(BodyHandler.create().setBodyLimit(BODY_LIMIT))
        .handler(edge.auth().entity()).handler(routes::replace);
    api.delete("/alerts/:id").handler(edge.auth().entity()).handler(routes::delete);
    api.get("/alerts/:id/events").produces(JSON).handler(edge.auth().entity()).handler(routes::events);
  }

  private void list(RoutingContext ctx) {
    store.list(ApiKeyAuth.entityId(ctx)).onSuccess(rules -> ok(ctx, 200,
        new JsonArray(rules.stream().map(AlertRoutes::toJson).toList()).encode())).onFailure(ctx::fail);
  }

  private void create(RoutingContext ctx) {
    String entityId = ApiKeyAuth.entityId(ctx);
    AlertRule rule = AlertRuleBody.parse(UUID.randomUUID(), JsonBody.object(ctx));
    onSeries(entityId, rule, (deviceId, judgedFrom) -> store.create(entityId, rule, deviceId, judgedFrom,
        maxPerEntity))
        .onSuccess(created -> {
          ctx.response().putHeader("Location", "/api/alerts/" + created.id());
          ok(ctx, 201, toJson(new AlertStore.StoredRule(created, false)).encode());
        })
        .onFailure(ctx::fail);
  }

  private void get(RoutingContext ctx) {
    store.get(ApiKeyAuth.entityId(ctx), id(ctx)).onSuccess(rule -> ok(ctx, 200, toJson(rule).encode()))
        .onFailure(ctx::fail);
  }

  private void replace(RoutingContext ctx) {
    String entityId = ApiKeyAuth.entityId(ctx);
    AlertRule rule = AlertRuleBody.parse(id(ctx), JsonBody.object(ctx));
    onSeries(entityId, rule, (deviceId, judgedFrom) -> store.replace(entityId, rule, deviceId, judgedFrom))
        .onSuccess(replaced -> ok(ctx, 200, toJson(new AlertStore.StoredRule(replaced, false)).encode()))
        .onFailure(ctx::fail);
  }

  private void delete(RoutingContext ctx) {
    store.delete(ApiKeyAuth.entityId(ctx), id(ctx)).onSuccess(v -> ctx.response().setStatusCode(204).end())
        .onFailure(ctx::fail);
  }

  private void events(RoutingContext ctx) {
    long since = since(ctx);
    store.events(ApiKeyAuth.entityId(ctx), id(ctx), since).onSuccess(events -> ok(ctx, 200,
        new JsonArray(events.stream().map(AlertEvent::toJson).toList()).encode())).onFailure(ctx::fail);
  }

  /** What a rule's store needs of its series: the device's id, and its newest reading, judged from (null: none). */
  private interface SeriesWrite {
    Future<AlertRule> write(long deviceId, Long judgedFrom);
  }

  /**
   * Resolves the rule's device for the entity (404 for a device that is not its own, as everywhere) and the
   * series' newest reading: readings stored before the rule are never judged by it.
   */
  private Future<AlertRule> onSeries(String entityId, AlertRule rule, SeriesWrite write) {
    return DevicesContract.RESOLVE.request(bus, new ResolveRequest(entityId, rule.device()))
        .compose(device -> ReadingsContract.SERIES_READINGS.request(bus, new SeriesReadingsRequest(device.deviceId(),
                rule.connectorId(), rule.iface().name(), Long.MAX_VALUE, 0))
            .compose(series -> write.write(device.deviceId(), series.latest())));
  }

  private static JsonObject toJson(AlertStore.StoredRule stored) {
    return stored.rule().toJson().put("triggered", stored.triggered());
  }

  /** The path's rule id; one that cannot be an id names no rule (404). */
  private static UUID id(RoutingContext ctx) {
    try {
      return UUID.fromString(ctx.pathParam("id"));
    } catch (IllegalArgumentException e) {
      throw AlertStore.notFound();
    }
  }

  private static long since(RoutingContext ctx) {
    String since = ctx.queryParams().get("since");
    if (since == null) {
      return Long.MIN_VALUE;
    }
    try {
      return Long.parseLong(since);
    } catch (NumberFormatException e) {
      throw new ProblemException(Problem.invalid("since",
          "must be a time in epoch milliseconds, such as 1735689600000"));
    }
  }

  private static void ok(RoutingContext ctx, int status, String body) {
    ctx.response().setStatusCode(status).putHeader("Content-Type", JSON).end(body);
  }
}
