package org.fieldreadings.readings.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BucketValueTest {

  private static double mean(double... degrees) {
    double sin = 0;
    double cos = 0;
    for (double d : degrees) {
      sin += Math.sin(Math.toRadians(d));
      cos += Math.cos(Math.toRadians(d));
    }
    return BucketValue.circularMean(sin, cos);
  }

  @Test
  void meanAcrossNorthIsNorthNotSouth() {
    assertThat(mean(350, 10)).isEqualTo(0.0);
  }

  @Test
  void resultIsWithinZeroTo360() {
    assertThat(mean(350, 340)).isCloseTo(345.0, within(1e-9));
    assertThat(mean(90, 180)).isCloseTo(135.0, within(1e-9));
    assertThat(mean(359.9999999999)).isEqualTo(0.0);
  }
}
