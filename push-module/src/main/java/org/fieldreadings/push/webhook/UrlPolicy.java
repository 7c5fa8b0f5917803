package org.fieldreadings.push.webhook;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * Which URLs a webhook may have ({@code webhooks.allow.http}, {@code webhooks.allow.private}) and where a delivery
 * connects: the host is resolved, every address checked, and the checked address connected to, so a name that
 * resolves to another address between the check and the connection (DNS rebinding) gains nothing.
 */
record UrlPolicy(boolean allowHttp, boolean allowPrivate) {

  static final int MAX_LENGTH = 2048;

  /** Why a URL cannot be a webhook's; its message names the reason for the client. */
  static final class RefusedUrl extends RuntimeException {
    RefusedUrl(String message) {
      super(message, null, false, false);
    }
  }

  /** The URL if its form is acceptable; throws {@link RefusedUrl} otherwise. */
  URI parse(String url) {
    if (url.length() > MAX_LENGTH) {
      throw new RefusedUrl("must be at most " + MAX_LENGTH + " characters");
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw new RefusedUrl("is not a URL: " + e.getReason());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("https") && !(allowHttp && scheme.equals("http"))) {
      throw new RefusedUrl(allowHttp ? "must be an http:// or https:// URL"
          : "must be an https:// URL (http:// needs webhooks.allow.http=true)");
    }
    if (uri.getHost() == null) {
      throw new RefusedUrl("must name a host");
    }
    if (uri.getRawUserInfo() != null) {
      throw new RefusedUrl("must not carry credentials");
    }
    if (uri.getRawFragment() != null) {
      throw new RefusedUrl("must not have a fragment");
    }
    return uri;
  }

  /** The address to connect to for {@code uri}: the first of its host's, all of which must be allowed. */
  Future<InetAddress> resolve(Vertx vertx, URI uri) {
    String host = uri.getHost().startsWith("[") ? uri.getHost().substring(1, uri.getHost().length() - 1)
        : uri.getHost();
    return vertx.executeBlocking(() -> {
      InetAddress[] addresses;
      try {
        addresses = InetAddress.getAllByName(host);
      } catch (UnknownHostException e) {
        throw new RefusedUrl("its host " + host + " does not resolve");
      }
      if (!allowPrivate) {
        for (InetAddress address : addresses) {
          Optional<String> refusal = WebhookAddresses.refusal(address);
          if (refusal.isPresent()) {
            throw new RefusedUrl("its host " + host + " resolves to a " + refusal.get() + " address ("
                + address.getHostAddress() + "), which needs webhooks.allow.private=true");
          }
        }
      }
      return addresses[0];
    }, false);
  }
}
