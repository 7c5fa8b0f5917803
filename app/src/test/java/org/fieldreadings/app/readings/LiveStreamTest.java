package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live stream of a device's readings ({@code GET /devices/{profile}/{serial}/readings/stream}, docs/api.md
 * "Live stream") on two nodes sharing one database: readings stored on either node arrive as Server-Sent Events,
 * exactly as written. Every test streams a device of its own.
 */
class LiveStreamTest {

  private static final String WS = "REAL_WEATHER_STATION";
  private static final Duration WITHIN = Duration.ofSeconds(1);

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;
  private static SecondNode second;
  private final List<Events> opened = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> env = new HashMap<>(TestServers.sharedDatabase());
    fixture = new ReadingsFixture(dataDir.resolve("first"), env);
    second = SecondNode.start(dataDir.resolve("second"), env);
  }

  @AfterAll
  static void stop() {
    second.close();
    fixture.close();
  }

  @AfterEach
  void closeStreams() {
    opened.forEach(Events::close);
  }

  @Test
  void aReadingStoredAfterTheStreamOpenedArrivesAsOneEventPerTimestampWithItsValuesAsWritten() throws Exception {
    device("LIVE-1");
    Events events = open("LIVE-1", "interfaces=AirTemp,AirHum", fixture.apiKey);
    assertThat(events.response.statusCode()).isEqualTo(200);
    assertThat(events.response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
    assertThat(events.response.headers().firstValue("Cache-Control")).hasValue("no-store");
    assertThat(events.next()).isEqualTo(": open");
    fixture.importCsv(csv("LIVE-1", "AirTemp", "2026-11-20T10:00:00Z", "17.0625")
        + csv("LIVE-1", "AirHum", "2026-11-20T10:00:00Z", "-3.000000000000001"));
    long at = Instant.parse("2026-11-20T10:00:00Z").toEpochMilli();
    assertThat(events.next()).isEqualTo("id: " + at + "\nevent: reading\ndata: {\"timestamp\":" + at
        + ",\"AirTemp\":17.0625,\"AirHum\":-3.000000000000001}");
  }

  @Test
  void aReadingStoredOnAnotherNodeReachesTheStreamWithinASecond() throws Exception {
    device("LIVE-2");
    Events events = open("LIVE-2", "interfaces=AirTemp", fixture.apiKey);
    assertThat(events.next()).isEqualTo(": open");
    second.importCsv(csv("LIVE-2", "AirTemp", "2026-11-20T11:00:00Z", "0.1"));
    long at = Instant.parse("2026-11-20T11:00:00Z").toEpochMilli();
    assertThat(events.next()).isEqualTo("id: " + at + "\nevent: reading\ndata: {\"timestamp\":" + at
        + ",\"AirTemp\":0.1}");
  }

  @Test
  void lastEventIdReplaysTheStoredReadingsAfterItThenFollowsNewOnes() throws Exception {
    device("LIVE-3");
    fixture.importCsv(csv("LIVE-3", "AirTemp", "2026-11-20T01:00:00Z", "1")
        + csv("LIVE-3", "AirTemp", "2026-11-20T02:00:00Z", "2") + csv("LIVE-3", "AirTemp", "2026-11-20T03:00:00Z",
        "3"));
    long first = Instant.parse("2026-11-20T01:00:00Z").toEpochMilli();
    Events events = open("LIVE-3", "interfaces=AirTemp", fixture.apiKey, "Last-Event-ID", String.valueOf(first));
    assertThat(events.next()).isEqualTo(": open");
    assertThat(events.next()).endsWith("data: {\"timestamp\":" + (first + 3_600_000) + ",\"AirTemp\":2.0}");
    assertThat(events.next()).endsWith("data: {\"timestamp\":" + (first + 7_200_000) + ",\"AirTemp\":3.0}");
    fixture.importCsv(csv("LIVE-3", "AirTemp", "2026-11-20T04:00:00Z", "4"));
    assertThat(events.next()).endsWith("data: {\"timestamp\":" + (first + 10_800_000) + ",\"AirTemp\":4.0}");
  }

  @Test
  void aKeyHoldsAtMostFourStreamsAndTheFifthIs429() throws Exception {
    device("LIVE-4");
    ReadingsFixture.Entity entity = fixture.newEntity("streams@example.com");
    fixture.adminPut("/admin/entities/" + entity.entityId() + "/devices/" + WS + "/LIVE-4", null);
    for (int i = 0; i < 4; i++) {
      assertThat(open("LIVE-4", "interfaces=AirTemp", entity.apiKey()).next()).isEqualTo(": open");
    }
    Answer fifth = refused("LIVE-4", "AirTemp", entity.apiKey());
    assertThat(fifth.status()).isEqualTo(429);
    assertThat(fifth.header("Retry-After")).isEqualTo("5");
    assertThat(fifth.json().getString("detail")).isEqualTo("At most 4 open streams per API key: close one first.");
  }

  @Test
  void aDeviceThatIsNotTheEntitysIs404AndUnknownInterfacesAre400AsForTheReadings() {
    fixture.importCsv(csv("LIVE-FOREIGN", "AirTemp", "2026-11-20T01:00:00Z", "1"));
    assertThat(refused("LIVE-FOREIGN", "AirTemp", fixture.apiKey).status()).isEqualTo(404);
    Answer unknown = refused("LIVE-FOREIGN", "AirTmp", fixture.apiKey);
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.json().getJsonArray("errors").getJsonObject(0).getString("parameter")).isEqualTo("interfaces");
  }

  @Test
  void revokingTheKeyEndsItsStreamsWithinASecond() throws Exception {
    device("LIVE-5");
    ReadingsFixture.Entity entity = fixture.newEntity("revoked-stream@example.com");
    fixture.adminPut("/admin/entities/" + entity.entityId() + "/devices/" + WS + "/LIVE-5", null);
    Events events = open("LIVE-5", "interfaces=AirTemp", entity.apiKey());
    assertThat(events.next()).isEqualTo(": open");
    assertThat(fixture.api.delete("/api/access", "Authorization", "ApiKey " + entity.apiKey()).status())
        .isEqualTo(204);
    assertThat(events.next()).isEqualTo(": closed: the API key was revoked");
    assertThat(events.ended(WITHIN)).isTrue();
  }

  // --- helpers ---

  private static void device(String serial) {
    fixture.adminPut("/admin/devices/" + WS + "/" + serial, "{}");
    fixture.assign(WS, serial);
  }

  private static String csv(String serial, String iface, String at, String value) {
    return WS + "," + serial + ",ORIGIN," + iface + "," + at + "," + value + "\n";
  }

  /** The answer to a stream request that is refused (it has a body, not a stream). */
  private static Answer refused(String serial, String interfaces, String apiKey) {
    return fixture.api.get("/api/devices/" + WS + "/" + serial + "/readings/stream?interfaces=" + interfaces,
        "Authorization", "ApiKey " + apiKey, "Accept", "text/event-stream");
  }

  private Events open(String serial, String query, String apiKey, String... headers) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + fixture.server.httpPort()
        + "/api/devices/" + WS + "/" + serial + "/readings/stream?" + query))
        .header("Authorization", "ApiKey " + apiKey).header("Accept", "text/event-stream");
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    HttpClient client = HttpClient.newHttpClient();
    Events events = new Events(client.send(request.build(), HttpResponse.BodyHandlers.ofLines()));
    opened.add(events);
    return events;
  }

  /** The blocks of an event stream (lines up to a blank one), read as they come. */
  private static final class Events {
    final HttpResponse<Stream<String>> response;
    private final BlockingQueue<String> blocks = new LinkedBlockingQueue<>();
    private final Thread reader;
    private volatile boolean ended;

    Events(HttpResponse<Stream<String>> response) {
      this.response = response;
      this.reader = new Thread(() -> {
        StringBuilder block = new StringBuilder();
        try {
          response.body().forEach(line -> {
            if (line.isEmpty()) {
              blocks.add(block.toString());
              block.setLength(0);
            } else {
              block.append(block.length() == 0 ? "" : "\n").append(line);
            }
          });
        } catch (RuntimeException closed) {
          // The stream was closed under the reader.
        }
        ended = true;
      });
      reader.setDaemon(true);
      reader.start();
    }

    /** The next block that is not a keep-alive, within a second. */
    String next() throws InterruptedException {
      String block = blocks.poll(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
      while (": keep-alive".equals(block)) {
        block = blocks.poll(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
      }
      assertThat(block).as("an event within " + WITHIN).isNotNull();
      return block;
    }

    boolean ended(Duration within) throws InterruptedException {
      reader.join(within.toMillis());
      return ended;
    }

    void close() {
      response.body().close();
    }
  }
}
