package org.fieldreadings.core.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.ext.auth.User;
import io.vertx.ext.auth.authentication.AuthenticationProvider;
import io.vertx.ext.auth.authentication.Credentials;
import io.vertx.ext.auth.authentication.TokenCredentials;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.AccessContract.ApiKey;
import org.fieldreadings.core.telemetry.Telemetry;

/**
 * Resolves an API key to its {@link User} by asking the access module over the event bus, and remembers the
 * answer so a busy client, or a client repeating a wrong key, does not cost a database round trip per request.
 *
 * <p>Accepted keys are remembered for at most {@code ttl} counted from the start of their lookup, and revocations
 * evict them at once ({@link #evictEntity}). A lookup still in flight when a revocation arrives must not put the
 * key back: every eviction advances a generation, and a lookup result is remembered only if no eviction happened
 * since the lookup started (checked after the write, so an eviction racing with the write removes it either way).
 *
 * <p>Refused keys are remembered by digest for {@link #REFUSED_TTL}. That can never refuse a key that works: a key
 * is refused only when no active key has its digest, keys are random secrets that are created, never reactivated
 * (a revoked key stays revoked; support issues a different one), so a key seen failing never becomes valid.
 * Thread-safe: one instance serves every HTTP edge verticle of a node.
 */
public final class ApiKeyAuthProvider implements AuthenticationProvider {

  private static final int MAX_ENTRIES = 100_000;
  private static final Duration REFUSED_TTL = Duration.ofMinutes(10);

  private final Vertx vertx;
  private final long ttlNanos;
  private final Cache<String, Accepted> accepted;
  /** Digests, not keys: an entry stays small whatever length of header a client sends. */
  private final Cache<String, Boolean> refused =
      Caffeine.newBuilder().maximumSize(MAX_ENTRIES).expireAfterWrite(REFUSED_TTL).build();
  private final AtomicLong generation = new AtomicLong();
  private final Counter lookups;

  private record Accepted(User user, long expiresAt) {}

  public ApiKeyAuthProvider(Vertx vertx, Duration ttl) {
    this.vertx = vertx;
    this.ttlNanos = ttl.toNanos();
    this.accepted = Caffeine.newBuilder().maximumSize(MAX_ENTRIES).expireAfterWrite(ttl).build();
    this.lookups = Counter.builder("fieldreadings.auth.lookups")
        .description("API keys looked up in the database (neither accepted nor refused recently)")
        .register(Telemetry.registry(vertx));
  }

  @Override
  public Future<User> authenticate(Credentials credentials) {
    if (!(credentials instanceof TokenCredentials token) || token.getToken() == null) {
      return Future.failedFuture(ApiKeyAuth.unauthorized());
    }
    return authenticate(token.getToken());
  }

  /** The user of {@code apiKey}; fails with a 401 reply when the key is unknown or revoked. */
  public Future<User> authenticate(String apiKey) {
    long started = System.nanoTime();
    Accepted hit = accepted.getIfPresent(apiKey);
    if (hit != null && started - hit.expiresAt() < 0) {
      return Future.succeededFuture(hit.user());
    }
    String digest = digest(apiKey);
    if (refused.getIfPresent(digest) != null) {
      return Future.failedFuture(new ReplyException(ReplyFailure.RECIPIENT_FAILURE, 401,
          "unknown or revoked key"));
    }
    long seen = generation.get();
    lookups.increment();
    return AccessContract.AUTHENTICATE.request(vertx.eventBus(), new ApiKey(apiKey))
        .map(holder -> {
          User user = ApiKeyPrincipal.of(holder);
          remember(apiKey, new Accepted(user, started + ttlNanos), seen);
          return user;
        })
        .onFailure(e -> {
          if (isRefusal(e)) {
            refused.put(digest, Boolean.TRUE);
          }
        });
  }

  /**
   * Whether {@code apiKey} may be an active key: true for a remembered one, else the access module's in-memory
   * answer ({@link AccessContract#KEY_KNOWN}), never a database lookup; false when that cannot be had.
   */
  public Future<Boolean> mayBeValid(String apiKey) {
    Accepted hit = accepted.getIfPresent(apiKey);
    if (hit != null && System.nanoTime() - hit.expiresAt() < 0) {
      return Future.succeededFuture(true);
    }
    return AccessContract.KEY_KNOWN.request(vertx.eventBus(), new ApiKey(apiKey)).otherwise(false);
  }

  /** Whether a lookup failed because the key is unknown or revoked (not because the database is away). */
  static boolean isRefusal(Throwable failure) {
    return failure instanceof ReplyException reply && reply.failureCode() == 401;
  }

  private void remember(String apiKey, Accepted entry, long seen) {
    accepted.put(apiKey, entry);
    if (generation.get() != seen) {
      accepted.asMap().remove(apiKey, entry);
    }
  }

  /** Forgets every remembered key of the entity, so its revoked key is refused from the next request on. */
  public void evictEntity(String entityId) {
    generation.incrementAndGet();
    accepted.asMap().values()
        .removeIf(a -> entityId.equals(a.user().principal().getString(ApiKeyPrincipal.ENTITY_ID)));
  }

  /** Forgets every remembered key, for when revocations may have been missed. */
  public void evictAll() {
    generation.incrementAndGet();
    accepted.invalidateAll();
  }

  private static String digest(String apiKey) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(apiKey.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
