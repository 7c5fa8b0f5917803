package org.fieldreadings.devices;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import org.fieldreadings.core.testing.ModuleHarness;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.SensorInterface;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code GET /api/devices/serials} and {@code GET /api/devices/{profile}/{serial}} as an entity's client sees them. */
class DeviceEndpointsTest {

  /** An entity's key, of the length and alphabet of a real one (shorter ones are refused without a lookup). */
  private static String keyOf(String entity) {
    return "key-0123456789abcdefghij0123456789abcdefghij-" + entity;
  }

  private static final List<String> ENTITIES =
      List.of("north", "south", "owner", "stranger", "gateways", "catalog", "filters", "big", "shape", "none");

  private static ModuleHarness harness;
  private static TestHttp http;
  private static Operator operator;

  @BeforeAll
  static void start() {
    harness = ModuleHarness.start(new DevicesModule())
        .apiKeys(ENTITIES.stream().collect(Collectors.toMap(DeviceEndpointsTest::keyOf, entity -> entity)))
        .entities(ENTITIES.toArray(String[]::new));
    http = harness.http();
    operator = new Operator(http);
  }

  @AfterAll
  static void stop() {
    harness.close();
  }

  private static Answer get(String entity, String path) {
    return http.get("/api" + path, "Authorization", "ApiKey " + keyOf(entity));
  }

  @Test
  void twoEntitiesSharingADeviceEachSeeExactlyTheirOwn() {
    operator.give("north", "PROFILE_B", "N-2", "{\"group\": \"SOIL\"}");
    operator.give("north", "PROFILE_A", "N-1", "{}");
    operator.give("south", "REAL_WEATHER_STATION", "S-1", "{\"group\": \"AIR\"}");
    operator.give("north", "PROFILE_C", "SHARED-1", "{\"group\": \"WATER\"}");
    operator.give("south", "PROFILE_C", "SHARED-1", "{}");

    Answer north = get("north", "/devices/serials");
    assertThat(north.status()).isEqualTo(200);
    assertThat(north.header("Content-Type")).isEqualTo("application/json");
    assertThat(north.array()).isEqualTo(new JsonArray("""
        [{"profile": "PROFILE_A", "serial": "N-1", "group": null},
         {"profile": "PROFILE_B", "serial": "N-2", "group": "SOIL"},
         {"profile": "PROFILE_C", "serial": "SHARED-1", "group": "WATER"}]"""));
    assertThat(get("south", "/devices/serials").array()).isEqualTo(new JsonArray("""
        [{"profile": "REAL_WEATHER_STATION", "serial": "S-1", "group": "AIR"},
         {"profile": "PROFILE_C", "serial": "SHARED-1", "group": "WATER"}]"""));
    assertThat(get("south", "/devices/PROFILE_C/SHARED-1").status()).isEqualTo(200);
    assertThat(get("south", "/devices/PROFILE_B/N-2").status()).isEqualTo(404);
    assertThat(get("none", "/devices/serials").array()).isEmpty();
  }

