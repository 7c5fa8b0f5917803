package org.fieldreadings.readings.write;

import java.nio.charset.StandardCharsets;

/**
 * A reusable view of a range of bytes as characters, one byte each, for parsers that read digits: a cell of an
 * imported line is read in place, without a string made of it. Bytes beyond ASCII are no digits, so parsers reject
 * them as they would the characters they encode.
 */
final class ByteText implements CharSequence {

  private byte[] bytes;
  private int start;
  private int end;

  ByteText of(byte[] bytes, int start, int end) {
    this.bytes = bytes;
    this.start = start;
    this.end = end;
    return this;
  }

  @Override
  public int length() {
    return end - start;
  }

  @Override
  public char charAt(int index) {
    return (char) (bytes[start + index] & 0xFF);
  }

  @Override
  public CharSequence subSequence(int from, int to) {
    return toString().subSequence(from, to);
  }

  /** The bytes as the UTF-8 text they are. */
  @Override
  public String toString() {
    return new String(bytes, start, end - start, StandardCharsets.UTF_8);
  }
}
