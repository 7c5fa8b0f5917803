package org.fieldreadings.push.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WebhookAddressesTest {

  @Test
  void loopbackPrivateLinkLocalMulticastAndUnspecifiedAddressesAreRefusedByKind() throws Exception {
    Map<String, String> refusals = new LinkedHashMap<>();
    for (String address : new String[] {"127.0.0.1", "::1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "fd00::1",
        "169.254.169.254", "fe80::1", "224.0.0.1", "ff02::1", "0.0.0.0", "::ffff:10.0.0.1"}) {
      refusals.put(address, WebhookAddresses.refusal(InetAddress.getByName(address)).orElse("allowed"));
    }
    assertThat(refusals).containsExactly(Map.entry("127.0.0.1", "loopback"), Map.entry("::1", "loopback"),
        Map.entry("10.1.2.3", "private"), Map.entry("172.16.0.1", "private"), Map.entry("192.168.1.1", "private"),
        Map.entry("fd00::1", "private"), Map.entry("169.254.169.254", "link-local"), Map.entry("fe80::1", "link-local"),
        Map.entry("224.0.0.1", "multicast"), Map.entry("ff02::1", "multicast"), Map.entry("0.0.0.0", "unspecified"),
        Map.entry("::ffff:10.0.0.1", "private"));
  }

  @Test
  void publicAddressesAreAllowed() throws Exception {
    assertThat(WebhookAddresses.refusal(InetAddress.getByName("93.184.215.14"))).isEmpty();
    assertThat(WebhookAddresses.refusal(InetAddress.getByName("2606:2800:21f:cb07:6820:80da:af6b:8b2c"))).isEmpty();
  }
}
