package org.fieldreadings.core.bus;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * Registers request/reply consumers of JSON messages: the handler's answer is the reply, and whatever it fails
 * with (or throws while reading the message) becomes the matching {@link BusFailure} through {@link BusReplies}.
 */
public final class JsonConsumers {

  private JsonConsumers() {}

  /** Completes once the consumer is registered. A null body reaches the handler as an empty object. */
  public static Future<Void> register(Vertx vertx, String address, Function<JsonObject, Future<JsonObject>> handler) {
    return vertx.eventBus().<JsonObject>consumer(address, message -> {
      Future<JsonObject> reply;
      try {
        reply = handler.apply(message.body() == null ? new JsonObject() : message.body());
      } catch (RuntimeException e) {
        reply = Future.failedFuture(e);
      }
      reply.onSuccess(message::reply).onFailure(error -> BusReplies.fail(message, error));
    }).completion();
  }
}
