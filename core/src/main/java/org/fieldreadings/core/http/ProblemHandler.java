package org.fieldreadings.core.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.vertx.core.Handler;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import java.util.Map;
import java.util.UUID;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;
import org.fieldreadings.core.db.DatabaseOutage;
import org.fieldreadings.core.text.LogSafe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one failure handler of a router: turns whatever a route failed with into a problem+json response.
 * Event-bus failure codes are HTTP statuses ({@link BusFailure}); a client's protocol error is a 400 and a database
 * outage a 503, each logged as one line; anything unexpected becomes a 500 whose detail carries only an error id,
 * while the log gets the stack trace under the same id.
 */
public final class ProblemHandler implements Handler<RoutingContext> {

  private static final Logger LOG = LoggerFactory.getLogger(ProblemHandler.class);

  private final String challenge;

  /** @param challenge the {@code WWW-Authenticate} value sent with every 401 */
  private ProblemHandler(String challenge) {
    this.challenge = challenge;
  }

  /** Installs the handler for route failures and for the router's own 404/405/413/415 answers. */
  public static void install(Router router, String challenge) {
    ProblemHandler handler = new ProblemHandler(challenge);
    router.route().failureHandler(handler);
    for (int status : new int[] {400, 404, 405, 406, 413, 415}) {
      router.errorHandler(status, ctx -> handler.respond(ctx, failureOf(ctx, status)));
    }
  }

  @Override
  public void handle(RoutingContext ctx) {
    respond(ctx, classify(ctx));
  }

  /** The router's own errors (no route, wrong method, ...) carry their status rather than a failure. */
  private static Failure failureOf(RoutingContext ctx, int status) {
    if (ctx.failure() instanceof HttpException http && http.getPayload() != null) {
      return new Failure(Problem.of(status, http.getPayload()), Map.of());
    }
    if (status == 400 && ctx.request().authority() == null && ctx.request().version() != HttpVersion.HTTP_1_0) {
      return new Failure(Problem.of(400, "The request must name the server in a Host header."), Map.of());
    }
    return new Failure(Problem.of(status, describe(status, null)), Map.of());
  }

  private void respond(RoutingContext ctx, Failure failure) {
    if (ctx.response().headWritten()) {
      // The body is already streaming: the client can only learn of the failure by the connection closing.
      LOG.warn("{} {} failed after its response started: {}", method(ctx), path(ctx), failure.problem().detail());
      ctx.request().connection().close();
      return;
    }
    ctx.response().setStatusCode(failure.problem().status()).putHeader("Content-Type", Problem.CONTENT_TYPE);
    failure.headers().forEach(ctx.response()::putHeader);
    if (failure.problem().status() == 401) {
      ctx.response().putHeader("WWW-Authenticate", challenge);
    }
    if (failure.problem().status() == 503 && !ctx.response().headers().contains("Retry-After")) {
      ctx.response().putHeader("Retry-After", "5");
    }
    ctx.response().end(failure.problem().toJson().encode());
  }

  private record Failure(Problem problem, Map<String, String> headers) {}

  private Failure classify(RoutingContext ctx) {
    Throwable error = ctx.failure();
    if (error instanceof ProblemException p) {
      return new Failure(p.problem(), p.headers());
    }
    if (error instanceof BusFailureException f && f.code() >= 400 && f.code() < 500) {
      // The modules' own failure type, met here when a route calls a module's class directly.
      return new Failure(Problem.of(f.code(), f.getMessage()), Map.of());
    }
    if (error instanceof ReplyException reply) {
      if (reply.failureType() == ReplyFailure.RECIPIENT_FAILURE && reply.failureCode() >= 400
          && reply.failureCode() < 500) {
        return new Failure(Problem.of(reply.failureCode(), reply.getMessage()), Map.of());
      }
      if (reply.failureType() != ReplyFailure.RECIPIENT_FAILURE || reply.failureCode() == BusFailure.UNAVAILABLE) {
        LOG.warn("{} {}: dependency unavailable: {}", method(ctx), path(ctx), LogSafe.text(reply.getMessage()));
        return unavailable();
      }
    }
    if (error instanceof HttpException http && http.getStatusCode() < 500) {
      return new Failure(Problem.of(http.getStatusCode(), describe(http.getStatusCode(), http.getPayload())), Map.of());
    }
    int status = ctx.statusCode();
    if (status >= 400 && status < 500) {
      // The router's own refusals (a request without Host, for one) carry their status and a framework exception.
      return failureOf(ctx, status);
    }
    if (ClientProtocolError.isCause(ctx)) {
      LOG.info("{} {}: client protocol error: {}", method(ctx), path(ctx), oneLine(error));
      return new Failure(Problem.of(400, describe(400, null)), Map.of());
    }
    if (DatabaseOutage.isCause(error)) {
      LOG.warn("{} {}: database unavailable: {}", method(ctx), path(ctx), oneLine(error));
      return unavailable();
    }
    String errorId = UUID.randomUUID().toString();
    LOG.error("{} {} failed, error id {}", method(ctx), path(ctx), errorId, error);
    return new Failure(Problem.of(500, "Unexpected error; quote error id " + errorId + " to support."), Map.of());
  }

  private static Failure unavailable() {
    return new Failure(Problem.of(503, "The service is temporarily unavailable; retry shortly."), Map.of());
  }

  private static String method(RoutingContext ctx) {
    return LogSafe.text(ctx.request().method().name());
  }

  private static String path(RoutingContext ctx) {
    return LogSafe.text(ctx.request().path());
  }

  /** The exception's class and message, without the stack trace a client's mistake or an outage does not need. */
  private static String oneLine(Throwable error) {
    return error == null ? "-" : error.getClass().getSimpleName() + ": " + LogSafe.text(error.getMessage());
  }

  private static String describe(int status, String payload) {
    if (payload != null && !payload.isBlank()) {
      return payload;
    }
    return switch (status) {
      case 400 -> "The request is malformed.";
      case 401 -> "A valid 'Authorization: ApiKey <key>' header is required.";
      case 404 -> "No such resource.";
      case 405 -> "This method is not allowed on this resource.";
      case 406 -> "The Accept header admits none of the types this operation produces.";
      case 413 -> "The request body is too large.";
      case 415 -> "The request body must be application/json.";
      default -> HttpResponseStatus.valueOf(status).reasonPhrase();
    };
  }
}
