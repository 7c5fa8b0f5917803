package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Alert rules ({@code /api/alerts}, docs/api.md "Alert rules") on two nodes sharing one database: each rule judges
 * the readings stored after it in timestamp order, and each transition is one event whichever node stored the
 * readings. Every test watches a device of its own.
 */
class AlertRulesTest {

  private static final String WS = "REAL_WEATHER_STATION";
  private static final int MAX_RULES = 20;

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;
  /** A second node on the same database. */
  private static SecondNode second;

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> env = new HashMap<>(TestServers.sharedDatabase());
    env.put("FR_ALERTS_MAX_PER_ENTITY", String.valueOf(MAX_RULES));
    fixture = new ReadingsFixture(dataDir.resolve("first"), env);
    second = SecondNode.start(dataDir.resolve("second"), env);
    fixture.importCsv(WS + ",FOREIGN-1,ORIGIN,AirTemp,2026-01-01T00:00:00Z,1\n");
  }

  @AfterAll
  static void stop() {
    second.close();
    fixture.close();
  }

  @Test
  void aRuleIsCreatedWithItsIdAndLocationAndReadBackAsCreated() {
    device("CREATE-1");
    Answer created = create(rule("CREATE-1", "below", 0.5));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    assertThat(created.header("Content-Type")).isEqualTo("application/json");
    String id = created.json().getString("id");
    assertThat(created.header("Location")).isEqualTo("/api/alerts/" + id);
    JsonObject expected = new JsonObject().put("id", id).put("name", "Rule on CREATE-1").put("profile", WS)
        .put("serial", "CREATE-1").put("connectorId", "ORIGIN").put("interface", "AirTemp").put("condition", "below")
        .put("threshold", 0.5).put("for", "PT0S").put("email", false).put("enabled", true).put("triggered", false);
    assertThat(created.json()).isEqualTo(expected);
    assertThat(get("/api/alerts/" + id).json()).isEqualTo(expected);
    assertThat(get("/api/alerts").array()).contains(expected);
  }

  @Test
  void everyInvalidFieldIsNamedInOne400() {
    Answer answer = create(new JsonObject().put("name", "").put("profile", WS).put("serial", "X-1")
        .put("interface", "AirTmp").put("condition", "under").put("for", "-PT1M").put("email", "yes"));
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getJsonArray("errors").stream().map(e -> ((JsonObject) e).getString("parameter")))
        .containsExactly("name", "interface", "condition", "for", "email");
  }

  @Test
  void aThresholdIsRequiredForBelowAndAboveAndRefusedForSilent() {
    assertThat(errors(create(rule("X-1", "above", null)))).containsExactly(Map.entry("threshold",
        "is required for a above rule"));
    assertThat(errors(create(rule("X-1", "silent", 3.0)))).containsExactly(Map.entry("threshold",
        "must be absent for a silent rule"));
  }

  @Test
  void aDeviceThatIsNotTheEntitysIsTheSame404AsAnUnknownOne() {
    Answer foreign = create(rule("FOREIGN-1", "below", 0.5));
    Answer unknown = create(rule("NO-SUCH-1", "below", 0.5));
    assertThat(foreign.status()).isEqualTo(404);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(foreign.json().getString("detail"))
        .isEqualTo("No device REAL_WEATHER_STATION/FOREIGN-1 is associated with this API key.");
    assertThat(unknown.json().getString("detail"))
        .isEqualTo("No device REAL_WEATHER_STATION/NO-SUCH-1 is associated with this API key.");
  }

  @Test
  void aReadingBelowTheThresholdTriggersAndTheFirstNotBelowResolvesEachOnceWhicheverNodeStoredThem() {
    device("FROST-1");
    String id = create(rule("FROST-1", "below", 0.5)).json().getString("id");
    fixture.importCsv(csv("FROST-1", "2026-11-01T00:00:00Z", "1.0"));
    second.importCsv(csv("FROST-1", "2026-11-01T01:00:00Z", "0.3"));
    fixture.importCsv(csv("FROST-1", "2026-11-01T02:00:00Z", "-0.25"));
    second.importCsv(csv("FROST-1", "2026-11-01T03:00:00Z", "0.5"));
    JsonArray events = awaitEvents(id, 2);
    assertThat(shape(events)).containsExactly(
        List.of("alert.triggered", at("2026-11-01T01:00:00Z"), 0.3),
        List.of("alert.resolved", at("2026-11-01T03:00:00Z"), 0.5));
    // After the other node's backup look (5 s), still once each.
    sleep(6_000);
    assertThat(shape(events(id, null))).isEqualTo(shape(events));
    assertThat(get("/api/alerts/" + id).json().getBoolean("triggered")).isFalse();
  }

  @Test
  void forMakesTheConditionHoldThatLongOnReadingTimestampsBeforeTheRuleTriggers() {
    device("HEAT-1");
    JsonObject rule = rule("HEAT-1", "above", 30.0).put("for", "PT1H");
    String id = create(rule).json().getString("id");
    fixture.importCsv(csv("HEAT-1", "2026-11-02T10:00:00Z", "31") + csv("HEAT-1", "2026-11-02T10:30:00Z", "32")
        + csv("HEAT-1", "2026-11-02T11:00:00Z", "33.125") + csv("HEAT-1", "2026-11-02T12:00:00Z", "34"));
    assertThat(shape(awaitEvents(id, 1))).containsExactly(List.of("alert.triggered", at("2026-11-02T11:00:00Z"),
        33.125));
  }

  @Test
  void readingsStoredBeforeTheRuleAndOlderThanTheNewestJudgedNeverChangeIt() {
    device("BACKFILL-1");
    fixture.importCsv(csv("BACKFILL-1", "2026-11-03T10:00:00Z", "0.1"));
    String id = create(rule("BACKFILL-1", "below", 0.5)).json().getString("id");
    fixture.importCsv(csv("BACKFILL-1", "2026-11-03T09:00:00Z", "0.2"));
    fixture.importCsv(csv("BACKFILL-1", "2026-11-03T11:00:00Z", "0.3"));
    assertThat(shape(awaitEvents(id, 1))).containsExactly(List.of("alert.triggered", at("2026-11-03T11:00:00Z"),
        0.3));
  }

  @Test
  void aSilentRuleTriggersWhenItsSeriesHasHadNoReadingForItsDurationAndResolvesAtTheNextReading() {
    device("QUIET-1");
    long last = System.currentTimeMillis() - 500;
    fixture.importCsv(csv("QUIET-1", Instant.ofEpochMilli(last).toString(), "12"));
    String id = create(rule("QUIET-1", "silent", null).put("for", "PT2S")).json().getString("id");
    JsonArray triggered = awaitEvents(id, 1);
    assertThat(shape(triggered)).containsExactly(Arrays.asList("alert.triggered", last + 2000, null));
    long next = System.currentTimeMillis();
    fixture.importCsv(csv("QUIET-1", Instant.ofEpochMilli(next).toString(), "12.5"));
    assertThat(shape(awaitEvents(id, 2)).get(1)).isEqualTo(List.of("alert.resolved", next, 12.5));
  }

  @Test
  void sinceListsOnlyTheEventsAfterIt() {
    device("SINCE-1");
    String id = create(rule("SINCE-1", "above", 10.0)).json().getString("id");
    fixture.importCsv(csv("SINCE-1", "2026-11-04T00:00:00Z", "11") + csv("SINCE-1", "2026-11-04T01:00:00Z", "9"));
    awaitEvents(id, 2);
    assertThat(shape(events(id, at("2026-11-04T00:00:00Z")))).containsExactly(
        List.of("alert.resolved", at("2026-11-04T01:00:00Z"), 9.0));
    assertThat(get("/api/alerts/" + id + "/events?since=soon").status()).isEqualTo(400);
  }

  @Test
  void aReplacedRuleJudgesAfreshAndADeletedOneIsGoneWithItsEvents() {
    device("EDIT-1");
    String id = create(rule("EDIT-1", "above", 10.0)).json().getString("id");
    fixture.importCsv(csv("EDIT-1", "2026-11-05T00:00:00Z", "11"));
    awaitEvents(id, 1);
    Answer replaced = fixture.api.put("/api/alerts/" + id, rule("EDIT-1", "above", 20.0).encode(),
        "Authorization", "ApiKey " + fixture.apiKey, "Content-Type", "application/json");
    assertThat(replaced.status()).as(replaced.toString()).isEqualTo(200);
    assertThat(replaced.json().getDouble("threshold")).isEqualTo(20.0);
    assertThat(replaced.json().getBoolean("triggered")).isFalse();

    assertThat(fixture.api.delete("/api/alerts/" + id, auth()).status()).isEqualTo(204);
    assertThat(get("/api/alerts/" + id).status()).isEqualTo(404);
    assertThat(get("/api/alerts/" + id + "/events").status()).isEqualTo(404);
    assertThat(fixture.api.delete("/api/alerts/" + id, auth()).status()).isEqualTo(404);
  }

  @Test
  void anotherEntitysRuleIsNotFoundAndAnEntityHasAtMostTheConfiguredNumberOfRules() {
    ReadingsFixture.Entity other = fixture.newEntity("alerts-other@example.com");
    fixture.adminPut("/admin/devices/" + WS + "/LIMIT-1", "{}");
    fixture.adminPut("/admin/entities/" + other.entityId() + "/devices/" + WS + "/LIMIT-1", null);
    String[] otherAuth = {"Authorization", "ApiKey " + other.apiKey(), "Content-Type", "application/json"};
    for (int i = 0; i < MAX_RULES; i++) {
      assertThat(fixture.api.post("/api/alerts", rule("LIMIT-1", "below", (double) i).encode(), otherAuth).status())
          .isEqualTo(201);
    }
    Answer beyond = fixture.api.post("/api/alerts", rule("LIMIT-1", "below", 9.0).encode(), otherAuth);
    assertThat(beyond.status()).isEqualTo(409);
    assertThat(beyond.json().getString("detail")).isEqualTo("At most " + MAX_RULES
        + " alert rules per entity: delete one first.");
    String theirs = fixture.api.get("/api/alerts", otherAuth).array().getJsonObject(0).getString("id");
    assertThat(get("/api/alerts/" + theirs).status()).isEqualTo(404);
    assertThat(get("/api/alerts/not-an-id").status()).isEqualTo(404);
  }

  // --- helpers ---

  private static void device(String serial) {
    fixture.adminPut("/admin/devices/" + WS + "/" + serial, "{}");
    fixture.assign(WS, serial);
  }

  private static JsonObject rule(String serial, String condition, Double threshold) {
    JsonObject rule = new JsonObject().put("name", "Rule on " + serial).put("profile", WS).put("serial", serial)
        .put("interface", "AirTemp").put("condition", condition);
    return threshold == null ? rule : rule.put("threshold", threshold);
  }

  private static String csv(String serial, String at, String value) {
    return WS + "," + serial + ",ORIGIN,AirTemp," + at + "," + value + "\n";
  }

  private static Answer create(JsonObject rule) {
    return fixture.api.post("/api/alerts", rule.encode(), "Authorization", "ApiKey " + fixture.apiKey,
        "Content-Type", "application/json");
  }

  private static Answer get(String path) {
    return fixture.api.get(path, auth());
  }

  private static String[] auth() {
    return new String[] {"Authorization", "ApiKey " + fixture.apiKey};
  }

  private static JsonArray events(String id, Long since) {
    Answer answer = get("/api/alerts/" + id + "/events" + (since == null ? "" : "?since=" + since));
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.array();
  }

  /** The rule's events once there are {@code count}, waiting up to 3 seconds. */
  private static JsonArray awaitEvents(String id, int count) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    JsonArray events = events(id, null);
    while (events.size() < count && System.nanoTime() < deadline) {
      sleep(50);
      events = events(id, null);
    }
    assertThat(events.size()).as(events.encode()).isEqualTo(count);
    return events;
  }

  /** Each event as (type, at, value), after checking what every event has. */
  private static List<List<Object>> shape(JsonArray events) {
    return events.stream().map(e -> {
      JsonObject event = (JsonObject) e;
      assertThat(event.fieldNames()).containsExactlyInAnyOrder("id", "type", "at", "value", "ruleId");
      Object value = event.getValue("value") == null ? null : event.getDouble("value");
      return Arrays.asList((Object) event.getString("type"), event.getLong("at"), value);
    }).toList();
  }

  private static Map<String, String> errors(Answer answer) {
    assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
    Map<String, String> errors = new LinkedHashMap<>();
    answer.json().getJsonArray("errors").forEach(e -> errors.put(((JsonObject) e).getString("parameter"),
        ((JsonObject) e).getString("message")));
    return errors;
  }

  private static long at(String instant) {
    return Instant.parse(instant).toEpochMilli();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
