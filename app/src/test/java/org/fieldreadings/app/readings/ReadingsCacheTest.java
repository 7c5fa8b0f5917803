package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.ReadingsStored;
import org.fieldreadings.core.change.ThisNode;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each node's caches and the {@code readings.stored} event (docs/architecture.md, "Block cache"): a query asked
 * again is answered from memory, and a write is served (and published) from the moment it is answered on the node
 * that took it, and within a second on another node sharing the database. Two nodes share one database here; the
 * fixture's server is the first.
 */
class ReadingsCacheTest {

  private static final String WS = "REAL_WEATHER_STATION";
  private static final String DAY = "startDate=2024-06-15T00:00:00Z&endDate=2024-06-15T23:59:59Z";
  private static final Pattern HITS = Pattern.compile("fieldreadings_readings_cache_total\\{outcome=\"hit\"} (\\S+)");

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;
  private static FieldReadingsServer second;
  private static TestHttp secondApi;

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> shared = TestServers.sharedDatabase();
    fixture = new ReadingsFixture(dataDir.resolve("first"), shared);
    Map<String, String> secondEnv = new HashMap<>(shared);
    secondEnv.putAll(Map.of("FR_RATELIMIT_KEY_RPS", "100000", "FR_RATELIMIT_KEY_BURST", "100000"));
    second = FieldReadingsServer.start(TestServers.config(dataDir.resolve("second"), secondEnv));
    secondApi = new TestHttp(second.httpPort());
  }

  @AfterAll
  static void stop() {
    second.close();
    fixture.close();
  }

  @Test
  void aQueryAskedAgainIsAnsweredFromTheCache() {
    day("WS-HIT", 10.5);
    JsonArray first = readAirTemp("WS-HIT", "").array();
    double hits = hits();
    assertThat(readAirTemp("WS-HIT", "").array()).isEqualTo(first);
    assertThat(hits()).isEqualTo(hits + 1);
  }

  @Test
  void aCorrectionIsServedByTheNextRawQueryOnTheNodeThatTookIt() {
    day("WS-RAW", 10.5);
    assertThat(valueAt(readAirTemp("WS-RAW", ""), 0)).isEqualTo(10.5);
    fixture.importCsv(WS + ",WS-RAW,ORIGIN,AirTemp,2024-06-15T00:00:00Z,11.5\n");
    assertThat(valueAt(readAirTemp("WS-RAW", ""), 0)).isEqualTo(11.5);
  }

  @Test
  void aCorrectionIsServedByTheNextDailyMeanOnTheNodeThatTookIt() {
    day("WS-MEAN", 10.0);
    assertThat(valueAt(readAirTemp("WS-MEAN", "&aggregation=day"), 0)).isEqualTo(10.0);
    fixture.importCsv(WS + ",WS-MEAN,ORIGIN,AirTemp,2024-06-15T00:00:00Z,106.0\n");
    assertThat(valueAt(readAirTemp("WS-MEAN", "&aggregation=day"), 0)).isEqualTo(11.0);
  }

  @Test
  void aCorrectionIsServedByTheNextLocalDailyMeanOnTheNodeThatTookIt() {
    day("WS-LOCAL", 10.0);
    // Lisbon's 15 June (summer time) runs from 23:00 UTC on the 14th: 92 of the day's 96 readings.
    String lisbonDays = "&aggregation=day&timeZone=Europe/Lisbon";
    String period = "interfaces=AirTemp&startDate=2024-06-14T23:00:00Z&endDate=2024-06-15T22:59:59Z";
    assertThat(valueAt(fixture.readings(WS, "WS-LOCAL", period + lisbonDays), 0)).isEqualTo(10.0);
    assertThat(valueAt(fixture.readings(WS, "WS-LOCAL", period + lisbonDays), 0)).isEqualTo(10.0);
    fixture.importCsv(WS + ",WS-LOCAL,ORIGIN,AirTemp,2024-06-15T00:00:00Z,102.0\n");
    assertThat(valueAt(fixture.readings(WS, "WS-LOCAL", period + lisbonDays), 0)).isEqualTo(11.0);
  }

  @Test
  void aReadingWrittenOnOneNodeIsServedByTheOtherWithinOneSecond() throws InterruptedException {
    day("WS-NODES", 10.5);
    assertThat(valueAt(readOnSecond("WS-NODES"), 0)).isEqualTo(10.5);
    assertThat(valueAt(readOnSecond("WS-NODES"), 0)).isEqualTo(10.5);
    fixture.importCsv(WS + ",WS-NODES,ORIGIN,AirTemp,2024-06-15T00:00:00Z,12.5\n");
    long deadline = System.nanoTime() + 1_000_000_000L;
    double served = valueAt(readOnSecond("WS-NODES"), 0);
    while (served != 12.5 && System.nanoTime() < deadline) {
      Thread.sleep(10);
      served = valueAt(readOnSecond("WS-NODES"), 0);
    }
    assertThat(served).isEqualTo(12.5);
  }

  @Test
  void aNewerReadingWrittenOnOneNodeIsTheOthersLatestValueWithinOneSecond() throws InterruptedException {
    day("WS-LATEST", 10.5);
    String path = "/api/devices/" + WS + "/WS-LATEST/latest?interfaces=AirTemp";
    assertThat(latestOnSecond(path)).isEqualTo(10.5);
    assertThat(latestOnSecond(path)).isEqualTo(10.5);
    fixture.importCsv(WS + ",WS-LATEST,ORIGIN,AirTemp,2024-06-16T00:00:00Z,13.5\n");
    long deadline = System.nanoTime() + 1_000_000_000L;
    double served = latestOnSecond(path);
    while (served != 13.5 && System.nanoTime() < deadline) {
      Thread.sleep(10);
      served = latestOnSecond(path);
    }
    assertThat(served).isEqualTo(13.5);
  }

  @Test
  void aDeviceAssignedOnOneNodeIsInTheOthersFleetWithinOneSecond() throws InterruptedException {
    day("WS-FLEET-1", 10.5);
    assertThat(fleetSerialsOnSecond()).contains("WS-FLEET-1").doesNotContain("WS-FLEET-2");
    assertThat(fleetSerialsOnSecond()).contains("WS-FLEET-1").doesNotContain("WS-FLEET-2");
    day("WS-FLEET-2", 11.5);
    long deadline = System.nanoTime() + 1_000_000_000L;
    List<String> serials = fleetSerialsOnSecond();
    while (!serials.contains("WS-FLEET-2") && System.nanoTime() < deadline) {
      Thread.sleep(10);
      serials = fleetSerialsOnSecond();
    }
    assertThat(serials).contains("WS-FLEET-1", "WS-FLEET-2");
  }

  @Test
  void storedReadingsArePublishedOnTheWritingNodeAtOnceAndOnTheOtherWithinOneSecond() throws InterruptedException {
    List<ReadingsStored> onFirst = new CopyOnWriteArrayList<>();
    List<ReadingsStored> onSecond = new CopyOnWriteArrayList<>();
    MessageConsumer<ReadingsStored> first = ReadingsContract.STORED.subscribe(fixture.server.vertx().eventBus(),
        event -> onFirst.add(event));
    MessageConsumer<ReadingsStored> other = ReadingsContract.STORED.subscribe(second.vertx().eventBus(),
        event -> onSecond.add(event));
    try {
      first.completion().await();
      other.completion().await();
      day("WS-EVENT", 10.5);
      awaitOne(onFirst);
      assertThat(onFirst).hasSize(1);
      ReadingsStored stored = onFirst.get(0);
      assertThat(stored.node()).isEqualTo(ThisNode.id(fixture.server.vertx()))
          .isNotEqualTo(ThisNode.id(second.vertx()));
      assertThat(stored.series()).singleElement().satisfies(series -> {
        assertThat(series.connectorId()).isEqualTo("ORIGIN");
        assertThat(series.iface()).isEqualTo("AirTemp");
        assertThat(series.from()).isEqualTo(java.time.Instant.parse("2024-06-15T00:00:00Z").toEpochMilli());
        assertThat(series.to()).isEqualTo(java.time.Instant.parse("2024-06-15T23:45:00Z").toEpochMilli());
        assertThat(series.count()).isEqualTo(96);
      });
      awaitOne(onSecond);
      assertThat(onSecond).containsExactly(stored);
    } finally {
      first.unregister().await();
      other.unregister().await();
    }
  }

  @Test
  void readingsAlreadyStoredAreNotPublishedAgain() throws InterruptedException {
    day("WS-AGAIN", 10.5);
    List<ReadingsStored> published = new CopyOnWriteArrayList<>();
    MessageConsumer<ReadingsStored> consumer = ReadingsContract.STORED.subscribe(fixture.server.vertx().eventBus(),
        published::add);
    try {
      consumer.completion().await();
      fixture.importCsv(WS + ",WS-AGAIN,ORIGIN,AirTemp,2024-06-15T00:00:00Z,10.5\n");
      fixture.importCsv(WS + ",WS-AGAIN,ORIGIN,AirTemp,2024-06-15T00:00:00Z,11.5\n");
      awaitOne(published);
      assertThat(published).singleElement()
          .satisfies(event -> assertThat(event.series()).singleElement().satisfies(series -> {
            assertThat(series.count()).isEqualTo(1);
            assertThat(series.from()).isEqualTo(series.to());
          }));
    } finally {
      consumer.unregister().await();
    }
  }

  /** Waits up to a second for an event: delivery follows the publication a moment later. */
  private static void awaitOne(List<ReadingsStored> events) throws InterruptedException {
    long deadline = System.nanoTime() + 1_000_000_000L;
    while (events.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
  }

  /** A day of 96 quarter-hour AirTemp readings of one value, imported through the first node and assigned. */
  private static void day(String serial, double value) {
    StringBuilder csv = new StringBuilder();
    for (int quarter = 0; quarter < 96; quarter++) {
      csv.append(WS).append(',').append(serial).append(",ORIGIN,AirTemp,")
          .append(java.time.Instant.parse("2024-06-15T00:00:00Z").plusSeconds(quarter * 900L)).append(',')
          .append(value).append('\n');
    }
    assertThat(fixture.importCsv(csv.toString()).getLong("stored")).isEqualTo(96);
    fixture.assign(WS, serial);
  }

  private static Answer readAirTemp(String serial, String more) {
    Answer answer = fixture.readings(WS, serial, "interfaces=AirTemp&" + DAY + more);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer;
  }

  private static Answer readOnSecond(String serial) {
    Answer answer = secondApi.get("/api/devices/" + WS + "/" + serial + "/readings?interfaces=AirTemp&" + DAY,
        "Authorization", "ApiKey " + fixture.apiKey);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer;
  }

  private static double valueAt(Answer answer, int row) {
    return ((JsonObject) answer.array().getValue(row)).getDouble("AirTemp");
  }

  /** The first node's count of query windows answered from its cache. */
  private static double hits() {
    Matcher hits = HITS.matcher(fixture.admin.get("/metrics").body());
    assertThat(hits.find()).isTrue();
    return Double.parseDouble(hits.group(1));
  }

  private static double latestOnSecond(String path) {
    Answer answer = secondApi.get(path, "Authorization", "ApiKey " + fixture.apiKey);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.array().getJsonObject(0).getDouble("value");
  }

  private static List<String> fleetSerialsOnSecond() {
    Answer answer = secondApi.get("/api/devices/latest?interfaces=AirTemp", "Authorization",
        "ApiKey " + fixture.apiKey);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.array().stream().map(element -> ((JsonObject) element).getString("serial")).toList();
  }
}
