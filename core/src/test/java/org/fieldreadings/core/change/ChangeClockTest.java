package org.fieldreadings.core.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ChangeClockTest {

  @Test
  void nothingIsCurrentBeforeOtherNodesChangesAreHeard() {
    ChangeClock clock = new ChangeClock(16);
    assertThat(clock.current(clock.now(), 7)).isFalse();
  }

  @Test
  void aReadIsCurrentUntilItsKeyChanges() {
    ChangeClock clock = listening(16);
    long readAt = clock.now();
    clock.changed(8);
    assertThat(clock.current(readAt, 7)).isTrue();
    clock.changed(7);
    assertThat(clock.current(readAt, 7)).isFalse();
    assertThat(clock.current(clock.now(), 7)).isTrue();
  }

  @Test
  void withOneStripeAnyChangeEndsEveryRead() {
    ChangeClock clock = listening(1);
    long readAt = clock.now();
    clock.changed(123);
    assertThat(clock.current(readAt, 0)).isFalse();
  }

  @Test
  void readsBeforeHearingAgainAreNeverCurrent() {
    ChangeClock clock = listening(16);
    long readAt = clock.now();
    clock.deaf();
    assertThat(clock.current(readAt, 7)).isFalse();
    clock.trustFromNow();
    assertThat(clock.current(readAt, 7)).isFalse();
    assertThat(clock.current(clock.now(), 7)).isTrue();
  }

  @Test
  void stripesArePowersOfTwo() {
    assertThatThrownBy(() -> new ChangeClock(12)).isInstanceOf(IllegalArgumentException.class);
  }

  private static ChangeClock listening(int stripes) {
    ChangeClock clock = new ChangeClock(stripes);
    clock.trustFromNow();
    return clock;
  }
}
