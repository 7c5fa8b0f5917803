package org.fieldreadings.core.bus;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.MessageCodec;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Passes immutable Java values between verticles of one node by reference ({@link BusAddress}): requests, replies
 * and bulk payloads (reading batches) cross the event bus without being copied or serialized. Not for clustered
 * delivery.
 */
final class LocalCodec implements MessageCodec<Object, Object> {

  static final String NAME = "local";

  /** The buses it is registered on (registering a name twice fails): one per Vert.x instance the JVM made. */
  private static final Set<EventBus> REGISTERED = ConcurrentHashMap.newKeySet();

  /** Registers the codec on {@code bus} unless it is already; cheap once it is (every request asks). */
  static void registerOn(EventBus bus) {
    if (REGISTERED.contains(bus)) {
      return;
    }
    synchronized (REGISTERED) {
      if (!REGISTERED.contains(bus)) {
        bus.registerCodec(new LocalCodec());
        REGISTERED.add(bus);
      }
    }
  }

  @Override
  public void encodeToWire(Buffer buffer, Object value) {
    throw new UnsupportedOperationException(NAME + " is for local delivery only");
  }

  @Override
  public Object decodeFromWire(int pos, Buffer buffer) {
    throw new UnsupportedOperationException(NAME + " is for local delivery only");
  }

  @Override
  public Object transform(Object value) {
    return value;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public byte systemCodecID() {
    return -1;
  }
}
