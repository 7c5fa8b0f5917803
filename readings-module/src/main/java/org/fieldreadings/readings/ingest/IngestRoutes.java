package org.fieldreadings.readings.ingest;

import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.DevicesContract.IngestScope;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.DevicePath;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.FieldError;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.readings.ReadingsAddresses;

/**
 * The two doors to the {@link IngestPipeline}: {@code POST /api/ingest/{profile}}, where a supplier pushes with an
 * ingest key of that profile, and {@code POST /admin/ingest/{profile}}, where the operator's {@code ingest} command
 * sends files. Both take a raw payload of any content type (the plugin decides what it accepts) of at most
 * {@code ingest.max.bytes}, and answer {@code {"stored", "duplicates", "rejectedCount", "rejected", "warnings"}}.
 */
public final class IngestRoutes {

  /** Seconds a sender is asked to wait when the profile's plugin is busy or the database is away. */
  private static final String RETRY_AFTER = "5";

  private final EventBus bus;
  private final int maxBytes;

  private IngestRoutes(EdgeContext edge) {
    this.bus = edge.vertx().eventBus();
    this.maxBytes = ConfigKeys.INGEST_MAX_BYTES.get(edge.config());
  }

  public static void mountApi(Router api, EdgeContext edge) {
    IngestRoutes routes = new IngestRoutes(edge);
    api.post("/ingest/:profile").produces("application/json")
        .handler(IngestRoutes::holdBody)
        .handler(edge.auth().ingest())
        .handler(ctx -> {
          Profile profile = profileOf(ctx);
          // Another profile's key gets the 401 of no key at all: the answer tells nothing about the key.
          if (!profile.name().equals(ApiKeyAuth.ingestProfile(ctx))) {
            throw ApiKeyAuth.unauthorized();
          }
          routes.ingest(ctx, profile, ApiKeyAuth.ingestScope(ctx));
        });
  }

  public static void mountAdmin(Router admin, EdgeContext edge) {
    IngestRoutes routes = new IngestRoutes(edge);
    admin.post("/ingest/:profile").produces("application/json")
        .handler(IngestRoutes::holdBody)
        .handler(ctx -> routes.ingest(ctx, profileOf(ctx), null));
  }

  /**
   * Nothing of the body may arrive before {@link BoundedBody} reads it (authentication answers later), so the request
   * waits paused. Once the answer starts it flows again: a refused body (401, 400, 413) is then drained and dropped
   * rather than left to stall its sender.
   */
  private static void holdBody(RoutingContext ctx) {
    ctx.request().pause();
    ctx.addHeadersEndHandler(v -> {
      if (!ctx.request().isEnded()) {
        ctx.request().resume();
      }
    });
    ctx.next();
  }

  private static Profile profileOf(RoutingContext ctx) {
    List<FieldError> errors = new ArrayList<>();
    return DevicePath.parseProfile(ctx.pathParam("profile"), "profile", errors)
        .orElseThrow(() -> new ProblemException(Problem.invalid(errors)));
  }

  /** Ingests the body; {@code scope} null for the operator, whose payloads may write any device. */
  private void ingest(RoutingContext ctx, Profile profile, IngestScope scope) {
    String contentType = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
    BoundedBody.read(ctx.request(), maxBytes)
        .compose(body -> ReadingsAddresses.INGEST.request(bus,
            new IngestRequest(profile, new RawPayload(body.getBytes(), contentType), scope),
            ReadingsAddresses.WRITE_TIMEOUT_MS))
        // The answer comes encoded (on a worker): the event loop only sends it.
        .onSuccess(answer -> ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "application/json").end(answer))
        .onFailure(error -> ctx.fail(problemOf(error)));
  }

  /**
   * The pipeline's 5xx failures concern this payload only and say what happened; the router's problem handler would
   * make a 502 or 504 an anonymous 500, so they become problems here, with {@code Retry-After} on a 503.
   */
  private static Throwable problemOf(Throwable error) {
    if (error instanceof ReplyException reply && reply.failureType() == ReplyFailure.RECIPIENT_FAILURE) {
      int status = reply.failureCode();
      if (status == BusFailure.BAD_GATEWAY || status == BusFailure.GATEWAY_TIMEOUT) {
        return new ProblemException(Problem.of(status, reply.getMessage()));
      }
      if (status == BusFailure.UNAVAILABLE) {
        return new ProblemException(Problem.of(status, reply.getMessage()), Map.of("Retry-After", RETRY_AFTER));
      }
    }
    return error;
  }
}
