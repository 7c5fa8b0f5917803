package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServerResponse;

/**
 * An answer's text on its way out to the HTTP response: written in pieces of about {@link #PIECE} characters (large
 * strings are costly to build and to collect), or, when it all fits in one piece, sent whole with a length.
 */
final class ResponseText {

  private static final int PIECE = 32 * 1024;

  final StringBuilder text = new StringBuilder(1024);
  private final HttpServerResponse response;
  private final String contentType;
  private boolean started;

  ResponseText(HttpServerResponse response, String contentType) {
    this.response = response;
    this.contentType = contentType;
  }

  /** Whether the client went away: nothing more needs to be made. */
  boolean closed() {
    return response.closed();
  }

  boolean ended() {
    return response.ended();
  }

  void flushIfFull() {
    if (text.length() >= PIECE) {
      flush();
    }
  }

  void flush() {
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
  Future<Void> drained() {
    if (!response.writeQueueFull() || response.closed()) {
      return Future.succeededFuture();
    }
    Promise<Void> promise = Promise.promise();
    response.drainHandler(v -> promise.tryComplete());
    response.closeHandler(v -> promise.tryComplete());
    return promise.future();
  }

  /** Writes what is full and waits until the connection has room for more (or is gone). */
  Future<Void> pause() {
    flushIfFull();
    return drained();
  }

  /** Sends the rest and ends the answer; nothing when the client went away. */
  Future<Void> end() {
    if (response.closed()) {
      return Future.succeededFuture();
    }
    if (!started) {
      response.putHeader("Content-Type", contentType);
    }
    return response.end(text.toString());
  }
}
