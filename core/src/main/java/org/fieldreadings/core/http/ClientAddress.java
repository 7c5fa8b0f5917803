package org.fieldreadings.core.http;

import io.vertx.core.Handler;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;

/**
 * Who sent a request, decided once per request and used by every per-client limit and the access log: the
 * connection's peer, or the client a trusted reverse proxy names in {@code X-Forwarded-For}
 * ({@link TrustedProxies#clientOf}). Installed first on a listener's router; {@link #of} falls back to the peer on
 * routers without it.
 */
public final class ClientAddress implements Handler<RoutingContext> {

  private static final String KEY = "fieldreadings.clientAddress";

  private final TrustedProxies proxies;

  public ClientAddress(TrustedProxies proxies) {
    this.proxies = proxies;
  }

  @Override
  public void handle(RoutingContext ctx) {
    ctx.put(KEY, proxies.clientOf(peer(ctx), ctx.request().headers().getAll("X-Forwarded-For")));
    ctx.next();
  }

  /** The client address of this request; {@code -} when the connection has no peer address. */
  public static String of(RoutingContext ctx) {
    String resolved = ctx.get(KEY);
    return resolved != null ? resolved : peer(ctx);
  }

  private static String peer(RoutingContext ctx) {
    SocketAddress remote = ctx.request().remoteAddress();
    return remote == null || remote.hostAddress() == null ? "-" : remote.hostAddress();
  }
}
