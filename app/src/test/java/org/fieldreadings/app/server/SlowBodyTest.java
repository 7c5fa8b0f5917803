package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.testing.RawHttp;
import org.fieldreadings.core.testing.TestHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request body must keep up a minimum average rate once it has had its grace: here 200 bytes a second after 1 s
 * ({@code http.request.body.min.rate}, {@code http.request.body.grace}). Every byte resets the idle timeout, so
 * without it a client trickling a declared body holds its connection for ever.
 */
class SlowBodyTest {

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer server;

  @BeforeAll
  static void start() {
    server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of(
        "FR_HTTP_REQUEST_BODY_MIN_RATE", "200", "FR_HTTP_REQUEST_BODY_GRACE", "PT1S", "FR_HTTP_IDLE_TIMEOUT",
        "PT30S")));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aBodyTrickledByteByByteIsClosedOnceItsGraceIsOverOnBothListeners() throws Exception {
    for (int port : new int[] {server.httpPort(), server.adminPort()}) {
      try (Socket socket = new RawHttp(port).open()) {
        long started = System.nanoTime();
        write(socket, "POST /api/access/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            + "Content-Length: 4000\r\n\r\n{");
        boolean closed = false;
        for (int i = 0; i < 40 && !closed; i++) {
          closed = RawHttp.closedWithin(socket, 250);
          if (!closed) {
            write(socket, " ");
          }
        }
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        assertThat(closed).as("closed").isTrue();
        assertThat(elapsedMs).isBetween(900L, 3000L);
      }
    }
  }

  @Test
  void aLargeImportAtAnOrdinaryRateIsUnaffected() throws Exception {
    StringBuilder csv = new StringBuilder("profile,serial,connectorId,interface,timestamp,value\n");
    long start = 1_714_521_600_000L;
    for (int i = 0; i < 100_000; i++) {
      csv.append("PROFILE_A,SM-SLOWBODY,ORIGIN,SMraw10,").append(start + i * 60_000L).append(',').append(i % 997)
          .append('\n');
    }
    TestHttp.Answer answer = new TestHttp(server.adminPort()).post("/admin/readings", csv.toString(),
        "Authorization", "Bearer " + Files.readString(dataDir.resolve("admin.token")), "Content-Type", "text/csv");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.json().getLong("stored")).isEqualTo(100_000L);
  }

  private static void write(Socket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
  }
}
