package org.fieldreadings.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.ext.auth.User;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.AccessContract.ApiKey;
import org.fieldreadings.core.bus.AccessContract.KeyHolder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The provider against a stand-in of the access module's authenticate consumer that answers only when the test
 * says so, so a lookup can be held in flight while a revocation arrives.
 */
class ApiKeyAuthProviderTest {

  private Vertx vertx;
  private final BlockingQueue<Message<ApiKey>> lookups = new LinkedBlockingQueue<>();

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    vertx.eventBus().<ApiKey>consumer(AccessContract.AUTHENTICATE.name(), lookups::add)
        .completion().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  @Test
  void aLookupInFlightDuringARevocationDoesNotPutTheKeyBack() throws Exception {
    ApiKeyAuthProvider provider = new ApiKeyAuthProvider(vertx, Duration.ofMinutes(1));
    Future<User> inFlight = provider.authenticate("key-1");
    Message<ApiKey> lookup = next();
    provider.evictEntity("entity-1");
    AccessContract.AUTHENTICATE.reply(lookup, KeyHolder.entity("entity-1"));
    assertThat(await(inFlight).principal().getString(ApiKeyPrincipal.ENTITY_ID)).isEqualTo("entity-1");

    Future<User> afterRevocation = provider.authenticate("key-1");
    next().fail(401, "unknown or revoked key");
    assertThat(failureOf(afterRevocation).failureCode()).isEqualTo(401);
  }

  @Test
  void anAcceptedKeyIsRememberedUntilItsEntityIsEvicted() throws Exception {
    ApiKeyAuthProvider provider = new ApiKeyAuthProvider(vertx, Duration.ofMinutes(1));
    Future<User> first = provider.authenticate("key-1");
    AccessContract.AUTHENTICATE.reply(next(), KeyHolder.entity("entity-1"));
    await(first);
    await(provider.authenticate("key-1"));
    assertThat(lookups).isEmpty();

    provider.evictEntity("entity-1");
    Future<User> afterRevocation = provider.authenticate("key-1");
    next().fail(401, "unknown or revoked key");
    assertThat(failureOf(afterRevocation).failureCode()).isEqualTo(401);
  }

  @Test
  void anAcceptedKeyIsRememberedNoLongerThanTheTtl() throws Exception {
    ApiKeyAuthProvider provider = new ApiKeyAuthProvider(vertx, Duration.ofMillis(200));
    Future<User> first = provider.authenticate("key-1");
    AccessContract.AUTHENTICATE.reply(next(), KeyHolder.entity("entity-1"));
    await(first);
    Thread.sleep(300);
    Future<User> later = provider.authenticate("key-1");
    next().fail(401, "unknown or revoked key");
    assertThat(failureOf(later).failureCode()).isEqualTo(401);
  }

  @Test
  void aRefusedKeyIsNotLookedUpAgain() throws Exception {
    ApiKeyAuthProvider provider = new ApiKeyAuthProvider(vertx, Duration.ofMinutes(1));
    Future<User> first = provider.authenticate("wrong-key");
    next().fail(401, "unknown or revoked key");
    assertThat(failureOf(first).failureCode()).isEqualTo(401);

    assertThat(failureOf(provider.authenticate("wrong-key")).failureCode()).isEqualTo(401);
    assertThat(lookups).isEmpty();
  }

  @Test
  void aLookupThatFailedForAnotherReasonIsNotRemembered() throws Exception {
    ApiKeyAuthProvider provider = new ApiKeyAuthProvider(vertx, Duration.ofMinutes(1));
    Future<User> first = provider.authenticate("key-1");
    next().fail(503, "database unavailable");
    assertThat(failureOf(first).failureCode()).isEqualTo(503);

    Future<User> retry = provider.authenticate("key-1");
    AccessContract.AUTHENTICATE.reply(next(), KeyHolder.entity("entity-1"));
    assertThat(await(retry).principal().getString(ApiKeyPrincipal.ENTITY_ID)).isEqualTo("entity-1");
  }

  private Message<ApiKey> next() throws InterruptedException {
    Message<ApiKey> lookup = lookups.poll(5, TimeUnit.SECONDS);
    assertThat(lookup).as("a lookup reached the access module").isNotNull();
    return lookup;
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private static ReplyException failureOf(Future<?> future) throws Exception {
    try {
      await(future);
    } catch (ExecutionException e) {
      assertThat(e.getCause()).isInstanceOf(ReplyException.class);
      return (ReplyException) e.getCause();
    }
    throw new AssertionError("the authentication succeeded");
  }
}
