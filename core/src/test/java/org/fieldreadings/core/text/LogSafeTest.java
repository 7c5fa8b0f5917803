package org.fieldreadings.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogSafeTest {

  @Test
  void plainTextIsKeptAsItIs() {
    String path = "/api/devices/PROFILE_A/serial-1/readings";
    assertThat(LogSafe.text(path)).isSameAs(path);
  }

  @Test
  void controlCharactersAreEscaped() {
    assertThat(LogSafe.text("/a\u0000b\u001b[31mred\r\nINFO forged\u007f\u0085"))
        .isEqualTo("/a\\x00b\\x1b[31mred\\x0d\\x0aINFO forged\\x7f\\x85");
  }

  @Test
  void backslashesAndLineSeparatorsAreEscaped() {
    assertThat(LogSafe.text("a\\x00\u2028")).isEqualTo("a\\\\x00\\u2028");
  }

  @Test
  void missingValueIsADash() {
    assertThat(LogSafe.text(null)).isEqualTo("-");
  }
}
