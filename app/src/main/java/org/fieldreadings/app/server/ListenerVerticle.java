package org.fieldreadings.app.server;

import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.core.http.Problem;

/**
 * An HTTP/1.1 listener serving one router; on undeploy it stops accepting and lets in-flight requests finish.
 * Connections idle for {@code http.idle.timeout} are closed, and so are those whose request headers take longer
 * than {@code http.request.header.timeout} ({@link HeaderDeadline}), and one whose body arrives slower than
 * {@code http.request.body.min.rate} ({@link BodyRate}).
 */
abstract class ListenerVerticle extends VerticleBase {

  private static final long GRACE_SECONDS = 10;
  private static final int UPLOAD_CHUNK_BYTES = 64 << 10;

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
    long headerTimeout = millis(ConfigKeys.HTTP_REQUEST_HEADER_TIMEOUT.get(config()));
    int bodyMinRate = ConfigKeys.HTTP_REQUEST_BODY_MIN_RATE.get(config());
    long bodyGrace = millis(ConfigKeys.HTTP_REQUEST_BODY_GRACE.get(config()));
    server = vertx.createHttpServer(new HttpServerOptions()
        .setCompressionSupported(true)
        // Only HTTP/1.1, whose request heads the header deadline can watch; a preface of HTTP/2 gets a 505.
        .setHttp2ClearTextEnabled(false)
        .setIdleTimeout((int) Math.min(Integer.MAX_VALUE, millis(ConfigKeys.HTTP_IDLE_TIMEOUT.get(config()))))
        .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
        // Uploads (imports, ingest payloads) come in chunks of up to this: each is a copy and a handler call on the
        // event loop, and Netty's default of 8 KiB cut every socket read in eight.
        .setMaxChunkSize(UPLOAD_CHUNK_BYTES));
    Router router = router(pool);
    return server
        .connectionHandler(connection -> {
          HeaderDeadline.install(connection, headerTimeout);
          BodyRate.install(connection, bodyMinRate, bodyGrace);
        })
        // With a WebSocket handshake handler set, Vert.x hands requests of unknown HTTP versions to the request
        // handler (below: 505) instead of answering 501 itself. No route speaks WebSocket.
        .webSocketHandshakeHandler(handshake -> handshake.reject(404))
        .invalidRequestHandler(ListenerVerticle::invalid)
        .requestHandler(request -> {
          if (request.version() == null) {
            versionNotSupported(request);
          } else {
            router.handle(request);
          }
        })
        .listen(configuredPort(), host())
        .onSuccess(s -> port = s.actualPort());
  }

  private static long millis(String duration) {
    return Duration.parse(duration).toMillis();
  }

  private static void versionNotSupported(HttpServerRequest request) {
    closingWith(request, Problem.of(505, "Only HTTP/1.0 and HTTP/1.1 are spoken here."));
  }

  /**
   * A request Netty could not decode (a request line or headers over the limits, a malformed head): the same status
   * Vert.x gives it by default, with a problem body instead of an empty one, and the connection closed.
   */
  private static void invalid(HttpServerRequest request) {
    Throwable cause = request.decoderResult().cause();
    Problem problem = cause instanceof TooLongHttpLineException
        ? Problem.of(414, "The request line is longer than this server accepts.")
        : cause instanceof TooLongHttpHeaderException
            ? Problem.of(431, "The request headers are larger than this server accepts.")
            : Problem.of(400, "The request is not well-formed HTTP/1.1.");
    closingWith(request, problem);
  }

  private static void closingWith(HttpServerRequest request, Problem problem) {
    request.response()
        .setStatusCode(problem.status())
        .putHeader("Content-Type", Problem.CONTENT_TYPE)
        .putHeader("Connection", "close")
        .end(problem.toJson().encode())
        .onComplete(done -> request.connection().close());
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
