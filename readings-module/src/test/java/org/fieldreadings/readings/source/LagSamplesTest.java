package org.fieldreadings.readings.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.fieldreadings.readings.source.LagSamples.Sample;
import org.junit.jupiter.api.Test;

class LagSamplesTest {

  @Test
  void nothingIsReachedBeforeTheReplicaReplaysASample() {
    LagSamples samples = new LagSamples();
    samples.primary(new Sample(1, 100, 5_000));
    samples.replayed(4_999);
    assertThat(samples.reached()).isNull();
  }

  @Test
  void theNewestSampleAtOrBeforeTheReplayedPositionIsReached() {
    LagSamples samples = new LagSamples();
    samples.primary(new Sample(1, 100, 5_000));
    samples.primary(new Sample(2, 200, 6_000));
    samples.primary(new Sample(3, 300, 7_000));
    samples.replayed(6_500);
    assertThat(samples.reached()).isEqualTo(new Sample(2, 200, 6_000));
    samples.replayed(7_000);
    assertThat(samples.reached()).isEqualTo(new Sample(3, 300, 7_000));
  }

  @Test
  void aReplayThatReachesNoNewSampleKeepsTheOneReached() {
    LagSamples samples = new LagSamples();
    samples.primary(new Sample(1, 100, 5_000));
    samples.replayed(5_000);
    samples.primary(new Sample(2, 200, 9_000));
    samples.replayed(8_000);
    assertThat(samples.reached()).isEqualTo(new Sample(1, 100, 5_000));
  }

  @Test
  void samplesOfAnIdlePrimaryAreReachedAsSoonAsTheyAreTaken() {
    LagSamples samples = new LagSamples();
    for (int i = 1; i <= 3; i++) {
      samples.primary(new Sample(i, i * 100L, 5_000));
      samples.replayed(5_000);
      assertThat(samples.reached().mark()).isEqualTo(i);
    }
  }

  @Test
  void aReplicaTooFarBehindIsNeverReachedUpToItsOldestSamples() {
    LagSamples samples = new LagSamples();
    for (int i = 0; i < 1_000; i++) {
      samples.primary(new Sample(i, i, i));
    }
    // The waiting samples are bounded: the oldest were let go, so an old replay position reaches none of them.
    samples.replayed(100);
    assertThat(samples.reached()).isNull();
    samples.replayed(999);
    assertThat(samples.reached().mark()).isEqualTo(999);
  }
}
