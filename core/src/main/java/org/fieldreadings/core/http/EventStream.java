package org.fieldreadings.core.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;
import java.util.ArrayDeque;

/**
 * A Server-Sent Events answer (Vert.x has no server side of its own): the headers, events, a keep-alive comment
 * when nothing else was sent for a while, and back-pressure: while the client does not read, events wait in a
 * bounded queue, and once it is full the stream is closed with a comment saying why, so a slow reader never grows
 * the heap. Used on the response's event loop only.
 */
public final class EventStream {

  /** Events that may wait for a client that does not read. */
  public static final int MOST_WAITING = 1000;

  private final Vertx vertx;
  private final HttpServerResponse response;
  private final ArrayDeque<String> waiting = new ArrayDeque<>();
  private final long keepAliveTimer;
  private long lastWrite = System.nanoTime();
  private Runnable onClose = () -> {};
  private boolean closed;

  /**
   * Starts the answer (200, {@code text/event-stream}); a keep-alive comment goes out whenever nothing was sent for
   * {@code keepAliveMillis} (checked every half of it, so no silence lasts longer).
   */
  public EventStream(Vertx vertx, HttpServerResponse response, long keepAliveMillis) {
    this.vertx = vertx;
    this.response = response;
    response.setStatusCode(200).setChunked(true)
        .putHeader("Content-Type", "text/event-stream")
        .putHeader("Cache-Control", "no-store")
        // Proxies such as nginx would otherwise hold the events back in their buffers.
        .putHeader("X-Accel-Buffering", "no");
    response.closeHandler(v -> ended());
    response.drainHandler(v -> drain());
    response.write(": open\n\n");
    keepAliveTimer = vertx.setPeriodic(keepAliveMillis / 2, id -> {
      if (System.nanoTime() - lastWrite >= keepAliveMillis * 1_000_000L / 2) {
        send(": keep-alive\n\n");
      }
    });
  }

  /** What to do once the stream is over, whoever ended it. */
  public EventStream onClose(Runnable onClose) {
    this.onClose = onClose;
    return this;
  }

  /** Sends an event ({@code data} is one line of JSON). */
  public void event(String id, String type, String data) {
    send("id: " + id + "\nevent: " + type + "\ndata: " + data + "\n\n");
  }

  /** Sends a comment line: clients ignore it, people reading the stream see it. */
  public void comment(String text) {
    send(": " + text + "\n\n");
  }

  /** Ends the stream with a last comment saying why. */
  public void close(String reason) {
    if (closed) {
      return;
    }
    waiting.clear();
    response.end(": closed: " + reason + "\n\n");
    ended();
  }

  public boolean closed() {
    return closed;
  }

  private void send(String text) {
    if (closed) {
      return;
    }
    if (response.writeQueueFull() || !waiting.isEmpty()) {
      if (waiting.size() == MOST_WAITING) {
        close("the client reads too slowly");
        // A client that does not read may never take that comment: its connection goes, and what it held with it.
        vertx.setTimer(1000, id -> response.reset());
        return;
      }
      waiting.add(text);
      return;
    }
    response.write(text);
    lastWrite = System.nanoTime();
  }

  private void drain() {
    while (!closed && !waiting.isEmpty() && !response.writeQueueFull()) {
      response.write(waiting.poll());
      lastWrite = System.nanoTime();
    }
  }

  private void ended() {
    if (closed) {
      return;
    }
    closed = true;
    vertx.cancelTimer(keepAliveTimer);
    onClose.run();
  }
}