  @Test
  void unknownAndForeignDevicesAreTheSame404() {
    operator.give("owner", "PROFILE_D", "PRIVATE-1", "{}");
    Answer foreign = get("stranger", "/devices/PROFILE_D/PRIVATE-1");
    operator.putDevice("PROFILE_D", "UNOWNED-1", "{}");
    Answer unassociated = get("stranger", "/devices/PROFILE_D/UNOWNED-1");
    Answer unknown = get("stranger", "/devices/PROFILE_D/NOWHERE-1");

    assertThat(foreign.status()).isEqualTo(404);
    assertThat(foreign.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(foreign.json()).isEqualTo(new JsonObject("""
        {"type": "https://field-readings.org/problems/404", "title": "Not Found", "status": 404,
         "detail": "No device PROFILE_D/PRIVATE-1 is associated with this API key."}"""));
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(unknown.body()).isEqualTo(foreign.body().replace("PRIVATE-1", "NOWHERE-1"));
    assertThat(unassociated.body()).isEqualTo(foreign.body().replace("PRIVATE-1", "UNOWNED-1"));
  }

  @Test
  void deviceHasExactlyTheShapeOfSpec45() {
    operator.give("shape", "PROFILE_A", "SM-0001", """
        {"group": "AIR", "location": {"latitude": 38.7, "longitude": -9.1},
         "connectors": [{"connectorId": "ORIGIN", "interfaces": ["AirHum", "AirTemp"]}]}""");
    operator.addSubscription("PROFILE_A", "SM-0001", "{\"startDate\": \"2025-01-01\", \"endDate\": \"2025-12-31\"}");
    operator.addSubscription("PROFILE_A", "SM-0001", "{\"startDate\": \"2024-01-01\", \"endDate\": \"2024-12-31\"}");

    Answer answer = get("shape", "/devices/PROFILE_A/SM-0001");

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    assertThat(answer.json()).isEqualTo(new JsonObject("""
        {"group": "AIR", "location": {"latitude": 38.7, "longitude": -9.1},
         "subscriptions": [{"startDate": "2024-01-01", "endDate": "2024-12-31"},
                           {"startDate": "2025-01-01", "endDate": "2025-12-31"}],
         "connectors": [{"connectorId": "ORIGIN", "interfaces": ["AirTemp", "AirHum"]}]}"""));
    assertThat(answer.json().fieldNames()).containsExactly("group", "location", "subscriptions", "connectors");
  }

  @Test
  void deviceWithNothingKnownShowsNullsAndEmptyLists() {
    operator.give("shape", "PROFILE_B", "BARE-1", "{}");

    assertThat(get("shape", "/devices/PROFILE_B/BARE-1").json()).isEqualTo(new JsonObject("""
        {"group": null, "location": null, "subscriptions": [], "connectors": []}"""));
  }

  @Test
  void gatewayConnectorsAreListedOriginFirstThenById() {
    operator.give("gateways", "PROFILE_B", "GW-1", """
        {"group": "GATEWAY", "connectors": [
          {"connectorId": "node-7", "interfaces": ["SMraw10"]},
          {"connectorId": "B-12", "interfaces": ["AirTemp"]},
          {"connectorId": "ORIGIN", "interfaces": ["Rssi", "Bat"]},
          {"connectorId": "A-3", "interfaces": ["Precipitation"]},
          {"connectorId": "10", "interfaces": ["WindDir"]}]}""");

    JsonArray connectors = get("gateways", "/devices/PROFILE_B/GW-1").json().getJsonArray("connectors");

    assertThat(connectors).isEqualTo(new JsonArray("""
        [{"connectorId": "ORIGIN", "interfaces": ["Bat", "Rssi"]},
         {"connectorId": "10", "interfaces": ["WindDir"]},
         {"connectorId": "A-3", "interfaces": ["Precipitation"]},
         {"connectorId": "B-12", "interfaces": ["AirTemp"]},
         {"connectorId": "node-7", "interfaces": ["SMraw10"]}]"""));
  }

  @Test
  void interfacesAreInCatalogOrder() {
    List<String> catalog = InterfaceCatalog.all().stream().map(SensorInterface::name).toList();
    List<String> shuffled = new ArrayList<>(catalog);
    Collections.reverse(shuffled);
    operator.give("catalog", "PROFILE_C", "ALL-1", new JsonObject().put("connectors", new JsonArray()
        .add(new JsonObject().put("connectorId", "ORIGIN").put("interfaces", new JsonArray(shuffled)))).encode());
    operator.give("catalog", "PROFILE_C", "SOME-1", """
        {"connectors": [{"connectorId": "ORIGIN",
          "interfaces": ["WaterLoss10", "SMmm85", "Bat", "SoilTemp45", "AirTemp", "SMraw10", "WindDir"]}]}""");

    assertThat(get("catalog", "/devices/PROFILE_C/ALL-1").json().getJsonArray("connectors").getJsonObject(0)
        .getJsonArray("interfaces").getList()).isEqualTo(catalog).hasSize(88);
    assertThat(get("catalog", "/devices/PROFILE_C/SOME-1").json().getJsonArray("connectors").getJsonObject(0)
        .getJsonArray("interfaces").getList())
        .containsExactly("AirTemp", "WindDir", "Bat", "SMraw10", "SMmm85", "SoilTemp45", "WaterLoss10");
  }

  @Test
  void profileAndGroupFiltersNarrowTheList() {
    operator.give("filters", "PROFILE_A", "F-1", "{\"group\": \"SOIL\"}");
    operator.give("filters", "PROFILE_A", "F-2", "{\"group\": \"AIR\"}");
    operator.give("filters", "PROFILE_D", "F-3", "{\"group\": \"SOIL\"}");

    assertThat(serials(get("filters", "/devices/serials?profile=PROFILE_A"))).containsExactly("F-1", "F-2");
    assertThat(serials(get("filters", "/devices/serials?group=SOIL"))).containsExactly("F-1", "F-3");
    assertThat(serials(get("filters", "/devices/serials?profile=PROFILE_D&group=SOIL"))).containsExactly("F-3");
    assertThat(serials(get("filters", "/devices/serials?profile=PROFILE_B"))).isEmpty();
    assertThat(serials(get("filters", "/devices/serials?group=WATER"))).isEmpty();
  }

  @Test
  void unknownProfileFilterIs400NamingProfile() {
    Answer answer = get("filters", "/devices/serials?profile=profile_a");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json()).isEqualTo(new JsonObject("""
        {"type": "https://field-readings.org/problems/400", "title": "Bad Request", "status": 400,
         "detail": "profile: must be one of PROFILE_A, REAL_WEATHER_STATION, PROFILE_B, PROFILE_C, PROFILE_D",
         "errors": [{"parameter": "profile", "message":
                     "must be one of PROFILE_A, REAL_WEATHER_STATION, PROFILE_B, PROFILE_C, PROFILE_D"}]}"""));
  }

