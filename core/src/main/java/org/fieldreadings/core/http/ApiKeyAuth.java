package org.fieldreadings.core.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.User;
import org.fieldreadings.core.bus.DevicesContract.IngestScope;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import org.fieldreadings.core.bus.AccessContract;

/**
 * The {@code Authorization: ApiKey <key>} check in front of protected routes (docs/api.md).
 * The scheme word matches case-insensitively, followed by exactly one space and a key without whitespace;
 * a missing or malformed header, an unknown key or a revoked key all give the same 401. An authenticated key over
 * its rate limit gets a 429 with {@code Retry-After}, and so does a client address over its limit of failed
 * authentications, answered before any lookup.
 */
public final class ApiKeyAuth {

  /** The challenge sent with every 401 of the public API. */
  public static final String CHALLENGE = "ApiKey realm=\"api\"";

  private static final String SCHEME = "ApiKey ";
  private static final String USER = "fieldreadings.user";

  private final ApiKeyAuthProvider provider;
  private final KeyRateLimiter limiter;
  private final AuthFailureLimiter failures;

  public ApiKeyAuth(ApiKeyAuthProvider provider, KeyRateLimiter limiter, AuthFailureLimiter failures) {
    this.provider = provider;
    this.limiter = limiter;
    this.failures = failures;
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

  /** What the ingest key that authenticated this request may write (docs/operations.md, "Ingest keys"). */
  public static IngestScope ingestScope(RoutingContext ctx) {
    return ApiKeyPrincipal.ingestScope(ctx.<User>get(USER));
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

  /**
   * Subscribes the provider's cache to key changes on this node's event bus, published (other nodes' changes) or
   * requested (this node's, answered once forgotten).
   */
  public static void evictOnRevocation(Vertx vertx, ApiKeyAuthProvider provider) {
    vertx.eventBus().<JsonObject>consumer(AccessContract.KEY_REVOKED, msg -> {
      String entityId = msg.body().getString("entityId");
      if (entityId == null) {
        provider.evictAll();
      } else {
        provider.evictEntity(entityId);
      }
      msg.reply(new JsonObject());
    });
  }

  /**
   * The handler for routes that check another secret (a temporary token): a client address over its limit of
   * failed authentications gets 429 before the route runs; the route reports its refusals with {@link #refused}.
   */
  public Handler<RoutingContext> failureLimit() {
    return ctx -> {
      if (!blocked(ctx)) {
        ctx.next();
      }
    };
  }

  /** Fails the request with the 401 of {@code refusal} when it is one, counting it against the client address. */
  public void refused(RoutingContext ctx, Throwable refusal) {
    if (ApiKeyAuthProvider.isRefusal(refusal)) {
      failures.failed(ClientAddress.of(ctx));
    }
    ctx.fail(refusal);
  }

  private boolean blocked(RoutingContext ctx) {
    long retryAfter = failures.retryAfter(ClientAddress.of(ctx));
    if (retryAfter > 0) {
      ctx.fail(tooMany("Too many failed authentications from this address", retryAfter));
    }
    return retryAfter > 0;
  }

  private Handler<RoutingContext> handler(String kind) {
    return ctx -> {
      if (blocked(ctx)) {
        return;
      }
      String key = keyOf(ctx.request().getHeader("Authorization"));
      if (key == null) {
        refuse(ctx);
        return;
      }
      provider.authenticate(key).onComplete(result -> {
        if (result.failed()) {
          if (ApiKeyAuthProvider.isRefusal(result.cause())) {
            refuse(ctx);
          } else {
            ctx.fail(result.cause());
          }
        } else if (!kind.equals(result.result().principal().getString(ApiKeyPrincipal.KIND))) {
          refuse(ctx);
        } else {
          long retryAfter = limiter.acquire(key);
          if (retryAfter > 0) {
            ctx.fail(tooMany("Too many requests for this key", retryAfter));
            return;
          }
          ctx.put(USER, result.result());
          ctx.next();
        }
      });
    };
  }

  private static ProblemException tooMany(String what, long retryAfter) {
    return new ProblemException(Problem.of(429, what + "; retry in " + retryAfter + " s."),
        Map.of("Retry-After", Long.toString(retryAfter)));
  }

  private void refuse(RoutingContext ctx) {
    failures.failed(ClientAddress.of(ctx));
    ctx.fail(unauthorized());
  }

  /** The one 401 of the public API, whatever was wrong with the key: it never says what. */
  public static ProblemException unauthorized() {
    return ProblemException.of(401, "A valid 'Authorization: ApiKey <key>' header is required.");
  }
}
