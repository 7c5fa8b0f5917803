package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.testing.RawHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Silent and slow clients lose their connections, on both listeners: here request headers get 1 s
 * ({@code http.request.header.timeout}) and a connection may stay idle for 2 s ({@code http.idle.timeout}).
 */
class ConnectionTimeoutsTest {

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer server;

  @BeforeAll
  static void start() {
    server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of(
        "FR_HTTP_REQUEST_HEADER_TIMEOUT", "PT1S", "FR_HTTP_IDLE_TIMEOUT", "PT2S")));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void silentConnectionIsClosedOnBothListeners() throws IOException {
    for (int port : new int[] {server.httpPort(), server.adminPort()}) {
      try (Socket socket = new RawHttp(port).open()) {
        assertThat(RawHttp.closedWithin(socket, 500)).as("still open after 0.5 s").isFalse();
        assertThat(RawHttp.closedWithin(socket, 2500)).as("closed by 3 s").isTrue();
      }
    }
  }

  @Test
  void tricklingHeadersAreClosedAtTheHeaderTimeoutThoughNeverIdle() throws IOException {
    for (int port : new int[] {server.httpPort(), server.adminPort()}) {
      try (Socket socket = new RawHttp(port).open()) {
        long started = System.nanoTime();
        write(socket, "GET /health HTTP/1.1\r\nHost: localhost\r\n");
        boolean closed = false;
        for (int i = 0; i < 20 && !closed; i++) {
          write(socket, "X-Slow-" + i + ": y\r\n");
          closed = RawHttp.closedWithin(socket, 200);
        }
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        assertThat(closed).isTrue();
        assertThat(elapsedMs).isBetween(900L, 1900L);
      }
    }
  }

  @Test
  void halfBodyIsClosedAtTheIdleTimeout() throws IOException {
    for (int port : new int[] {server.httpPort(), server.adminPort()}) {
      try (Socket socket = new RawHttp(port).open()) {
        write(socket, "POST /admin/entities HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            + "Content-Length: 100\r\n\r\n{\"email\":");
        assertThat(RawHttp.closedWithin(socket, 1500)).as("still open after 1.5 s").isFalse();
        assertThat(RawHttp.closedWithin(socket, 2500)).as("closed by 4 s").isTrue();
      }
    }
  }

  @Test
  void keptAliveConnectionMayWaitLongerThanTheHeaderTimeoutBetweenRequests() throws Exception {
    try (Socket socket = new RawHttp(server.adminPort()).open()) {
      byte[] health = "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
      assertThat(RawHttp.exchange(socket, health).status()).isEqualTo(200);
      Thread.sleep(1500);
      assertThat(RawHttp.exchange(socket, health).status()).isEqualTo(200);
    }
  }

  private static void write(Socket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
  }
}
