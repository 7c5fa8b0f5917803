package org.fieldreadings.core.testing;

import org.fieldreadings.core.bus.AccessContract.KeyHolder;
import org.fieldreadings.core.bus.BusFailureException;
import java.util.function.Function;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import org.fieldreadings.core.bus.BusAddress;
import io.vertx.ext.web.Router;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.config.ConfigLoader;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Migrations;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.ApiKeyAuthProvider;
import org.fieldreadings.core.http.AuthFailureLimiter;
import org.fieldreadings.core.http.KeyRateLimiter;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.ProblemHandler;

/**
 * Modules under test, running as the application runs them: a fresh database migrated for their schemas, their
 * verticles deployed on a Vert.x of their own, and one HTTP server on a free loopback port serving their public
 * routes under {@code /api} and their admin routes under {@code /admin} (without the admin token, which is the
 * application listener's concern). What other modules would answer on the event bus is stood in for by
 * {@link #apiKeys}, {@link #entities} or any {@link #consumer}; register each address once.
 *
 * <pre>{@code
 * try (ModuleHarness harness = ModuleHarness.start(new DevicesModule())) {
 *   harness.apiKeys(Map.of("key-a", "entity-a"));
 *   harness.http().get("/api/devices/serials", "Authorization", "ApiKey key-a");
 * }
 * }</pre>
 */
public final class ModuleHarness implements AutoCloseable {

  private static final long TIMEOUT_SECONDS = 30;
  private static final String ADMIN_CHALLENGE = "Bearer realm=\"admin\"";

  private final Vertx vertx;
  private final DatabaseUrl database;
  private final TestHttp http;

  private ModuleHarness(Vertx vertx, DatabaseUrl database, TestHttp http) {
    this.vertx = vertx;
    this.database = database;
    this.http = http;
  }

  /** Starts the modules on a new database; close the harness to stop them. */
  public static ModuleHarness start(FieldModule... modules) {
    return start(Map.of(), modules);
  }

  /** Starts the modules on a new database with these {@code FR_*} variables added to the configuration. */
  public static ModuleHarness start(Map<String, String> env, FieldModule... modules) {
    DatabaseUrl database = TestPostgres.newDatabase();
    Migrations.migrate(database, Arrays.stream(modules).map(FieldModule::schema).toList());
    Map<String, String> all = new HashMap<>(Map.of(
        "FR_DATABASE_URL", database.toConfigValue(),
        "FR_DATABASE_POOL_SIZE", "4",
        "FR_SECURITY_MASTER_KEY", randomKey()));
    all.putAll(env);
    JsonObject config = ConfigLoader.load(null, all);
    Vertx vertx = Vertx.vertx();
    try {
      for (FieldModule module : modules) {
        await(vertx.deployVerticle(module.verticle(), new DeploymentOptions().setConfig(config)));
      }
      int port = await(vertx.createHttpServer().requestHandler(router(vertx, config, List.of(modules)))
          .listen(0, "127.0.0.1")).actualPort();
      return new ModuleHarness(vertx, database, new TestHttp(port));
    } catch (RuntimeException e) {
      vertx.close();
      throw e;
    }
  }

  /** The routers of the application's two listeners, on one server: {@code /api/...} and {@code /admin/...}. */
  private static Router router(Vertx vertx, JsonObject config, List<FieldModule> modules) {
    // No caching of keys: each request asks the AUTHENTICATE consumer, so tests may change keys at will.
    ApiKeyAuth auth = new ApiKeyAuth(new ApiKeyAuthProvider(vertx, Duration.ZERO),
        new KeyRateLimiter(1_000_000, 1_000_000), new AuthFailureLimiter(1_000_000));
    EdgeContext edge = new EdgeContext(vertx, config, Pools.shared(vertx, config), auth);
    Router api = Router.router(vertx);
    ProblemHandler.install(api, ApiKeyAuth.CHALLENGE);
    Router admin = Router.router(vertx);
    ProblemHandler.install(admin, ADMIN_CHALLENGE);
    modules.forEach(module -> {
      module.mountApi(api, edge);
      module.mountAdmin(admin, edge);
    });
    Router root = Router.router(vertx);
    ProblemHandler.install(root, ApiKeyAuth.CHALLENGE);
    root.route("/api/*").subRouter(api);
    root.route("/admin/*").subRouter(admin);
    return root;
  }

  /** Serves a typed address standing in for another module. */
  public <Q, R> ModuleHarness serve(BusAddress<Q, R> address, Function<Q, Future<R>> handler) {
    await(address.serve(vertx, handler));
    return this;
  }

  /** Registers a consumer standing in for another module. */
  public <T> ModuleHarness consumer(String address, Handler<Message<T>> handler) {
    await(vertx.eventBus().consumer(address, handler).completion());
    return this;
  }

  /** Stands in for the access module's key check: these API keys authenticate as these entity ids. */
  public ModuleHarness apiKeys(Map<String, String> entityByKey) {
    return serve(AccessContract.AUTHENTICATE, key -> {
      String entityId = entityByKey.get(key.value());
      return entityId == null
          ? Future.failedFuture(new BusFailureException(BusFailure.UNAUTHORIZED, "unknown or revoked key"))
          : Future.succeededFuture(KeyHolder.entity(entityId));
    });
  }

  /** Stands in for the access module's entity registry: exactly these entities exist. */
  public ModuleHarness entities(String... entityIds) {
    Set<String> known = Set.of(entityIds);
    return serve(AccessContract.ENTITY_EXISTS, entityId -> Future.succeededFuture(known.contains(entityId)));
  }

  /** Sends an event-bus request and waits for the reply's body; a failure reply is thrown as the ReplyException. */
  public JsonObject request(String address, JsonObject body) {
    return await(vertx.eventBus().<JsonObject>request(address, body)).body();
  }

  /** Asks a typed address of a module's contract. */
  public <Q, R> R request(BusAddress<Q, R> address, Q request) {
    return await(address.request(vertx.eventBus(), request));
  }

  /** A client of the harness's server: paths start with {@code /api/} or {@code /admin/}. */
  public TestHttp http() {
    return http;
  }

  public Vertx vertx() {
    return vertx;
  }

  /** The modules' database, for set-up and inspection through {@link TestPostgres}. */
  public DatabaseUrl database() {
    return database;
  }

  @Override
  public void close() {
    await(vertx.close());
  }

  private static <T> T await(Future<T> future) {
    try {
      return future.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException("no answer within " + TIMEOUT_SECONDS + " s", e);
    }
  }

  private static String randomKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }
}
