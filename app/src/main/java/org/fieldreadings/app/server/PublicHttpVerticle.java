package org.fieldreadings.app.server;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.sqlclient.Pool;
import java.util.List;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.core.http.AccessLog;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.ClientAddress;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.ProblemHandler;
import org.fieldreadings.core.http.TrustedProxies;
import org.fieldreadings.sta.SensorThings;

/**
 * The public listener: the API's documentation and every module's {@code /api} routes, the readings explorer at
 * {@code /}, problem+json for every failure and unknown path.
 */
final class PublicHttpVerticle extends ListenerVerticle {

  private final List<FieldModule> modules;
  private final ApiKeyAuth auth;

  PublicHttpVerticle(List<FieldModule> modules, ApiKeyAuth auth) {
    this.modules = modules;
    this.auth = auth;
  }

  /** The readings routes' queries run on this listener's event loop (see {@link Pools#ofListener}). */
  @Override
  protected Pool pool() {
    return Pools.ofListener(vertx, config());
  }

  @Override
  protected Router router(Pool pool) {
    Router root = Router.router(vertx);
    ProblemHandler.install(root, ApiKeyAuth.CHALLENGE);
    root.route().handler(new ClientAddress(TrustedProxies.parse(ConfigKeys.HTTP_TRUSTED_PROXIES.get(config()))));
    root.route().handler(new AccessLog());
    root.route("/api/*").subRouter(apiRouter(new EdgeContext(vertx, config(), pool, auth), modules));
    ExplorerRoutes.mount(root);
    return root;
  }

  /**
   * The {@code /api} router: the public documentation first, so no module handler can stand in front of it, then the
   * modules' routes. Tests compare the routes of this router with the OpenAPI contract.
   */
  static Router apiRouter(EdgeContext edge, List<FieldModule> modules) {
    Router api = Router.router(edge.vertx());
    ProblemHandler.install(api, ApiKeyAuth.CHALLENGE);
    DocsRoutes.mount(api);
    // For load balancers that cannot reach the admin listener: whether this node can serve, and nothing more.
    api.get("/health").handler(ctx -> DatabaseHealth.check(edge.pool())
        .onSuccess(up -> DatabaseHealth.answer(ctx.response(), up, new JsonObject())));
    modules.forEach(module -> module.mountApi(api, edge));
    SensorThings.mount(api, edge);
    return api;
  }

  @Override
  protected String host() {
    return ConfigKeys.HTTP_HOST.get(config());
  }

  @Override
  protected int configuredPort() {
    return ConfigKeys.HTTP_PORT.get(config());
  }
}
