package org.fieldreadings.push.webhook;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Optional;

/**
 * Which addresses a webhook may not reach unless {@code webhooks.allow.private} is set: the server's own and its
 * networks', so a webhook cannot be aimed at services that trust them (SSRF).
 */
final class WebhookAddresses {

  private WebhookAddresses() {}

  /** Why {@code address} is refused, e.g. "loopback"; empty when it is public. */
  static Optional<String> refusal(InetAddress address) {
    if (address.isLoopbackAddress()) {
      return Optional.of("loopback");
    }
    if (address.isAnyLocalAddress()) {
      return Optional.of("unspecified");
    }
    if (address.isLinkLocalAddress()) {
      return Optional.of("link-local");
    }
    if (address.isMulticastAddress()) {
      return Optional.of("multicast");
    }
    // IPv6 unique local addresses (fc00::/7) are the private ranges Java's site-local test does not cover.
    if (address.isSiteLocalAddress()
        || address instanceof Inet6Address && (address.getAddress()[0] & 0xfe) == 0xfc) {
      return Optional.of("private");
    }
    return Optional.empty();
  }
}
