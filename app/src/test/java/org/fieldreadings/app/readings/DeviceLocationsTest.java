package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The locations of the caller's devices in one answer ({@code GET /devices/locations}, docs/api.md
 * "getDeviceLocations"): every located device of the caller's entity, by profile (enumeration order) then serial;
 * devices without a location and other entities' devices are absent; more devices than a page come whole.
 */
class DeviceLocationsTest {

  /** Declares many devices at once. */
  private static final ExecutorService POOL = Executors.newFixedThreadPool(200);

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;

  @BeforeAll
  static void load() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of());
    // Created out of answer order: the profile's enumeration order (PROFILE_A before REAL_WEATHER_STATION before
    // PROFILE_B) is not the alphabetical one.
    put("PROFILE_B", "GW-1", "GATEWAY", -23.5, -46.6);
    put("REAL_WEATHER_STATION", "WS-2", "AIR", 38.75, -9.0);
    put("REAL_WEATHER_STATION", "WS-10", "AIR", 38.7, -9.1);
    put("PROFILE_A", "SM-1", "SOIL", 41.15, -8.61);
    fixture.adminPut("/admin/devices/PROFILE_A/SM-NOWHERE", new JsonObject().put("group", "SOIL").encode());
    for (String device : new String[] {"PROFILE_B/GW-1", "REAL_WEATHER_STATION/WS-2", "REAL_WEATHER_STATION/WS-10",
        "PROFILE_A/SM-1", "PROFILE_A/SM-NOWHERE"}) {
      String[] parts = device.split("/");
      fixture.assign(parts[0], parts[1]);
    }
    fixture.importCsv("PROFILE_B,GW-1,ORIGIN,Rssi,2024-05-03T02:00:00Z,-97\n");
    // Located, but another entity's.
    put("PROFILE_A", "SM-FOREIGN", "SOIL", 40.0, -8.0);
    String other = fixture.newEntity("other@example.com").entityId();
    fixture.adminPut("/admin/entities/" + other + "/devices/PROFILE_A/SM-FOREIGN", null);
  }

  /** GW-1's one reading, 2024-05-03T02:00:00Z, in epoch milliseconds. */
  private static final String GW_1_READING = "1714701600000";

  @AfterAll
  static void stop() {
    POOL.shutdownNow();
    fixture.close();
  }

  @Test
  void everyLocatedDeviceOfTheCallerByProfileOrderThenSerial() {
    Answer answer = locations("");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    assertThat(answer.body()).isEqualTo("["
        + located("PROFILE_A", "SM-1", "41.15", "-8.61") + ","
        + located("REAL_WEATHER_STATION", "WS-10", "38.7", "-9.1") + ","
        + located("REAL_WEATHER_STATION", "WS-2", "38.75", "-9.0") + ","
        + located("PROFILE_B", "GW-1", "-23.5", "-46.6", GW_1_READING) + "]");
  }

  @Test
  void filtersByProfileAndGroup() {
    assertThat(locations("?profile=REAL_WEATHER_STATION").body()).isEqualTo("["
        + located("REAL_WEATHER_STATION", "WS-10", "38.7", "-9.1") + ","
        + located("REAL_WEATHER_STATION", "WS-2", "38.75", "-9.0") + "]");
    assertThat(locations("?group=GATEWAY").body())
        .isEqualTo("[" + located("PROFILE_B", "GW-1", "-23.5", "-46.6", GW_1_READING) + "]");
    assertThat(locations("?profile=PROFILE_A&group=SOIL").body())
        .isEqualTo("[" + located("PROFILE_A", "SM-1", "41.15", "-8.61") + "]");
    assertThat(locations("?profile=PROFILE_C").body()).isEqualTo("[]");
  }

  @Test
  void aFleetLargerThanAPageComesWholeInOrder() {
    ReadingsFixture.Entity fleet = fixture.newEntity("fleet@example.com");
    String entity = fleet.entityId();
    String key = fleet.apiKey();
    // More devices than one page of the answer (1,000), declared together (their zones are found in a few passes),
    // each with a location of its own.
    List<CompletableFuture<Answer>> declared = new ArrayList<>();
    JsonArray expected = new JsonArray();
    for (int i = 0; i < 1010; i++) {
      String serial = "LOC-%04d".formatted(i);
      JsonObject location = new JsonObject().put("latitude", 37 + i / 100 * 0.1).put("longitude", -8 + i % 100 * 0.01);
      expected.add(new JsonObject().put("profile", "PROFILE_A").put("serial", serial).put("location", location)
          .putNull("lastReadingAt"));
      String body = new JsonObject().put("location", location).encode();
      declared.add(CompletableFuture.supplyAsync(() -> fixture.adminPut("/admin/devices/PROFILE_A/" + serial, body),
          POOL).thenApplyAsync(created -> fixture.adminPut("/admin/entities/" + entity + "/devices/PROFILE_A/"
          + serial, null), POOL));
    }
    declared.forEach(CompletableFuture::join);
    Answer answer = fixture.api.get("/api/devices/locations", "Authorization", "ApiKey " + key);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.array()).isEqualTo(expected);
  }

  @Test
  void badFiltersAre400NamingEach() {
    assertThat(errors(locations("?profile=WEATHER&group=air"))).isEqualTo(new JsonArray()
        .add(new JsonObject().put("parameter", "profile")
            .put("message", "must be one of PROFILE_A, REAL_WEATHER_STATION, PROFILE_B, PROFILE_C, PROFILE_D"))
        .add(new JsonObject().put("parameter", "group").put("message", "must be 1 to 32 characters of A-Z, 0-9 and '_'")));
    assertThat(errors(locations("?profile=PROFILE_A&profile=PROFILE_B"))).isEqualTo(new JsonArray()
        .add(new JsonObject().put("parameter", "profile").put("message", "give at most one value")));
  }

  @Test
  void withoutKeyIs401() {
    Answer answer = fixture.api.get("/api/devices/locations");
    assertThat(answer.status()).isEqualTo(401);
    assertThat(answer.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
  }

  private static void put(String profile, String serial, String group, double latitude, double longitude) {
    fixture.adminPut("/admin/devices/" + profile + "/" + serial, new JsonObject().put("group", group)
        .put("location", new JsonObject().put("latitude", latitude).put("longitude", longitude)).encode());
  }

  private static Answer locations(String query) {
    return fixture.api.get("/api/devices/locations" + query, "Authorization", "ApiKey " + fixture.apiKey);
  }

  private static JsonArray errors(Answer answer) {
    assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    return answer.json().getJsonArray("errors");
  }

  /** A device without readings. */
  private static String located(String profile, String serial, String latitude, String longitude) {
    return located(profile, serial, latitude, longitude, "null");
  }

  private static String located(String profile, String serial, String latitude, String longitude,
      String lastReadingAt) {
    return "{\"profile\":\"" + profile + "\",\"serial\":\"" + serial + "\",\"location\":{\"latitude\":" + latitude
        + ",\"longitude\":" + longitude + "},\"lastReadingAt\":" + lastReadingAt + "}";
  }
}
