package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an ingest key may write (docs/operations.md, "Ingest keys"): never another entity's device, never a device
 * another key reported first until an operator hands it over, an existing device's location only by opt-in, and at
 * most {@code ingest.key.max.devices} new devices. A refused device is a rejection of the payload with its reason;
 * the payload's other devices are stored.
 */
class IngestKeyScopeTest {

  private static final String WS = "REAL_WEATHER_STATION";
  private static final String LISBON = "\"lat\": 38.7369, \"lon\": -9.1427";
  private static final String SYDNEY = "\"lat\": -33.8688, \"lon\": 151.2093";
  private static final String HOUR = "&startDate=2024-05-01T10:00:00Z&endDate=2024-05-01T10:59:59Z";

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of("FR_INGEST_KEY_MAX_DEVICES", "3"));
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  /** A station upload of one observation at 10:00 with a humidity and, optionally, a position. */
  private static String upload(String station, double humidity, String position) {
    return "{\"stationId\": \"" + station + "\"" + (position == null ? "" : ", " + position)
        + ", \"observations\": [{\"obsTimeUtc\": \"2024-05-01T10:00:00Z\", \"humidity\": " + humidity + "}]}";
  }

  private static String key(JsonObject scope) {
    return fixture.adminPost("/admin/ingest-keys", scope.put("profile", WS).encode(), "application/json").json()
        .getString("ingestKey");
  }

  private static JsonObject push(String key, String body) {
    Answer answer = fixture.ingest(WS, key, body, "application/json");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.json();
  }

  private static String humidity(String serial) {
    return fixture.readings(WS, serial, "interfaces=AirHum" + HOUR).body();
  }

  private static JsonObject location(String serial) {
    return fixture.device(WS, serial).getJsonObject("location");
  }

  /** The rejection of a refused device, at the first part (observation) of the payload that had readings of it. */
  private static JsonObject refusal(String reason) {
    return new JsonObject().put("index", 0).put("reason", reason);
  }

  @Test
  void anUnboundKeyCannotRewriteOrMoveAnotherEntitysDevice() {
    fixture.importCsv(WS + ",WS-OWNED,ORIGIN,AirHum,2024-05-01T10:00:00Z,50\n");
    fixture.adminPut("/admin/devices/" + WS + "/WS-OWNED", "{\"location\": {\"latitude\": 38.7369, "
        + "\"longitude\": -9.1427}}");
    fixture.assign(WS, "WS-OWNED");

    JsonObject answer = push(key(new JsonObject()), upload("WS-OWNED", 70, SYDNEY));

    assertThat(answer).isEqualTo(new JsonObject().put("stored", 0).put("duplicates", 0).put("rejectedCount", 1)
        .put("rejected", new JsonArray().add(refusal("WS-OWNED: refused: the device belongs to an entity, and the "
            + "ingest key neither reported it first nor is bound to that entity; 1 reading not stored")))
        .put("warnings", new JsonArray()));
    assertThat(humidity("WS-OWNED")).isEqualTo("[{\"timestamp\":1714557600000,\"AirHum\":50.0}]");
    assertThat(location("WS-OWNED")).isEqualTo(new JsonObject().put("latitude", 38.7369).put("longitude", -9.1427));
  }

  @Test
  void aBoundKeysNewDevicesAreItsEntitysAndAnotherEntitysDeviceIsRefused() {
    ReadingsFixture.Entity other = fixture.newEntity("other-scope@example.com");
    fixture.importCsv(WS + ",WS-OTHERS,ORIGIN,AirHum,2024-05-01T10:00:00Z,40\n");
    fixture.admin.put("/admin/entities/" + other.entityId() + "/devices/" + WS + "/WS-OTHERS", null,
        "Authorization", "Bearer " + fixture.adminToken);
    String bound = key(new JsonObject().put("entityId", fixture.entityId));

    assertThat(push(bound, upload("WS-BOUND", 61, LISBON)).getLong("stored")).isEqualTo(1);
    JsonObject refused = push(bound, upload("WS-OTHERS", 41, null));

    // No assignment by the operator: the key's entity reads the device it created.
    assertThat(humidity("WS-BOUND")).isEqualTo("[{\"timestamp\":1714557600000,\"AirHum\":61.0}]");
    assertThat(refused.getJsonArray("rejected")).containsExactly(refusal("WS-OTHERS: refused: the device is not "
        + "one of the ingest key's entity; 1 reading not stored"));
  }

  @Test
  void aDeviceFirstReportedThroughOneKeyIsWrittenByAnotherOnlyOnceTheOperatorHandsItOver() {
    String first = key(new JsonObject());
    String second = key(new JsonObject());
    assertThat(push(first, upload("WS-FIRST", 30, null)).getLong("stored")).isEqualTo(1);

    assertThat(push(second, upload("WS-FIRST", 31, null)).getJsonArray("rejected")).containsExactly(refusal(
        "WS-FIRST: refused: the device was first reported through another ingest key, the only one that may write "
            + "it until an operator hands it over; 1 reading not stored"));
    Answer handOver = fixture.admin.put("/admin/devices/" + WS + "/WS-FIRST/ingest-key",
        new JsonObject().put("prefix", second.substring(0, 8)).encode(), "Authorization",
        "Bearer " + fixture.adminToken, "Content-Type", "application/json");
    assertThat(handOver.status()).as(handOver.toString()).isEqualTo(204);

    assertThat(push(second, upload("WS-FIRST", 32, null)).getLong("stored")).isEqualTo(1);
    assertThat(push(first, upload("WS-FIRST", 33, null)).getLong("rejectedCount")).isEqualTo(1);
    fixture.assign(WS, "WS-FIRST");
    assertThat(humidity("WS-FIRST")).isEqualTo("[{\"timestamp\":1714557600000,\"AirHum\":32.0}]");
  }

  @Test
  void aPayloadMovesAnExistingDeviceOnlyThroughAKeyThatAcceptsLocations() {
    String plain = key(new JsonObject());
    String moving = key(new JsonObject().put("acceptLocation", true));
    push(plain, upload("WS-STAYS", 20, LISBON));
    push(moving, upload("WS-MOVES", 20, LISBON));

    push(plain, upload("WS-STAYS", 21, SYDNEY));
    push(moving, upload("WS-MOVES", 21, SYDNEY));

    fixture.assign(WS, "WS-STAYS");
    fixture.assign(WS, "WS-MOVES");
    assertThat(location("WS-STAYS")).isEqualTo(new JsonObject().put("latitude", 38.7369).put("longitude", -9.1427));
    assertThat(location("WS-MOVES")).isEqualTo(new JsonObject().put("latitude", -33.8688).put("longitude", 151.2093));
    // The readings themselves are stored either way.
    assertThat(humidity("WS-STAYS")).isEqualTo("[{\"timestamp\":1714557600000,\"AirHum\":21.0}]");
  }

  @Test
  void aKeyCreatesAtMostItsNumberOfDevicesAndKeepsWritingThose() {
    String key = key(new JsonObject());
    for (String serial : new String[] {"WS-B1", "WS-B2", "WS-B3"}) {
      assertThat(push(key, upload(serial, 10, null)).getLong("stored")).isEqualTo(1);
    }

    assertThat(push(key, upload("WS-B4", 10, null)).getJsonArray("rejected")).containsExactly(refusal("WS-B4: "
        + "refused: the ingest key has created its maximum of 3 devices (ingest.key.max.devices); no new device is "
        + "learned; 1 reading not stored"));
    assertThat(push(key, upload("WS-B1", 11, null)).getLong("stored")).isEqualTo(1);
    Answer unknown = fixture.admin.get("/admin/devices/" + WS + "/WS-B4", "Authorization",
        "Bearer " + fixture.adminToken);
    assertThat(unknown.status()).isEqualTo(404);
  }

  @Test
  void theAdminListShowsEachKeysScope() {
    String bound = key(new JsonObject().put("entityId", fixture.entityId).put("acceptLocation", true));
    push(bound, upload("WS-LISTED", 10, null));

    JsonArray keys = fixture.admin.get("/admin/ingest-keys", "Authorization", "Bearer " + fixture.adminToken)
        .array();
    JsonObject listed = keys.stream().map(JsonObject.class::cast)
        .filter(k -> k.getString("prefix").equals(bound.substring(0, 8))).findFirst().orElseThrow();
    listed.remove("createdAt");
    assertThat(listed).isEqualTo(new JsonObject().put("prefix", bound.substring(0, 8)).put("profile", WS)
        .put("entityId", fixture.entityId).put("acceptLocation", true).put("devices", 1).put("maxDevices", 3));
  }

  @Test
  void aKeyBoundToAnUnknownEntityIsRefused() {
    Answer answer = fixture.admin.post("/admin/ingest-keys", new JsonObject().put("profile", WS)
        .put("entityId", "no-such-entity").encode(), "Authorization", "Bearer " + fixture.adminToken,
        "Content-Type", "application/json");
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getString("detail")).isEqualTo("entityId: no entity has the id no-such-entity.");
  }
}
