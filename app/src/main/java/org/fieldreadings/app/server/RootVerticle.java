package org.fieldreadings.app.server;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.ApiKeyAuthProvider;
import org.fieldreadings.core.http.AuthFailureLimiter;
import org.fieldreadings.core.http.KeyRateLimiter;

/**
 * Deploys the module verticles, then the HTTP edge: the public listener (one verticle per event loop, all on the
 * same port) and the admin listener.
 */
final class RootVerticle extends VerticleBase {

  /**
   * How long an authenticated key is remembered; revocations evict at once, and this bounds the wait should a
   * node miss one (a revoked key is refused everywhere within it). One lookup a second per busy key is cheap.
   */
  private static final Duration AUTH_CACHE_TTL = Duration.ofSeconds(1);

  private final List<FieldModule> modules;
  private volatile int httpPort;
  private volatile int adminPort;

  RootVerticle(List<FieldModule> modules) {
    this.modules = modules;
  }

  @Override
  public Future<?> start() {
    ApiKeyAuthProvider authProvider = new ApiKeyAuthProvider(vertx, AUTH_CACHE_TTL);
    ApiKeyAuth.evictOnRevocation(vertx, authProvider);
    KeyRateLimiter rateLimiter = new KeyRateLimiter(ConfigKeys.RATELIMIT_KEY_RPS.get(config()),
        ConfigKeys.RATELIMIT_KEY_BURST.get(config()));
    AccessContract.NODES.subscribe(vertx.eventBus(), count -> rateLimiter.share(count.nodes()));
    ApiKeyAuth auth = new ApiKeyAuth(authProvider, rateLimiter,
        new AuthFailureLimiter(ConfigKeys.RATELIMIT_AUTH_FAILURES_PER_MINUTE.get(config())));
    Future<?> chain = Future.succeededFuture();
    for (FieldModule module : modules) {
      chain = chain.compose(v -> vertx.deployVerticle(module::verticle,
          new DeploymentOptions().setConfig(config()).setInstances(module.instances())));
    }
    int instances = ConfigKeys.HTTP_INSTANCES.get(config());
    return chain
        .compose(v -> vertx.executeBlocking(() -> FreePort.resolve(ConfigKeys.HTTP_HOST.get(config()),
            ConfigKeys.HTTP_PORT.get(config()))))
        .compose(port -> {
          httpPort = port;
          JsonObject fixedPort = config().copy().put(ConfigKeys.HTTP_PORT.name(), port);
          Future<?> all = Future.succeededFuture();
          for (int i = 0; i < instances; i++) {
            all = all.compose(v -> deployPublic(auth, fixedPort));
          }
          return all;
        })
        .compose(v -> {
          AdminHttpVerticle admin = new AdminHttpVerticle(modules, auth);
          return vertx.deployVerticle(admin, new DeploymentOptions().setConfig(config())).map(id -> admin.port());
        })
        .onSuccess(port -> adminPort = port);
  }

  private Future<String> deployPublic(ApiKeyAuth auth, JsonObject config) {
    return vertx.deployVerticle(new PublicHttpVerticle(modules, auth), new DeploymentOptions().setConfig(config));
  }

  int httpPort() {
    return httpPort;
  }

  int adminPort() {
    return adminPort;
  }
}
