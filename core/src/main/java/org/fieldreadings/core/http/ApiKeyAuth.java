package org.fieldreadings.core.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.User;
import io.vertx.ext.web.RoutingContext;
import org.fieldreadings.core.bus.AccessContract;

/**
 * The {@code Authorization: ApiKey <key>} check in front of protected routes (docs/api.md).
 * The scheme word matches case-insensitively, followed by exactly one space and a key without whitespace;
 * a missing or malformed header, an unknown key or a revoked key all give the same 401. An authenticated key over
 * its rate limit gets a 429 with {@code Retry-After}.
 */
public final class ApiKeyAuth {

  /** The challenge sent with every 401 of the public API. */
  public static final String CHALLENGE = "ApiKey realm=\"api\"";

  private static final String SCHEME = "ApiKey ";
  private static final String USER = "fieldreadings.user";

  private final ApiKeyAuthProvider provider;
  private final KeyRateLimiter limiter;

  public ApiKeyAuth(ApiKeyAuthProvider provider, KeyRateLimiter limiter) {
    this.provider = provider;
    this.limiter = limiter;
  }

  /** The handler for routes an entity's key may call; the entity id is then {@link #entityId(RoutingContext)}. */
  public Handler<RoutingContext> entity() {
    return handler(ApiKeyPrincipal.ENTITY);
  }

  /** The handler for ingest routes, which only ingest keys may call. */
  public Handler<RoutingContext> ingest() {
    return handler(ApiKeyPrincipal.INGEST);
  }

  /** The entity whose key authenticated this request. */
  public static String entityId(RoutingContext ctx) {
    return ctx.<User>get(USER).principal().getString(ApiKeyPrincipal.ENTITY_ID);
  }

  /** The profile of the ingest key that authenticated this request. */
  public static String ingestProfile(RoutingContext ctx) {
    return ctx.<User>get(USER).principal().getString(ApiKeyPrincipal.INGEST_PROFILE);
  }

  /** The API key of a well-formed header, or null. */
  public static String keyOf(String header) {
    if (header == null || header.length() <= SCHEME.length()
        || !header.regionMatches(true, 0, SCHEME, 0, SCHEME.length() - 1) || header.charAt(SCHEME.length() - 1) != ' ') {
      return null;
    }
    for (int i = SCHEME.length(); i < header.length(); i++) {
      if (isWhitespace(header.charAt(i))) {
        return null;
      }
    }
    return header.substring(SCHEME.length());
  }

  /** The whitespace of a regular expression's {@code \\s}: a key never contains any. */
  private static boolean isWhitespace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
  }

  /** Subscribes the provider's cache to revocations published on this node's event bus. */
  public static void evictOnRevocation(Vertx vertx, ApiKeyAuthProvider provider) {
    vertx.eventBus().<JsonObject>consumer(AccessContract.KEY_REVOKED,
        msg -> provider.evictEntity(msg.body().getString("entityId")));
  }

  private Handler<RoutingContext> handler(String kind) {
    return ctx -> {
      String key = keyOf(ctx.request().getHeader("Authorization"));
      if (key == null) {
        ctx.fail(unauthorized());
        return;
      }
      provider.authenticate(key).onComplete(result -> {
        if (result.failed()) {
          ctx.fail(result.cause() instanceof io.vertx.core.eventbus.ReplyException reply && reply.failureCode() == 401
              ? unauthorized() : result.cause());
        } else if (!kind.equals(result.result().principal().getString(ApiKeyPrincipal.KIND))) {
          ctx.fail(unauthorized());
        } else {
          long retryAfter = limiter.acquire(key);
          if (retryAfter > 0) {
            ctx.fail(new ProblemException(Problem.of(429, "Too many requests for this key; retry in " + retryAfter
                + " s."), java.util.Map.of("Retry-After", Long.toString(retryAfter))));
            return;
          }
          ctx.put(USER, result.result());
          ctx.next();
        }
      });
    };
  }

  /** The one 401 of the public API, whatever was wrong with the key: it never says what. */
  public static ProblemException unauthorized() {
    return ProblemException.of(401, "A valid 'Authorization: ApiKey <key>' header is required.");
  }
}
