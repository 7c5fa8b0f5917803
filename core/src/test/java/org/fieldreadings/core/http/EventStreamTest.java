package org.fieldreadings.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Server-Sent Events over a real HTTP server and socket: keep-alives, and a client that does not read. */
class EventStreamTest {

  private static final String EVENT_DATA = "x".repeat(1000);

  private Vertx vertx;
  private final AtomicInteger sent = new AtomicInteger();
  private final CompletableFuture<Boolean> closed = new CompletableFuture<>();

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void anIdleStreamSendsAKeepAliveComment() throws Exception {
    int port = serve(false);
    try (Socket socket = connect(port)) {
      String text = readFor(socket.getInputStream(), 600);
      assertThat(text).startsWith("HTTP/1.1 200 OK");
      assertThat(text).contains("Content-Type: text/event-stream\r\n", "Cache-Control: no-store\r\n",
          "X-Accel-Buffering: no\r\n");
      // Chunked: each write is its own chunk, its size in hexadecimal first.
      assertThat(text).contains("8\r\n: open\n\n\r\n", "e\r\n: keep-alive\n\n\r\n");
    }
  }

  @Test
  void aClientThatDoesNotReadIsClosedOnceItsQueueIsFullInsteadOfGrowingTheHeap() throws Exception {
    int port = serve(true);
    try (Socket socket = new Socket()) {
      socket.setReceiveBufferSize(4096);
      socket.connect(new InetSocketAddress("127.0.0.1", port));
      request(socket);
      assertThat(closed.get(60, TimeUnit.SECONDS)).isTrue();
      // Far fewer than the 100,000 events (100 MB) the server would have sent: the queue stopped it.
      assertThat(sent.get()).isLessThan(100_000);
    }
  }

  /** A server whose one stream sends events of 1 KB as fast as it may ({@code flood}), or nothing. */
  private int serve(boolean flood) throws Exception {
    HttpServer server = vertx.createHttpServer().requestHandler(request -> {
      EventStream events = new EventStream(vertx, request.response(), 200).onClose(() -> closed.complete(true));
      if (flood) {
        vertx.setPeriodic(1, id -> {
          for (int i = 0; i < 1000 && !events.closed() && sent.get() < 100_000; i++) {
            events.event(String.valueOf(sent.incrementAndGet()), "reading", EVENT_DATA);
          }
          if (events.closed() || sent.get() >= 100_000) {
            vertx.cancelTimer(id);
          }
        });
      }
    });
    return server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS)
        .actualPort();
  }

  private static Socket connect(int port) throws IOException {
    Socket socket = new Socket("127.0.0.1", port);
    request(socket);
    return socket;
  }

  private static void request(Socket socket) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write("GET /stream HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n"
        .getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** What arrives within {@code millis}. */
  private static String readFor(InputStream in, long millis) throws IOException {
    StringBuilder text = new StringBuilder();
    long deadline = System.currentTimeMillis() + millis;
    byte[] buffer = new byte[4096];
    while (System.currentTimeMillis() < deadline) {
      if (in.available() > 0) {
        int n = in.read(buffer);
        text.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
      } else {
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    return text.toString();
  }
}
