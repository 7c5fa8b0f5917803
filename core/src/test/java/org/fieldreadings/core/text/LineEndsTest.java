package org.fieldreadings.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LineEndsTest {

  @Test
  void findsEveryLineEndWhereverItStandsInItsEightBytes() {
    for (int length = 0; length < 40; length++) {
      for (int at = 0; at < length; at++) {
        byte[] bytes = filled(length, (byte) 'a');
        bytes[at] = '\n';
        for (int from = 0; from <= at; from++) {
          assertThat(LineEnds.next(bytes, from, length)).as("length %d, at %d, from %d", length, at, from)
              .isEqualTo(at);
        }
        assertThat(LineEnds.next(bytes, at + 1, length)).isEqualTo(length);
        assertThat(LineEnds.next(bytes, 0, at)).isEqualTo(at);
      }
    }
  }

  @Test
  void bytesNextToALineEndInValueAreNoLineEnds() {
    // 0x0B and 0x09 differ from '\n' in one bit, 0x8A only in the high bit, 0x0A00 borrows: none may be taken for it.
    byte[] bytes = {0x0B, 0x09, (byte) 0x8A, 0x00, 0x0A - 1, (byte) 0xFF, 0x0B, 0x0B, 0x0B, '\n'};
    assertThat(LineEnds.next(bytes, 0, bytes.length)).isEqualTo(9);
    assertThat(LineEnds.count(bytes, 0, bytes.length)).isEqualTo(1);
  }

  @Test
  void findsAndCountsAsAByteAtATimeWould() {
    Random random = new Random(7);
    for (int round = 0; round < 500; round++) {
      byte[] bytes = new byte[random.nextInt(100)];
      for (int i = 0; i < bytes.length; i++) {
        // Mostly line ends and their neighbours, so that runs of them meet every position of a long.
        bytes[i] = (byte) (random.nextInt(4) == 0 ? '\n' : 0x08 + random.nextInt(5) + (random.nextBoolean() ? 0x80 : 0));
      }
      int from = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
      int expected = 0;
      int first = bytes.length;
      for (int i = bytes.length - 1; i >= from; i--) {
        expected += bytes[i] == '\n' ? 1 : 0;
        first = bytes[i] == '\n' ? i : first;
      }
      assertThat(LineEnds.count(bytes, from, bytes.length)).isEqualTo(expected);
      assertThat(LineEnds.next(bytes, from, bytes.length)).isEqualTo(first);
    }
  }

  @Test
  void theEndOfTheLastLineIsFoundFromTheBack() {
    byte[] bytes = "a\nbc\nd".getBytes();
    assertThat(LineEnds.afterLast(bytes, 0, bytes.length)).isEqualTo(5);
    assertThat(LineEnds.afterLast(bytes, 0, 4)).isEqualTo(2);
    assertThat(LineEnds.afterLast(bytes, 2, 4)).isEqualTo(2);
  }

  private static byte[] filled(int length, byte value) {
    byte[] bytes = new byte[length];
    Arrays.fill(bytes, value);
    return bytes;
  }
}
