package org.fieldreadings.plugins.tts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fieldreadings.plugin.api.RawPayload;
import org.junit.jupiter.api.Test;

class PortsTest {

  private static RawPayload onPort(String port) {
    return RawPayload.ofText("{\"uplink_message\": {\"f_port\": " + port + "}}", "application/json");
  }

  @Test
  void listedPortsTakeOnlyThoseAndSayWhichSorted() {
    Ports ports = Ports.only(3, 1, 3);
    assertThat(ports.contains(1)).isTrue();
    assertThat(ports.contains(3)).isTrue();
    assertThat(ports.contains(2)).isFalse();
    assertThat(ports).hasToString("f_port 1, 3");
  }

  @Test
  void everyPortButSomeTakesEveryOtherApplicationPort() {
    Ports ports = Ports.allBut(2);
    assertThat(ports.contains(1)).isTrue();
    assertThat(ports.contains(223)).isTrue();
    assertThat(ports.contains(2)).isFalse();
    assertThat(ports.contains(0)).isFalse();
    assertThat(ports.contains(224)).isFalse();
    assertThat(ports).hasToString("any f_port but 2");
    assertThat(Ports.allBut()).hasToString("any f_port");
  }

  @Test
  void aPortOutsideTheApplicationPortsIsRefused() {
    assertThatThrownBy(() -> Ports.only(0)).hasMessage("f_port 0 is not an application port (1 to 223)");
    assertThatThrownBy(() -> Ports.only(224)).hasMessage("f_port 224 is not an application port (1 to 223)");
    assertThatThrownBy(Ports::only).hasMessage("no f_port listed");
  }

  @Test
  void aPayloadIsTakenByTheFirstPortOnly() {
    assertThat(Ports.only(1).takeFirstOf(onPort("1"))).isTrue();
    assertThat(Ports.only(1).takeFirstOf(onPort("2"))).isFalse();
    assertThat(Ports.allBut(2).takeFirstOf(onPort("\"1\""))).isFalse();
    assertThat(Ports.allBut(2).takeFirstOf(RawPayload.ofText("1", "text/plain"))).isFalse();
  }
}
