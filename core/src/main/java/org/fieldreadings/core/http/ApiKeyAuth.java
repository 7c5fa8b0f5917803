package org.fieldreadings.core.http;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.auth.User;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.DevicesContract.IngestScope;

/**
 * The {@code Authorization: ApiKey <key>} check in front of protected routes (docs/api.md).
 * The scheme word matches case-insensitively, followed by exactly one space and a key without whitespace;
 * a missing or malformed header, an unknown key or a revoked key all give the same 401; a key that cannot be one
 * (not base64url, or too short to hold 32 random bytes) is refused without asking anyone. An authenticated key over
 * its rate limit gets a 429 with {@code Retry-After}, and so does a client address over its limit of failed
 * authentications, unless it sends a key the access module's filter of active keys may know: a valid key still
 * works from an address it shares with a bad client (a NAT, a carrier's CGNAT).
 */
public final class ApiKeyAuth {

  /** The challenge sent with every 401 of the public API. */
  public static final String CHALLENGE = "ApiKey realm=\"api\"";

  private static final String SCHEME = "ApiKey ";
  private static final String USER = "fieldreadings.user";
  /** Base64url of 32 random bytes, as the access module makes keys; longer is accepted, within reason. */
  private static final int MIN_KEY_LENGTH = 43;
  private static final int MAX_KEY_LENGTH = 256;

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

  /**
   * Whether a key that authenticated a request earlier has been revoked since: true only when the access module
   * refuses it now (an outage is not a revocation). Cheap while the key is remembered: a revocation makes it
   * forgotten on every node within a second.
   */
  public Future<Boolean> revoked(String apiKey) {
    return provider.authenticate(apiKey).map(user -> false)
        .recover(failure -> Future.succeededFuture(ApiKeyAuthProvider.isRefusal(failure)));
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

  /** Whether {@code key} has the shape of a key the access module makes: base64url without padding, long enough. */
  static boolean plausible(String key) {
    if (key.length() < MIN_KEY_LENGTH || key.length() > MAX_KEY_LENGTH) {
      return false;
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_')) {
        return false;
      }
    }
    return true;
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
    AccessContract.KEY_REVOKED.serve(vertx, change -> {
      if (change.entityId() == null) {
        provider.evictAll();
      } else {
        provider.evictEntity(change.entityId());
      }
      return Future.succeededFuture();
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
      ctx.fail(throttled(retryAfter));
    }
    return retryAfter > 0;
  }

  /**
   * Marks the answer as one no cache may keep: every answer behind a key or the admin token, errors included, may
   * hold an entity's data or a secret, and a shared proxy must not serve it to the next client.
   */
  public static void noStore(RoutingContext ctx) {
    ctx.response().putHeader("Cache-Control", "no-store");
  }

  private Handler<RoutingContext> handler(String kind) {
    return ctx -> {
      noStore(ctx);
      String key = keyOf(ctx.request().getHeader("Authorization"));
      boolean plausible = key != null && plausible(key);
      long retryAfter = failures.retryAfter(ClientAddress.of(ctx));
      if (retryAfter > 0) {
        if (!plausible) {
          ctx.fail(throttled(retryAfter));
          return;
        }
        provider.mayBeValid(key).onComplete(maybe -> {
          if (maybe.succeeded() && maybe.result()) {
            authenticate(ctx, kind, key, retryAfter);
          } else {
            ctx.fail(throttled(retryAfter));
          }
        });
      } else if (plausible) {
        authenticate(ctx, kind, key, 0);
      } else {
        refuse(ctx);
      }
    };
  }

  /** Looks the key up; {@code throttled} is the Retry-After of a throttled address, whose refusals are 429s. */
  private void authenticate(RoutingContext ctx, String kind, String key, long throttled) {
    provider.authenticate(key).onComplete(result -> {
      if (result.failed()) {
        if (ApiKeyAuthProvider.isRefusal(result.cause())) {
          refuse(ctx, throttled);
        } else {
          ctx.fail(result.cause());
        }
      } else if (!kind.equals(result.result().principal().getString(ApiKeyPrincipal.KIND))) {
        refuse(ctx, throttled);
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
  }

  private void refuse(RoutingContext ctx, long throttled) {
    if (throttled > 0) {
      failures.failed(ClientAddress.of(ctx));
      ctx.fail(throttled(throttled));
    } else {
      refuse(ctx);
    }
  }

  private static ProblemException throttled(long retryAfter) {
    return tooMany("Too many failed authentications from this address", retryAfter);
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
