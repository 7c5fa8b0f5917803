package org.fieldreadings.core.bus;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DeviceRefTest {

  @Test
  void identifiersAreOneToSixtyFourLettersDigitsDotsUnderscoresColonsAndDashes() {
    assertThat(DeviceRef.isIdentifier("WS-01")).isTrue();
    assertThat(DeviceRef.isIdentifier("aZ09._:-")).isTrue();
    assertThat(DeviceRef.isIdentifier("x".repeat(64))).isTrue();
  }

  @Test
  void emptyLongOrOtherCharactersAreNoIdentifier() {
    assertThat(DeviceRef.isIdentifier(null)).isFalse();
    assertThat(DeviceRef.isIdentifier("")).isFalse();
    assertThat(DeviceRef.isIdentifier("x".repeat(65))).isFalse();
    for (String text : new String[] {"WS 01", "WS/01", "WS+01", "Wé", "WS,01", "WS\t01", "a\\b"}) {
      assertThat(DeviceRef.isIdentifier(text)).as(text).isFalse();
    }
  }
}
