package org.fieldreadings.core.http;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import org.fieldreadings.core.text.LogSafe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One log line per request, written when the response ends: method, path (never the query string, which may
 * carry a temporary token), status, bytes sent, duration and client address ({@link ClientAddress}). Logger
 * {@code access}. Method and path are the client's text, so their control characters are escaped ({@link LogSafe}).
 */
public final class AccessLog implements Handler<RoutingContext> {

  private static final Logger LOG = LoggerFactory.getLogger("access");

  @Override
  public void handle(RoutingContext ctx) {
    long started = System.nanoTime();
    ctx.addEndHandler(done -> LOG.info("{} {} {} {}B {}ms {}", LogSafe.text(ctx.request().method().name()),
        LogSafe.text(ctx.request().path()),
        ctx.response().getStatusCode(), ctx.response().bytesWritten(),
        tenths((System.nanoTime() - started + 50_000) / 100_000),
        ClientAddress.of(ctx)));
    ctx.next();
  }

  /** {@code 12.3} from 123: String.format costs more than the rest of the line. */
  private static String tenths(long tenths) {
    return Long.toString(tenths / 10) + '.' + tenths % 10;
  }
}
