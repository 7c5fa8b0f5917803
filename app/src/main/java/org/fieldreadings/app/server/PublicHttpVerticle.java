package org.fieldreadings.app.server;

import io.vertx.ext.web.Router;
import io.vertx.sqlclient.Pool;
import java.util.List;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.http.AccessLog;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.ProblemHandler;

/** The public listener: every module's {@code /api} routes, problem+json for every failure and unknown path. */
final class PublicHttpVerticle extends ListenerVerticle {

  private final List<FieldModule> modules;
  private final ApiKeyAuth auth;

  PublicHttpVerticle(List<FieldModule> modules, ApiKeyAuth auth) {
    this.modules = modules;
    this.auth = auth;
  }

  @Override
  protected Router router(Pool pool) {
    EdgeContext edge = new EdgeContext(vertx, config(), pool, auth);
    Router api = Router.router(vertx);
    ProblemHandler.install(api, ApiKeyAuth.CHALLENGE);
    modules.forEach(module -> module.mountApi(api, edge));
    Router root = Router.router(vertx);
    ProblemHandler.install(root, ApiKeyAuth.CHALLENGE);
    root.route().handler(new AccessLog());
    root.route("/api/*").subRouter(api);
    return root;
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
