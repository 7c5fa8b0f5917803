package org.fieldreadings.core.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrustedProxiesTest {

  private static final TrustedProxies PROXIES = TrustedProxies.parse("10.0.0.0/8, 192.168.1.7, fd00::/8");

  @Test
  void withoutTrustedProxiesTheClientIsThePeerWhateverItForwards() {
    assertThat(TrustedProxies.NONE.clientOf("10.1.2.3", List.of("203.0.113.9"))).isEqualTo("10.1.2.3");
    assertThat(TrustedProxies.parse(null)).isEqualTo(TrustedProxies.NONE);
    assertThat(TrustedProxies.parse(" ")).isEqualTo(TrustedProxies.NONE);
  }

  @Test
  void anUntrustedPeerIsTheClientEvenWhenItForwards() {
    assertThat(PROXIES.clientOf("198.51.100.4", List.of("203.0.113.9"))).isEqualTo("198.51.100.4");
    assertThat(PROXIES.clientOf("192.168.1.8", List.of("203.0.113.9"))).isEqualTo("192.168.1.8");
  }

  @Test
  void aTrustedPeerNamesTheRightmostUntrustedHop() {
    assertThat(PROXIES.clientOf("10.0.0.1", List.of("203.0.113.9"))).isEqualTo("203.0.113.9");
    assertThat(PROXIES.clientOf("10.0.0.1", List.of("1.1.1.1, 203.0.113.9, 192.168.1.7"))).isEqualTo("203.0.113.9");
    assertThat(PROXIES.clientOf("10.0.0.1", List.of("1.1.1.1, 203.0.113.9", "10.9.9.9"))).isEqualTo("203.0.113.9");
    assertThat(PROXIES.clientOf("fd00::1", List.of("2001:db8::7"))).isEqualTo("2001:db8::7");
    assertThat(PROXIES.clientOf("::ffff:10.0.0.1", List.of("[2001:db8:0:0::7]"))).isEqualTo("2001:db8::7");
  }

  @Test
  void whenEveryHopIsTrustedTheLeftmostIsTheClient() {
    assertThat(PROXIES.clientOf("10.0.0.1", List.of("10.0.0.5, 192.168.1.7"))).isEqualTo("10.0.0.5");
  }

  @Test
  void aMalformedHopLeavesTheTrustedHopThatReportedIt() {
    assertThat(PROXIES.clientOf("10.0.0.1", List.of("not-an-address"))).isEqualTo("10.0.0.1");
    assertThat(PROXIES.clientOf("10.0.0.1", List.of("evil.example, 10.0.0.7"))).isEqualTo("10.0.0.7");
  }

  @Test
  void rangesMatchTheirPrefixBitsOnly() {
    TrustedProxies odd = TrustedProxies.parse("172.16.0.0/12");
    assertThat(odd.clientOf("172.31.255.255", List.of("203.0.113.9"))).isEqualTo("203.0.113.9");
    assertThat(odd.clientOf("172.32.0.0", List.of("203.0.113.9"))).isEqualTo("172.32.0.0");
    assertThat(TrustedProxies.parse("0.0.0.0/0").clientOf("8.8.8.8", List.of("203.0.113.9")))
        .isEqualTo("203.0.113.9");
  }

  @Test
  void theListIsKeptInCanonicalForm() {
    assertThat(PROXIES.toString()).isEqualTo("10.0.0.0/8,192.168.1.7/32,fd00::/8");
  }

  @Test
  void entriesThatAreNotAddressRangesAreRefused() {
    for (String bad : new String[] {"proxy.example", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/x", "fd00::/129",
        "10.0.0.1,", "256.1.1.1"}) {
      assertThatThrownBy(() -> TrustedProxies.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
