package org.fieldreadings.readings.write;

import java.lang.ref.SoftReference;

/**
 * The import's batch buffers of one event loop: an upload that ends leaves its buffer here for the next one. Each
 * buffer is a few megabytes, which the JVM allocates outside the young generation and which, one a batch, used to
 * set off a concurrent collection every few batches. The buffer is kept softly, so memory pressure takes it back.
 * Used from its event loop only.
 */
final class BatchBuffers {

  private final int size;
  private SoftReference<byte[]> spare = new SoftReference<>(null);

  /** Buffers of {@code size} bytes. */
  BatchBuffers(int size) {
    this.size = size;
  }

  /** A buffer of {@link #size} bytes, the spare one if it is still there; its contents are left from its last use. */
  byte[] take() {
    byte[] buffer = spare.get();
    spare.clear();
    return buffer != null ? buffer : new byte[size];
  }

  /** Gives back a buffer nothing uses any longer; one of another size is left to the collector. */
  void give(byte[] buffer) {
    if (buffer.length == size) {
      spare = new SoftReference<>(buffer);
    }
  }
}
