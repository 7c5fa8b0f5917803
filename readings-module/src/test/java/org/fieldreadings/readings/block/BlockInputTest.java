package org.fieldreadings.readings.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BlockInputTest {

  private static final long[] NUMBERS = {0, 1, 127, 128, 255, 16_383, 16_384, 2_097_151, 2_097_152, 1L << 35,
      Long.MAX_VALUE, -1, Long.MIN_VALUE};

  @Test
  void varintsOfEveryLengthReadBackAsWrittenOneAfterAnother() {
    BlockOutput out = new BlockOutput();
    for (long number : NUMBERS) {
      out.varint(number);
    }
    BlockInput in = new BlockInput(out.toArray());
    for (long number : NUMBERS) {
      assertThat(in.varint()).isEqualTo(number);
    }
    assertThat(in.atEnd()).isTrue();
  }

  @Test
  void aVarintOfOneOrTwoBytesEndingTheBlockReadsBack() {
    for (long number : new long[] {5, 300}) {
      BlockOutput out = new BlockOutput();
      out.varint(number);
      BlockInput in = new BlockInput(out.toArray());
      assertThat(in.varint()).isEqualTo(number);
      assertThat(in.atEnd()).isTrue();
    }
  }

  @Test
  void aBlockEndingInsideAVarintIsCorrupt() {
    BlockOutput out = new BlockOutput();
    out.varint(300);
    byte[] cut = {out.toArray()[0]};
    assertThatThrownBy(() -> new BlockInput(cut).varint()).isInstanceOf(CorruptBlockException.class);
  }
}
