package org.fieldreadings.readings.block;

/** Reads what {@link BlockOutput} wrote; a block that ends early or runs over is corrupt. */
final class BlockInput {

  private final byte[] bytes;
  private int position;

  BlockInput(byte[] bytes) {
    this.bytes = bytes;
  }

  int read() {
    check(1);
    return bytes[position++] & 0xFF;
  }

  long varint() {
    // Most numbers of a block take one or two bytes: read those without the general loop's checks.
    int at = position;
    if (at + 1 < bytes.length) {
      int first = bytes[at];
      if (first >= 0) {
        position = at + 1;
        return first;
      }
      int second = bytes[at + 1];
      if (second >= 0) {
        position = at + 2;
        return first & 0x7F | second << 7;
      }
    } else if (at < bytes.length && bytes[at] >= 0) {
      return bytes[position++];
    }
    long value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      check(1);
      byte b = bytes[position++];
      value |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
    }
    throw new CorruptBlockException("varint longer than 10 bytes");
  }

  long zigzag() {
    long raw = varint();
    return (raw >>> 1) ^ -(raw & 1);
  }

  long fixed64() {
    check(8);
    long value = 0;
    for (int i = 0; i < 8; i++) {
      value = (value << 8) | (bytes[position++] & 0xFF);
    }
    return value;
  }

  /** Passes over {@code count} bytes. */
  void skip(long count) {
    if (count < 0 || count > bytes.length - position) {
      throw new CorruptBlockException("block ends early");
    }
    position += (int) count;
  }

  int position() {
    return position;
  }

  boolean atEnd() {
    return position == bytes.length;
  }

  private void check(int more) {
    if (position + more > bytes.length) {
      throw new CorruptBlockException("block ends early");
    }
  }
}
