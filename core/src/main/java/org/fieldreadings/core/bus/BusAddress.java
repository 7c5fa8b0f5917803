package org.fieldreadings.core.bus;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import java.util.function.Function;

/**
 * An event-bus address and the types of its request and reply: a module's contract in {@code core/bus} declares
 * its addresses this way, so the compiler checks the module that serves an address and every module that asks it.
 * Requests and replies cross the bus by reference ({@link LocalCodec}), neither serialized nor copied: the nodes of
 * a deployment share the database, never the event bus. So both must be immutable values (records of immutable
 * parts). A consumer's failure travels as a {@link BusFailure} code ({@link BusReplies}).
 *
 * @param name the address
 * @param <Q> the request's type
 * @param <R> the reply's type
 */
public record BusAddress<Q, R>(String name) {

  private static final DeliveryOptions BY_REFERENCE = new DeliveryOptions().setCodecName(LocalCodec.NAME);

  /** Asks the address; fails with the consumer's {@code ReplyException} (code and text) if it fails. */
  public Future<R> request(EventBus bus, Q request) {
    return request(bus, request, 0);
  }

  /** As {@link #request(EventBus, Object)}, waiting up to {@code timeoutMs} (0: the bus's default) for the reply. */
  public Future<R> request(EventBus bus, Q request, long timeoutMs) {
    LocalCodec.registerOn(bus);
    DeliveryOptions options = timeoutMs == 0 ? BY_REFERENCE
        : new DeliveryOptions(BY_REFERENCE).setSendTimeout(timeoutMs);
    return bus.<R>request(name, request, options).map(reply -> reply.body());
  }

  /** Tells every subscriber of this node (an event: nothing is answered). */
  public void publish(EventBus bus, Q event) {
    LocalCodec.registerOn(bus);
    bus.publish(name, event, BY_REFERENCE);
  }

  /** Hands each event published here to {@code handler}, on this verticle's context; unregister to stop. */
  public MessageConsumer<Q> subscribe(EventBus bus, Handler<Q> handler) {
    return bus.<Q>consumer(name, message -> handler.handle(message.body()));
  }

  /** Answers a request of this address taken by a plain consumer (one that holds requests, as a test may). */
  public void reply(Message<Q> request, R value) {
    request.reply(value, BY_REFERENCE);
  }

  /** Serves the address on this verticle's context; completes once registered. */
  public Future<Void> serve(Vertx vertx, Function<Q, Future<R>> handler) {
    LocalCodec.registerOn(vertx.eventBus());
    return vertx.eventBus().<Q>consumer(name, message -> {
      Future<R> reply;
      try {
        reply = handler.apply(message.body());
      } catch (RuntimeException e) {
        reply = Future.failedFuture(e);
      }
      reply.onSuccess(value -> reply(message, value)).onFailure(error -> BusReplies.fail(message, error));
    }).completion();
  }
}
