package org.fieldreadings.readings.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CircularMeanTest {

  private static double mean(double... degrees) {
    double sin = 0;
    double cos = 0;
    for (double d : degrees) {
      sin += Math.sin(Math.toRadians(d));
      cos += Math.cos(Math.toRadians(d));
    }
    return BucketAggregator.circularMean(sin, cos, 1);
  }

  @Test
  void meanAcrossNorthIsNorthNotSouth() {
    assertThat(mean(350, 10)).isEqualTo(0.0);
  }

  @Test
  void resultIsWithinZeroTo360() {
    assertThat(mean(350, 340)).isEqualTo(345.0);
    assertThat(mean(90, 180)).isEqualTo(135.0);
    assertThat(mean(359.9999999999)).isEqualTo(0.0);
  }

  @Test
  void aMeanThatRoundsTo360AtTheInterfaceResolutionIsNorth() {
    assertThat(mean(359.94, 359.98)).isEqualTo(0.0);
    assertThat(mean(359.9, 359.94)).isEqualTo(359.9);
  }
}
