package org.fieldreadings.readings.block;

import org.fieldreadings.core.text.ShortDecimal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

class DoubleColumnTest {

  @Test
  void decimalsOfEveryScaleDecodeToTheVeryDoublesEncodedBesideTheirNeighbours() {
    Random random = new Random(3);
    for (int scale = 0; scale <= 9; scale++) {
      double[] values = new double[300];
      for (int i = 0; i < values.length; i++) {
        // Runs of equal values, then jumps: both kinds of LongColumn token.
        values[i] = i % 7 < 3 && i > 0 ? values[i - 1] : random.nextInt(2_000_000) / DoubleColumn.power(scale);
      }
      values[1] = 1 / DoubleColumn.power(scale);
      assertThat(DoubleColumn.scale(values, 0, values.length)).isEqualTo(scale);
      assertRoundTrip(values);
    }
  }

  @Test
  void valuesThatAreNoShortDecimalsDecodeBitForBitFromRawColumns() {
    double[] values = {0.1 + 0.2, -0.0, Double.MIN_VALUE, 1e300, Double.NaN, -Double.MAX_VALUE, 1.0 / 3};
    assertThat(DoubleColumn.isRaw(DoubleColumn.scale(values, 0, values.length))).isTrue();
    assertRoundTrip(values);
  }

  @Test
  void aValueTooLargeForTheScaleALaterValueNeedsMakesTheColumnRaw() {
    double[] values = {1e10, 2.5, 1e-9};
    assertThat(DoubleColumn.isRaw(DoubleColumn.scale(values, 0, values.length))).isTrue();
    assertRoundTrip(values);
    double[] fits = {1e5, 2.5, 1e-9};
    assertThat(DoubleColumn.scale(fits, 0, fits.length)).isEqualTo(9);
    assertRoundTrip(fits);
  }

  @Test
  void decodingWritesOnlyItsOwnPartOfTheArray() {
    double[] values = {1.5, 2.25, 2.25, -7};
    BlockOutput out = new BlockOutput();
    DoubleColumn.encode(out, values, 0, values.length);
    double[] into = {9, 9, 9, 9, 9, 9};
    DoubleColumn.decode(new BlockInput(out.toArray()), values.length, into, 1);
    assertThat(into).containsExactly(9, 1.5, 2.25, 2.25, -7, 9);
  }

  @Test
  void aRunOfEqualValuesPastTheColumnsEndIsCorrupt() {
    BlockOutput out = new BlockOutput();
    out.write(0);
    out.zigzag(5);
    out.varint(3 << 1 | 1);
    assertThatThrownBy(() -> DoubleColumn.decode(new BlockInput(out.toArray()), 3, new double[3], 0))
        .isInstanceOf(CorruptBlockException.class);
  }

  private static void assertRoundTrip(double[] values) {
    BlockOutput out = new BlockOutput();
    DoubleColumn.encode(out, values, 0, values.length);
    BlockInput in = new BlockInput(out.toArray());
    double[] decoded = new double[values.length];
    DoubleColumn.decode(in, values.length, decoded, 0);
    assertThat(in.atEnd()).isTrue();
    for (int i = 0; i < values.length; i++) {
      assertThat(Double.doubleToRawLongBits(decoded[i])).as("value %d: %s", i, values[i])
          .isEqualTo(Double.doubleToRawLongBits(values[i]));
    }
  }
}
