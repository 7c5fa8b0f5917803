package org.fieldreadings.readings.block;

import java.util.Arrays;

/** A growing byte array that blocks are encoded into: single bytes, unsigned and zigzag varints, raw longs. */
final class BlockOutput {

  private byte[] bytes = new byte[256];
  private int size;

  void write(int b) {
    ensure(1);
    bytes[size++] = (byte) b;
  }

  /** An unsigned LEB128 varint: seven bits a byte, small numbers in one byte. */
  void varint(long value) {
    ensure(10);
    while ((value & ~0x7FL) != 0) {
      bytes[size++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    bytes[size++] = (byte) value;
  }

  /** A signed number as a varint, small magnitudes of either sign in few bytes. */
  void zigzag(long value) {
    varint((value << 1) ^ (value >> 63));
  }

  void fixed64(long value) {
    ensure(8);
    for (int shift = 56; shift >= 0; shift -= 8) {
      bytes[size++] = (byte) (value >>> shift);
    }
  }

  /** Appends what {@code other} holds. */
  void write(BlockOutput other) {
    ensure(other.size);
    System.arraycopy(other.bytes, 0, bytes, size, other.size);
    size += other.size;
  }

  int size() {
    return size;
  }

  /** Empties it for reuse, keeping its capacity. */
  void clear() {
    size = 0;
  }

  byte[] toArray() {
    return Arrays.copyOf(bytes, size);
  }

  private void ensure(int more) {
    if (size + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
    }
  }
}