  @Test
  void malformedGroupFilterIs400NamingGroup() {
    Answer answer = get("filters", "/devices/serials?group=soil");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray("""
        [{"parameter": "group", "message": "must be 1 to 32 characters of A-Z, 0-9 and '_'"}]"""));
  }

  @Test
  void unknownPathProfileIs400NotFound() {
    Answer answer = get("none", "/devices/PROFILE_X/SM-1");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray("""
        [{"parameter": "profile",
          "message": "must be one of PROFILE_A, REAL_WEATHER_STATION, PROFILE_B, PROFILE_C, PROFILE_D"}]"""));
  }

  @Test
  void malformedSerialIs400NamingSerial() {
    for (String serial : List.of("a%20b", "semi%3Bcolon", "x".repeat(65), "%C3%A9t%C3%A9")) {
      Answer answer = get("none", "/devices/PROFILE_A/" + serial);
      assertThat(answer.status()).as(serial).isEqualTo(400);
      assertThat(answer.json().getJsonArray("errors")).as(serial).isEqualTo(new JsonArray("""
          [{"parameter": "serial",
            "message": "must be 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':' and '-'"}]"""));
    }
    assertThat(get("none", "/devices/PROFILE_A/" + "x".repeat(64)).status()).isEqualTo(404);
    assertThat(get("none", "/devices/PROFILE_A/a.b_c:d-E").status()).isEqualTo(404);
  }

  @Test
  void withoutAValidKeyIs401BeforeAnyValidation() {
    Answer answer = http.get("/api/devices/PROFILE_X/SM-1", "Authorization", "ApiKey nobody");

    assertThat(answer.status()).isEqualTo(401);
    assertThat(answer.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
    assertThat(http.get("/api/devices/serials").status()).isEqualTo(401);
  }

  @Test
  void acceptWithoutJsonIs406() {
    Answer answer = http.get("/api/devices/serials", "Authorization", "ApiKey " + keyOf("north"), "Accept", "text/csv");

    assertThat(answer.status()).isEqualTo(406);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(http.get("/api/devices/serials", "Authorization", "ApiKey " + keyOf("north"),
        "Accept", "application/json, application/problem+json").status()).isEqualTo(200);
  }

  @Test
  void tenThousandDevicesOfOneEntityListWellUnderASecond() {
    TestPostgres.execute(harness.database(), """
        INSERT INTO devices.device (profile, serial, device_group)
        SELECT (enum_range(NULL::devices.device_profile))[1 + n % 5], 'BIG-' || lpad(n::text, 5, '0'), 'SOIL'
        FROM generate_series(1, 10000) AS n;
        INSERT INTO devices.entity_device (entity_id, device_id, profile, serial)
        SELECT 'big', device_id, profile, serial FROM devices.device WHERE serial LIKE 'BIG-%';
        ANALYZE devices.device;
        ANALYZE devices.entity_device""");
    get("big", "/devices/serials?profile=PROFILE_A");

    long started = System.nanoTime();
    Answer answer = get("big", "/devices/serials");
    long millis = (System.nanoTime() - started) / 1_000_000;

    assertThat(answer.status()).isEqualTo(200);
    JsonArray devices = answer.array();
    assertThat(devices).hasSize(10_000);
    assertThat(devices.getJsonObject(0)).isEqualTo(new JsonObject("""
        {"profile": "PROFILE_A", "serial": "BIG-00005", "group": "SOIL"}"""));
    assertThat(devices.getJsonObject(9_999)).isEqualTo(new JsonObject("""
        {"profile": "PROFILE_D", "serial": "BIG-09999", "group": "SOIL"}"""));
    // The bound is generous because test machines are shared; the precise figure belongs in a benchmark.
    assertThat(millis).isLessThan(3_000);
  }

  private static List<String> serials(Answer answer) {
    assertThat(answer.status()).isEqualTo(200);
    return answer.array().stream().map(o -> ((JsonObject) o).getString("serial")).toList();
  }
}
