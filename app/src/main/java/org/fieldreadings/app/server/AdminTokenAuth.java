package org.fieldreadings.app.server;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.ProblemException;

/** {@code Authorization: Bearer <admin.token>} on every admin route, compared in constant time. */
final class AdminTokenAuth implements Handler<RoutingContext> {

  static final String CHALLENGE = "Bearer realm=\"admin\"";
  private static final String PREFIX = "Bearer ";

  private final byte[] token;

  AdminTokenAuth(String token) {
    this.token = token.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void handle(RoutingContext ctx) {
    ApiKeyAuth.noStore(ctx);
    String header = ctx.request().getHeader("Authorization");
    boolean valid = header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
        && MessageDigest.isEqual(token, header.substring(PREFIX.length()).getBytes(StandardCharsets.UTF_8));
    if (valid) {
      ctx.next();
    } else {
      ctx.fail(ProblemException.of(401, "A valid 'Authorization: Bearer <admin token>' header is required."));
    }
  }
}
