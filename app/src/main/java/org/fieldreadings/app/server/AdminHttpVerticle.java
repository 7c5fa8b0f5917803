package org.fieldreadings.app.server;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.CompositeFuture;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.micrometer.PrometheusScrapingHandler;
import io.vertx.sqlclient.Pool;
import java.util.List;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.http.AccessLog;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.ProblemHandler;
import org.fieldreadings.core.telemetry.Telemetry;

/**
 * The admin listener: {@code GET /health} and {@code GET /metrics} (Prometheus) for probes and scrapers (no
 * token), and every module's {@code /admin} routes behind
 * the bearer admin token.
 */
final class AdminHttpVerticle extends ListenerVerticle {

  private final List<FieldModule> modules;
  private final ApiKeyAuth auth;

  AdminHttpVerticle(List<FieldModule> modules, ApiKeyAuth auth) {
    this.modules = modules;
    this.auth = auth;
  }

  @Override
  protected Router router(Pool pool) {
    Router root = Router.router(vertx);
    ProblemHandler.install(root, AdminTokenAuth.CHALLENGE);
    root.route().handler(new AccessLog());
    root.get("/health").handler(ctx -> health(ctx, pool));
    PrometheusMeterRegistry metrics = Telemetry.prometheus(vertx);
    if (metrics != null) {
      root.get("/metrics").handler(PrometheusScrapingHandler.create(metrics));
    }
    Router admin = Router.router(vertx);
    ProblemHandler.install(admin, AdminTokenAuth.CHALLENGE);
    admin.route().handler(new AdminTokenAuth(ConfigKeys.ADMIN_TOKEN.get(config())));
    EdgeContext edge = new EdgeContext(vertx, config(), pool, auth);
    modules.forEach(module -> module.mountAdmin(admin, edge));
    BackupRoutes.mount(admin, vertx, config());
    root.route("/admin/*").subRouter(admin);
    return root;
  }

  /** 200 while the database answers, else 503; the modules' parts (e.g. plugins) inform but do not decide. */
  private void health(RoutingContext ctx, Pool pool) {
    Future<Boolean> database = DatabaseHealth.check(pool);
    Future<List<JsonObject>> parts = Future.all(modules.stream().map(module -> module.health(vertx)).toList())
        .map(CompositeFuture::<JsonObject>list);
    Future.join(database, parts).onComplete(done -> {
      boolean up = database.result();
      JsonObject details = new JsonObject().put("database", up ? "UP" : "DOWN");
      if (parts.succeeded()) {
        parts.result().forEach(details::mergeIn);
      }
      DatabaseHealth.answer(ctx.response(), up, details);
    });
  }

  @Override
  protected String host() {
    return ConfigKeys.ADMIN_HOST.get(config());
  }

  @Override
  protected int configuredPort() {
    return ConfigKeys.ADMIN_PORT.get(config());
  }
}
