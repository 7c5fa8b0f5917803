package org.fieldreadings.core.text;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds and counts {@code '\n'} in bytes eight at a time: imports scan every byte of files of hundreds of megabytes
 * for line ends, on the client to cut them into parts and on the server to read them, and a byte at a time showed in
 * profiles of both.
 */
public final class LineEnds {

  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;
  private static final long LOW_BITS = 0x7F7F7F7F7F7F7F7FL;

  private LineEnds() {}

  /** The position of the first {@code '\n'} in {@code bytes[from, to)}, or {@code to} when there is none. */
  public static int next(byte[] bytes, int from, int to) {
    int i = from;
    for (; i <= to - Long.BYTES; i += Long.BYTES) {
      long x = (long) LONGS.get(bytes, i) ^ NEWLINES;
      // A zero byte of x is a line end; the lowest byte flagged here is the first zero byte (flags above it may be
      // false, from the borrow).
      long zeros = (x - ONES) & ~x & HIGH_BITS;
      if (zeros != 0) {
        return i + (Long.numberOfTrailingZeros(zeros) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (bytes[i] == '\n') {
        return i;
      }
    }
    return to;
  }

  /** The number of {@code '\n'} in {@code bytes[from, to)}. */
  public static int count(byte[] bytes, int from, int to) {
    int count = 0;
    int i = from;
    for (; i <= to - Long.BYTES; i += Long.BYTES) {
      long x = (long) LONGS.get(bytes, i) ^ NEWLINES;
      // Exactly the zero bytes of x get their high bit set: no borrow crosses bytes.
      long zeros = ~(((x & LOW_BITS) + LOW_BITS) | x | LOW_BITS);
      count += Long.bitCount(zeros);
    }
    for (; i < to; i++) {
      if (bytes[i] == '\n') {
        count++;
      }
    }
    return count;
  }

  /** The position just after the last {@code '\n'} in {@code bytes[from, to)}, or {@code from} when there is none. */
  public static int afterLast(byte[] bytes, int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (bytes[i] == '\n') {
        return i + 1;
      }
    }
    return from;
  }
}
