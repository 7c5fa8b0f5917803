package org.fieldreadings.core.bus;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.MessageCodec;

/**
 * Passes an immutable Java value between verticles of one node by reference: bulk payloads (reading batches)
 * cross the event bus without being copied or serialized. Not for clustered delivery.
 */
public final class LocalCodec<T> implements MessageCodec<T, T> {

  private final String name;

  public LocalCodec(Class<T> type) {
    this.name = "local-" + type.getName();
  }

  @Override
  public void encodeToWire(Buffer buffer, T value) {
    throw new UnsupportedOperationException(name + " is for local delivery only");
  }

  @Override
  public T decodeFromWire(int pos, Buffer buffer) {
    throw new UnsupportedOperationException(name + " is for local delivery only");
  }

  @Override
  public T transform(T value) {
    return value;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public byte systemCodecID() {
    return -1;
  }
}
