package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Latest values of a device ({@code GET /devices/{profile}/{serial}/latest}) and of the caller's fleet
 * ({@code GET /devices/latest}), docs/api.md "Latest values": the newest stored reading of each (connector,
 * interface), exactly as stored, in answer order; corrections and late readings as the writer keeps
 * them. Expected answers are written out here from the readings imported.
 */
class LatestValuesTest {

  private static final String WS = "REAL_WEATHER_STATION";

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;
  /** A second entity, whose devices the fixture's entity must not see; its own devices take the writes tests. */
  private static String otherKey;
  private static String otherEntity;

  @BeforeAll
  static void load() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of());
    JsonObject imported = fixture.importCsv("""
        REAL_WEATHER_STATION,WS-1,ORIGIN,AirTemp,2024-05-01T10:00:00Z,20
        REAL_WEATHER_STATION,WS-1,ORIGIN,AirTemp,2024-05-02T09:00:00Z,21.456
        REAL_WEATHER_STATION,WS-1,ORIGIN,AirTemp,2024-05-02T08:00:00Z,19
        REAL_WEATHER_STATION,WS-1,ORIGIN,AirHum,2024-05-01T12:00:00Z,55.555
        REAL_WEATHER_STATION,WS-1,ORIGIN,WindDir,2024-05-02T10:00:00Z,350.44
        REAL_WEATHER_STATION,WS-1,B2,AirTemp,2024-05-02T11:00:00Z,18.125
        REAL_WEATHER_STATION,WS-1,A7,Bat,2024-05-01T00:00:00Z,3.6789
        REAL_WEATHER_STATION,WS-1,A7,AirTemp,2024-04-30T23:59:59.999Z,-0.004
        PROFILE_A,SM-2,ORIGIN,SoilTemp10,2024-05-03T00:00:00Z,12.345
        PROFILE_A,SM-10,ORIGIN,Bat,2024-05-03T01:00:00Z,3.3
        PROFILE_B,GW-1,ORIGIN,Rssi,2024-05-03T02:00:00Z,-97.25
        PROFILE_C,FM-1,ORIGIN,FlowmeterTotal,2024-05-03T03:00:00Z,1234.5
        PROFILE_A,SM-FOREIGN,ORIGIN,Bat,2024-05-03T04:00:00Z,3.9
        """);
    assertThat(imported.getLong("rejectedCount")).isZero();
    for (String device : List.of(WS + "/WS-1", "PROFILE_A/SM-2", "PROFILE_A/SM-10", "PROFILE_B/GW-1",
        "PROFILE_C/FM-1")) {
      String[] parts = device.split("/");
      fixture.assign(parts[0], parts[1]);
    }
    group(WS, "WS-1", "AIR");
    group("PROFILE_A", "SM-2", "SOIL");
    group("PROFILE_A", "SM-10", "SOIL");
    // A device of the entity with a connector but no reading yet.
    fixture.adminPut("/admin/devices/PROFILE_D/PD-1", """
        {"connectors": [{"connectorId": "ORIGIN", "interfaces": ["AirTemp"]}]}""");
    fixture.assign("PROFILE_D", "PD-1");
    ReadingsFixture.Entity other = fixture.newEntity("other@example.com");
    otherEntity = other.entityId();
    otherKey = other.apiKey();
    fixture.adminPut("/admin/entities/" + otherEntity + "/devices/PROFILE_A/SM-FOREIGN", null);
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  @Test
  void everyConnectorAndInterfaceWithItsNewestReadingOriginFirstThenByIdInCatalogOrder() {
    Answer answer = latest(fixture.apiKey, "/api/devices/REAL_WEATHER_STATION/WS-1/latest");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    // Each value exactly as imported, finer than its interface's resolution (AirTemp 0.01, Bat 0.001, ...).
    assertThat(answer.body()).isEqualTo("["
        + element("ORIGIN", "AirTemp", "2024-05-02T09:00:00Z", "21.456") + ","
        + element("ORIGIN", "AirHum", "2024-05-01T12:00:00Z", "55.555") + ","
        + element("ORIGIN", "WindDir", "2024-05-02T10:00:00Z", "350.44") + ","
        + element("A7", "AirTemp", "2024-04-30T23:59:59.999Z", "-0.004") + ","
        + element("A7", "Bat", "2024-05-01T00:00:00Z", "3.6789") + ","
        + element("B2", "AirTemp", "2024-05-02T11:00:00Z", "18.125") + "]");
  }

  @Test
  void interfacesKeepOnlyThoseInCatalogOrderInEitherEncoding() {
    String expected = "["
        + element("ORIGIN", "AirTemp", "2024-05-02T09:00:00Z", "21.456") + ","
        + element("A7", "AirTemp", "2024-04-30T23:59:59.999Z", "-0.004") + ","
        + element("A7", "Bat", "2024-05-01T00:00:00Z", "3.6789") + ","
        + element("B2", "AirTemp", "2024-05-02T11:00:00Z", "18.125") + "]";
    Answer comma = latest(fixture.apiKey, "/api/devices/REAL_WEATHER_STATION/WS-1/latest?interfaces=Bat,AirTemp");
    Answer repeated = latest(fixture.apiKey,
        "/api/devices/REAL_WEATHER_STATION/WS-1/latest?interfaces=Bat&interfaces=AirTemp&interfaces=Bat");
    assertThat(comma.status()).isEqualTo(200);
    assertThat(comma.body()).isEqualTo(expected);
    assertThat(repeated.body()).isEqualTo(expected);
  }

  @Test
  void connectorIdKeepsThatConnectorAndAConnectorTheDeviceLacksIsAnEmptyArray() {
    Answer a7 = latest(fixture.apiKey, "/api/devices/REAL_WEATHER_STATION/WS-1/latest?connectorId=A7&interfaces=Bat");
    assertThat(a7.status()).isEqualTo(200);
    assertThat(a7.body()).isEqualTo("[" + element("A7", "Bat", "2024-05-01T00:00:00Z", "3.6789") + "]");
    Answer origin = latest(fixture.apiKey, "/api/devices/REAL_WEATHER_STATION/WS-1/latest?connectorId=ORIGIN");
    assertThat(origin.array().stream().map(e -> ((JsonObject) e).getString("interface")).toList())
        .containsExactly("AirTemp", "AirHum", "WindDir");
    Answer none = latest(fixture.apiKey, "/api/devices/REAL_WEATHER_STATION/WS-1/latest?connectorId=Z9");
    assertThat(none.status()).isEqualTo(200);
    assertThat(none.body()).isEqualTo("[]");
    Answer lacking = latest(fixture.apiKey, "/api/devices/REAL_WEATHER_STATION/WS-1/latest?interfaces=Pressure");
    assertThat(lacking.body()).isEqualTo("[]");
  }

  @Test
  void aDeviceWithoutReadingsHasAnEmptyAnswer() {
    Answer answer = latest(fixture.apiKey, "/api/devices/PROFILE_D/PD-1/latest");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("[]");
  }

  @Test
  void aCorrectionOfTheNewestReadingIsTheNewLatestValue() {
    importFor("PROFILE_B,GW-CORR,ORIGIN,Bat,2024-06-01T10:00:00Z,3.5\n"
        + "PROFILE_B,GW-CORR,ORIGIN,Bat,2024-06-01T09:00:00Z,3.4\n");
    importFor("PROFILE_B,GW-CORR,ORIGIN,Bat,2024-06-01T10:00:00Z,3.25\n");
    Answer answer = latest(otherKey, "/api/devices/PROFILE_B/GW-CORR/latest");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("[" + element("ORIGIN", "Bat", "2024-06-01T10:00:00Z", "3.25") + "]");
  }

  @Test
  void anOlderReadingArrivingLateNeverReplacesTheNewest() {
    importFor("PROFILE_B,GW-LATE,ORIGIN,Bat,2024-06-02T10:00:00Z,3.5\n");
    // The same day earlier, an earlier day, and a correction of an older reading: none is the newest.
    importFor("PROFILE_B,GW-LATE,ORIGIN,Bat,2024-06-02T09:59:59Z,3.1\n"
        + "PROFILE_B,GW-LATE,ORIGIN,Bat,2024-05-20T10:00:00Z,3.2\n");
    importFor("PROFILE_B,GW-LATE,ORIGIN,Bat,2024-06-02T09:59:59Z,3.0\n");
    Answer answer = latest(otherKey, "/api/devices/PROFILE_B/GW-LATE/latest");
    assertThat(answer.body()).isEqualTo("[" + element("ORIGIN", "Bat", "2024-06-02T10:00:00Z", "3.5") + "]");
    importFor("PROFILE_B,GW-LATE,ORIGIN,Bat,2024-06-03T00:00:00Z,3.7\n");
    assertThat(latest(otherKey, "/api/devices/PROFILE_B/GW-LATE/latest").body())
        .isEqualTo("[" + element("ORIGIN", "Bat", "2024-06-03T00:00:00Z", "3.7") + "]");
  }

  @Test
  void theOperatorsLastReadingTimeIsTheNewestOfTheDevicesSeries() {
    Answer answer = fixture.admin.get("/admin/devices/REAL_WEATHER_STATION/WS-1", "Authorization",
        "Bearer " + fixture.adminToken);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.json().getLong("lastReadingAt")).isEqualTo(at("2024-05-02T11:00:00Z"));
  }

  @Test
  void aDeviceOfAnotherEntityOrUnknownIsTheSame404() {
    Answer foreign = latest(fixture.apiKey, "/api/devices/PROFILE_A/SM-FOREIGN/latest");
    Answer unknown = latest(fixture.apiKey, "/api/devices/PROFILE_A/SM-404/latest");
    assertThat(foreign.status()).isEqualTo(404);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(foreign.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(foreign.body()).isEqualTo(unknown.body().replace("SM-404", "SM-FOREIGN"));
    assertThat(latest(otherKey, "/api/devices/PROFILE_A/SM-FOREIGN/latest").body())
        .isEqualTo("[" + element("ORIGIN", "Bat", "2024-05-03T04:00:00Z", "3.9") + "]");
  }

  @Test
  void theFleetIsEveryDeviceOfTheCallerByProfileOrderThenSerial() {
    Answer answer = latest(fixture.apiKey, "/api/devices/latest");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    // Profiles in enumeration order (REAL_WEATHER_STATION before PROFILE_B), serials as text (SM-10 before SM-2).
    assertThat(answer.body()).isEqualTo("["
        + fleet("PROFILE_A", "SM-10", "ORIGIN", "Bat", "2024-05-03T01:00:00Z", "3.3") + ","
        + fleet("PROFILE_A", "SM-2", "ORIGIN", "SoilTemp10", "2024-05-03T00:00:00Z", "12.345") + ","
        + fleet(WS, "WS-1", "ORIGIN", "AirTemp", "2024-05-02T09:00:00Z", "21.456") + ","
        + fleet(WS, "WS-1", "ORIGIN", "AirHum", "2024-05-01T12:00:00Z", "55.555") + ","
        + fleet(WS, "WS-1", "ORIGIN", "WindDir", "2024-05-02T10:00:00Z", "350.44") + ","
        + fleet(WS, "WS-1", "A7", "AirTemp", "2024-04-30T23:59:59.999Z", "-0.004") + ","
        + fleet(WS, "WS-1", "A7", "Bat", "2024-05-01T00:00:00Z", "3.6789") + ","
        + fleet(WS, "WS-1", "B2", "AirTemp", "2024-05-02T11:00:00Z", "18.125") + ","
        + fleet("PROFILE_B", "GW-1", "ORIGIN", "Rssi", "2024-05-03T02:00:00Z", "-97.25") + ","
        + fleet("PROFILE_C", "FM-1", "ORIGIN", "FlowmeterTotal", "2024-05-03T03:00:00Z", "1234.5") + "]");
  }

  @Test
  void theFleetFiltersByProfileGroupAndInterfaces() {
    assertThat(latest(fixture.apiKey, "/api/devices/latest?profile=PROFILE_A&interfaces=SoilTemp10").body())
        .isEqualTo("[" + fleet("PROFILE_A", "SM-2", "ORIGIN", "SoilTemp10", "2024-05-03T00:00:00Z", "12.345") + "]");
    assertThat(latest(fixture.apiKey, "/api/devices/latest?group=AIR&interfaces=Bat,WindDir").body())
        .isEqualTo("[" + fleet(WS, "WS-1", "ORIGIN", "WindDir", "2024-05-02T10:00:00Z", "350.44") + ","
            + fleet(WS, "WS-1", "A7", "Bat", "2024-05-01T00:00:00Z", "3.6789") + "]");
    assertThat(latest(fixture.apiKey, "/api/devices/latest?group=SOIL&profile=PROFILE_A&interfaces=Bat").body())
        .isEqualTo("[" + fleet("PROFILE_A", "SM-10", "ORIGIN", "Bat", "2024-05-03T01:00:00Z", "3.3") + "]");
    assertThat(latest(fixture.apiKey, "/api/devices/latest?profile=PROFILE_D").body()).isEqualTo("[]");
  }

  @Test
  void aFleetLargerThanAPageComesWholeInOrder() {
    ReadingsFixture.Entity fleet = fixture.newEntity("fleet@example.com");
    String entity = fleet.entityId();
    String key = fleet.apiKey();
    // More devices than one page of the fleet answer (500), across two profiles.
    StringBuilder csv = new StringBuilder();
    JsonArray expected = new JsonArray();
    for (String profile : List.of("PROFILE_A", "PROFILE_C")) {
      for (int i = 0; i < 260; i++) {
        String serial = "FL-%04d".formatted(i);
        long at = Instant.parse("2024-07-01T00:00:00Z").plusSeconds(60L * i).toEpochMilli();
        double value = 3 + i / 1000.0;
        csv.append(profile).append(',').append(serial).append(",ORIGIN,Bat,").append(at).append(',').append(value)
            .append('\n');
        expected.add(new JsonObject().put("profile", profile).put("serial", serial).put("connectorId", "ORIGIN")
            .put("interface", "Bat").put("timestamp", at).put("value", value));
      }
    }
    assertThat(fixture.importCsv(csv.toString()).getLong("rejectedCount")).isZero();
    for (Object element : expected) {
      JsonObject device = (JsonObject) element;
      fixture.adminPut("/admin/entities/" + entity + "/devices/" + device.getString("profile") + "/"
          + device.getString("serial"), null);
    }
    Answer answer = latest(key, "/api/devices/latest");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo(expected.encode());
  }

  @Test
  void aFleetReadAgainShowsAConnectorLearnedAndAReadingStoredSinceAtOnce() {
    ReadingsFixture.Entity fleet = fixture.newEntity("fleet-again@example.com");
    assertThat(fixture.importCsv("PROFILE_B,GW-AGAIN,ORIGIN,Bat,2024-06-01T10:00:00Z,3.5\n")
        .getLong("rejectedCount")).isZero();
    fixture.adminPut("/admin/entities/" + fleet.entityId() + "/devices/PROFILE_B/GW-AGAIN", null);
    assertThat(latest(fleet.apiKey(), "/api/devices/latest").body())
        .isEqualTo("[" + fleet("PROFILE_B", "GW-AGAIN", "ORIGIN", "Bat", "2024-06-01T10:00:00Z", "3.5") + "]");
    // Both answers are now kept in memory: the device's page and its latest values.
    assertThat(fixture.importCsv("PROFILE_B,GW-AGAIN,A1,AirTemp,2024-06-01T10:05:00Z,21.5\n"
        + "PROFILE_B,GW-AGAIN,ORIGIN,Bat,2024-06-01T11:00:00Z,3.4\n").getLong("rejectedCount")).isZero();
    assertThat(latest(fleet.apiKey(), "/api/devices/latest").body())
        .isEqualTo("[" + fleet("PROFILE_B", "GW-AGAIN", "ORIGIN", "Bat", "2024-06-01T11:00:00Z", "3.4") + ","
            + fleet("PROFILE_B", "GW-AGAIN", "A1", "AirTemp", "2024-06-01T10:05:00Z", "21.5") + "]");
  }

  @Test
  void badParametersAre400NamingEach() {
    assertThat(errors(latest(fixture.apiKey, "/api/devices/REAL_WEATHER_STATION/WS-1/latest?interfaces=airtemp,Foo"
        + "&connectorId=a%20b"))).isEqualTo(new JsonArray()
        .add(new JsonObject().put("parameter", "connectorId")
            .put("message", "must be 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':' and '-'"))
        .add(new JsonObject().put("parameter", "interfaces").put("message", "unknown interface name(s): airtemp "
            + "(did you mean AirTemp?), Foo; names are case-sensitive, /api/docs lists them all")));
    assertThat(errors(latest(fixture.apiKey, "/api/devices/WEATHER/WS-1/latest"))).isEqualTo(new JsonArray()
        .add(new JsonObject().put("parameter", "profile")
            .put("message", "must be one of PROFILE_A, REAL_WEATHER_STATION, PROFILE_B, PROFILE_C, PROFILE_D")));
    assertThat(errors(latest(fixture.apiKey, "/api/devices/latest?profile=WEATHER&group=air&interfaces=Foo")))
        .isEqualTo(new JsonArray()
            .add(new JsonObject().put("parameter", "profile")
                .put("message", "must be one of PROFILE_A, REAL_WEATHER_STATION, PROFILE_B, PROFILE_C, PROFILE_D"))
            .add(new JsonObject().put("parameter", "group")
                .put("message", "must be 1 to 32 characters of A-Z, 0-9 and '_'"))
            .add(new JsonObject().put("parameter", "interfaces").put("message", "unknown interface name(s): Foo; "
                + "names are case-sensitive, /api/docs lists them all")));
  }

  @Test
  void withoutKeyIs401() {
    for (String path : List.of("/api/devices/latest", "/api/devices/REAL_WEATHER_STATION/WS-1/latest")) {
      Answer answer = fixture.api.get(path);
      assertThat(answer.status()).isEqualTo(401);
      assertThat(answer.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
    }
  }

  private static JsonArray errors(Answer answer) {
    assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    return answer.json().getJsonArray("errors");
  }

  private static void group(String profile, String serial, String group) {
    fixture.adminPut("/admin/devices/" + profile + "/" + serial, new JsonObject().put("group", group).encode());
  }

  /** Imports readings of devices that become the other entity's. */
  private static void importFor(String rows) {
    assertThat(fixture.importCsv(rows).getLong("rejectedCount")).isZero();
    String[] first = rows.split(",", 3);
    fixture.adminPut("/admin/entities/" + otherEntity + "/devices/" + first[0] + "/" + first[1], null);
  }

  private static Answer latest(String key, String path) {
    return fixture.api.get(path, "Authorization", "ApiKey " + key);
  }

  private static long at(String instant) {
    return Instant.parse(instant).toEpochMilli();
  }

  private static String element(String connectorId, String iface, String instant, String value) {
    return "{\"connectorId\":\"" + connectorId + "\",\"interface\":\"" + iface + "\",\"timestamp\":" + at(instant)
        + ",\"value\":" + value + "}";
  }

  private static String fleet(String profile, String serial, String connectorId, String iface, String instant,
      String value) {
    return "{\"profile\":\"" + profile + "\",\"serial\":\"" + serial + "\"," + element(connectorId, iface, instant,
        value).substring(1);
  }
}
