package org.fieldreadings.readings.block;

import org.fieldreadings.core.text.ShortDecimal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PointBlockTest {

  private static final long DAY = 19_889 * PointBlock.DAY;

  @Test
  void aDayOfQuarterHourDecimalsDecodesToTheSameReadingsInAboutTwoBytesEach() {
    Points points = new Points();
    for (int i = 0; i < 96; i++) {
      points.add(DAY + i * 900_000L, Math.round((12 + 5 * Math.sin(i / 15.0)) * 1000) / 1000.0);
    }
    byte[] block = PointBlock.encode(DAY, points, 0, points.size());
    assertThat(block.length).isLessThan(96 * 2 + 16);
    assertSame(decoded(block), points);
  }

  @Test
  void valuesThatAreNoShortDecimalsAndIrregularTimesDecodeBitForBit() {
    Random random = new Random(7);
    Points points = new Points();
    long time = DAY;
    double[] odd = {-0.0, 0.0, 1.0 / 3, Double.MIN_VALUE, -Double.MAX_VALUE, 1e300, 5e-324, 21.666666666666668,
        9_007_199_254_740_993.0, 0.1 + 0.2};
    for (double value : odd) {
      time += 1 + random.nextInt(3_600_000);
      points.add(time, value);
    }
    assertSame(decoded(PointBlock.encode(DAY, points, 0, points.size())), points);
  }

  @Test
  void randomDaysOfDecimalsRoundTrip() {
    Random random = new Random(11);
    for (int round = 0; round < 200; round++) {
      Points points = new Points();
      long time = DAY + random.nextInt(1000);
      int scale = random.nextInt(10);
      int n = 1 + random.nextInt(500);
      for (int i = 0; i < n && time < DAY + PointBlock.DAY; i++) {
        points.add(time, Math.round(random.nextGaussian() * 1e4) / Math.pow(10, scale));
        time += random.nextBoolean() ? 60_000 : 1 + random.nextInt(200_000);
      }
      assertSame(decoded(PointBlock.encode(DAY, points, 0, points.size())), points);
    }
  }

  @Test
  void aBlockCutShortOrWithBytesAfterItIsCorrupt() {
    Points points = new Points();
    points.add(DAY, 1.5);
    points.add(DAY + 60_000, 2.5);
    byte[] block = PointBlock.encode(DAY, points, 0, points.size());
    assertThatThrownBy(() -> decoded(Arrays.copyOf(block, block.length - 1)))
        .isInstanceOf(CorruptBlockException.class);
    assertThatThrownBy(() -> decoded(Arrays.copyOf(block, block.length + 1)))
        .isInstanceOf(CorruptBlockException.class);
  }

  private static Points decoded(byte[] block) {
    Points points = new Points();
    PointBlock.decode(block, DAY, points);
    return points;
  }

  private static void assertSame(Points actual, Points expected) {
    assertThat(actual.size()).isEqualTo(expected.size());
    for (int i = 0; i < expected.size(); i++) {
      assertThat(actual.time(i)).isEqualTo(expected.time(i));
      assertThat(Double.doubleToRawLongBits(actual.value(i))).as("value %d: %s", i, expected.value(i))
          .isEqualTo(Double.doubleToRawLongBits(expected.value(i)));
    }
  }
}
