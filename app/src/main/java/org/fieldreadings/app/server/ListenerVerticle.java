package org.fieldreadings.app.server;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.sqlclient.Pool;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.db.Pools;

/** An HTTP listener serving one router; on undeploy it stops accepting and lets in-flight requests finish. */
abstract class ListenerVerticle extends VerticleBase {

  private static final long GRACE_SECONDS = 10;

  private HttpServer server;
  private Pool pool;
  private volatile int port;

  /** The router this listener serves, built on {@link #pool()}. */
  protected abstract Router router(Pool pool);

  /** The pool the listener's routes query: by default its own handle of the node's shared pool. */
  protected Pool pool() {
    return Pools.shared(vertx, config());
  }

  protected abstract String host();

  protected abstract int configuredPort();

  @Override
  public Future<?> start() {
    pool = pool();
    server = vertx.createHttpServer(new HttpServerOptions().setCompressionSupported(true));
    return server.requestHandler(router(pool))
        .listen(configuredPort(), host())
        .onSuccess(s -> port = s.actualPort());
  }

  @Override
  public Future<?> stop() {
    return server.shutdown(GRACE_SECONDS, TimeUnit.SECONDS).eventually(() -> pool.close());
  }

  /** The port actually bound (differs from the configured one when that is 0). */
  int port() {
    return port;
  }
}
