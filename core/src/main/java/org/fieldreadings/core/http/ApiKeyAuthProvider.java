package org.fieldreadings.core.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.User;
import io.vertx.ext.auth.authentication.AuthenticationProvider;
import io.vertx.ext.auth.authentication.Credentials;
import io.vertx.ext.auth.authentication.TokenCredentials;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.fieldreadings.core.bus.AccessContract;

/**
 * Resolves an API key to its {@link User} by asking the access module over the event bus, and remembers the
 * answer briefly so a busy client does not cost a database round trip per request. Revocations evict the
 * entity's entries at once ({@link #evictEntity}); the time-to-live bounds staleness should an eviction be missed.
 * Thread-safe: one instance serves every HTTP edge verticle of a node.
 */
public final class ApiKeyAuthProvider implements AuthenticationProvider {

  private static final int MAX_ENTRIES = 100_000;

  private final Vertx vertx;
  private final long ttlNanos;
  private final Map<String, Cached> cache = new ConcurrentHashMap<>();

  private record Cached(User user, long expiresAt) {}

  public ApiKeyAuthProvider(Vertx vertx, Duration ttl) {
    this.vertx = vertx;
    this.ttlNanos = ttl.toNanos();
  }

  @Override
  public Future<User> authenticate(Credentials credentials) {
    if (!(credentials instanceof TokenCredentials token) || token.getToken() == null) {
      return Future.failedFuture(ProblemException.of(401, "A valid 'Authorization: ApiKey <key>' header is required."));
    }
    return authenticate(token.getToken());
  }

  /** The user of {@code apiKey}; fails with a 401 problem when the key is unknown or revoked. */
  public Future<User> authenticate(String apiKey) {
    Cached cached = cache.get(apiKey);
    long now = System.nanoTime();
    if (cached != null && now - cached.expiresAt() < 0) {
      return Future.succeededFuture(cached.user());
    }
    return vertx.eventBus().<JsonObject>request(AccessContract.AUTHENTICATE, new JsonObject().put("apiKey", apiKey))
        .map(reply -> {
          User user = ApiKeyPrincipal.fromAuthenticateReply(reply.body());
          if (cache.size() >= MAX_ENTRIES) {
            cache.clear();
          }
          cache.put(apiKey, new Cached(user, System.nanoTime() + ttlNanos));
          return user;
        });
  }

  /** Forgets every cached key of the entity, so its revoked key is refused from the next request on. */
  public void evictEntity(String entityId) {
    cache.values().removeIf(c -> entityId.equals(c.user().principal().getString(ApiKeyPrincipal.ENTITY_ID)));
  }
}
