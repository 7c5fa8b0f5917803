package org.fieldreadings.core.http;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServerResponse;

/**
 * An answer's text on its way out to the HTTP response: written in pieces of about {@link #PIECE} characters (large
 * strings are costly to build and to collect), or, when it all fits in one piece, sent whole with a length.
 */
public final class ResponseText {

  public static final int PIECE = 32 * 1024;

  public final StringBuilder text = new StringBuilder(1024);
  private final HttpServerResponse response;
  private final String contentType;
  private boolean started;

  public ResponseText(HttpServerResponse response, String contentType) {
    this.response = response;
    this.contentType = contentType;
  }

  /** Whether the client went away: nothing more needs to be made. */
  public boolean closed() {
    return response.closed();
  }

  public boolean ended() {
    return response.ended();
  }

  public void flushIfFull() {
    if (text.length() >= PIECE) {
      flush();
    }
  }

  public void flush() {
    if (!started) {
      response.setChunked(true).putHeader("Content-Type", contentType);
      started = true;
    }
    if (text.length() > 0) {
      response.write(text.toString());
      text.setLength(0);
    }
  }

  /** Completes once the connection has room for more (or is gone). */
  public Future<Void> drained() {
    if (!response.writeQueueFull() || response.closed()) {
      return Future.succeededFuture();
    }
    Promise<Void> promise = Promise.promise();
    response.drainHandler(v -> promise.tryComplete());
    response.closeHandler(v -> promise.tryComplete());
    return promise.future();
  }

  /** Writes what is full and waits until the connection has room for more (or is gone). */
  public Future<Void> pause() {
    flushIfFull();
    return drained();
  }

  /** Sends the rest and ends the answer; nothing when the client went away. */
  public Future<Void> end() {
    if (response.closed()) {
      return Future.succeededFuture();
    }
    if (!started) {
      response.putHeader("Content-Type", contentType);
    }
    return response.end(text.toString());
  }
}
