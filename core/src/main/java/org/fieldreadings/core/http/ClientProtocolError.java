package org.fieldreadings.core.http;

import io.netty.handler.codec.DecoderException;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;

/**
 * Whether a route failed because its client broke HTTP: a body cut short by a hang-up or reset, or bytes the HTTP
 * decoder rejected (a bad chunk size, for instance). Such failures are the client's, answered 400 when the
 * connection still stands, and logged as one line.
 */
final class ClientProtocolError {

  private static final String CODEC_PACKAGE = "io.netty.handler.codec.";

  private ClientProtocolError() {}

  static boolean isCause(RoutingContext ctx) {
    Throwable error = ctx.failure();
    if (error instanceof HttpClosedException || error instanceof DecoderException || thrownByDecoder(error)) {
      return true;
    }
    // An I/O failure while a request body is still arriving is the client's connection failing, not the database's.
    return error instanceof IOException && hasBody(ctx.request()) && !ctx.request().isEnded();
  }

  private static boolean hasBody(HttpServerRequest request) {
    String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
    return request.headers().contains(HttpHeaders.TRANSFER_ENCODING) || length != null && !"0".equals(length);
  }

  /** The HTTP decoder reports some malformed input as plain exceptions (NumberFormatException for a chunk size). */
  private static boolean thrownByDecoder(Throwable error) {
    if (error == null) {
      return false;
    }
    StackTraceElement[] trace = error.getStackTrace();
    return trace.length > 0 && trace[0].getClassName().startsWith(CODEC_PACKAGE);
  }
}
