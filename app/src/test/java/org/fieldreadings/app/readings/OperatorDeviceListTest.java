package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.fieldreadings.app.cli.FieldReadingsCommand;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The operator's device list and device view ({@code GET /admin/devices...}, {@code device list|show}). */
class OperatorDeviceListTest {

  private static final int LEARNED = 1000;

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of());
    put("PROFILE_A", "SM-OP-1", """
        {"group": "SOIL", "location": {"latitude": 38.7, "longitude": -9.1},
         "connectors": [{"connectorId": "ORIGIN", "interfaces": ["SMmm10"]}]}""");
    fixture.assign("PROFILE_A", "SM-OP-1");
    put("PROFILE_D", "NR-1", "{}");
    fixture.importCsv("PROFILE_A,SM-OP-1,ORIGIN,SMmm10,2024-05-01T10:00:00Z,4\n"
        + "PROFILE_A,SM-OP-1,ORIGIN,SMmm10,2024-05-02T11:30:00Z,5\n"
        + "PROFILE_B,GW-OP-1,ORIGIN,Bat,2024-05-03T00:00:00Z,3.3\n"
        + "PROFILE_B,GW-OP-1,N1,AirTemp,2024-05-03T00:15:00Z,12.5\n");
    StringBuilder learned = new StringBuilder();
    IntStream.range(0, LEARNED).forEach(i ->
        learned.append("PROFILE_C,FM-").append(String.format("%04d", i)).append(",ORIGIN,Flowmeter,2024-05-04T00:00:00Z,1\n"));
    fixture.importCsv(learned.toString());
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  private static void put(String profile, String serial, String body) {
    Answer answer = fixture.admin.put("/admin/devices/" + profile + "/" + serial, body,
        "Authorization", "Bearer " + fixture.adminToken, "Content-Type", "application/json");
    assertThat(answer.status()).as(answer.toString()).isBetween(200, 201);
  }

  private static Answer get(String path) {
    return fixture.admin.get(path, "Authorization", "Bearer " + fixture.adminToken);
  }

  private static long at(String instant) {
    return Instant.parse(instant).toEpochMilli();
  }

  @Test
  void listsEveryDeviceByProfileThenSerialWithEntitiesConnectorsAndLatestReading() {
    Answer answer = get("/admin/devices");

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    JsonArray devices = answer.array();
    assertThat(devices).hasSize(LEARNED + 3);
    assertThat(devices.getJsonObject(0)).isEqualTo(new JsonObject()
        .put("profile", "PROFILE_A").put("serial", "SM-OP-1").put("group", "SOIL")
        .put("entities", new JsonArray().add(fixture.entityId)).put("connectors", 1)
        .put("lastReadingAt", at("2024-05-02T11:30:00Z")));
    assertThat(devices.getJsonObject(1)).isEqualTo(new JsonObject()
        .put("profile", "PROFILE_B").put("serial", "GW-OP-1").put("group", null)
        .put("entities", new JsonArray()).put("connectors", 2).put("lastReadingAt", at("2024-05-03T00:15:00Z")));
    List<String> learned = devices.stream().skip(2).limit(LEARNED).map(d -> ((JsonObject) d).getString("serial")).toList();
    assertThat(learned).isEqualTo(IntStream.range(0, LEARNED).mapToObj(i -> String.format("FM-%04d", i)).toList());
    assertThat(devices.getJsonObject(LEARNED + 2)).isEqualTo(new JsonObject()
        .put("profile", "PROFILE_D").put("serial", "NR-1").put("group", null)
        .put("entities", new JsonArray()).put("connectors", 0).put("lastReadingAt", null));
  }

  @Test
  void unassignedListsOnlyDevicesNoEntityHas() {
    JsonArray devices = get("/admin/devices?unassigned=true").array();

    assertThat(devices).hasSize(LEARNED + 2);
    assertThat(devices.stream().map(d -> ((JsonObject) d).getJsonArray("entities"))).allMatch(JsonArray::isEmpty);
  }

  @Test
  void profileAndGroupFilterTheList() {
    assertThat(get("/admin/devices?profile=PROFILE_A").array().stream().map(d -> ((JsonObject) d).getString("serial")))
        .containsExactly("SM-OP-1");
    assertThat(get("/admin/devices?group=SOIL").array()).hasSize(1);
    assertThat(get("/admin/devices?profile=PROFILE_B&group=SOIL").array()).isEmpty();
    assertThat(get("/admin/devices?profile=PROFILE_C&unassigned=true").array()).hasSize(LEARNED);
  }

  @Test
  void invalidFiltersAre400NamingEachParameter() {
    Answer answer = get("/admin/devices?profile=NOPE&group=soil&unassigned=yes");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getJsonArray("errors").stream().map(e -> ((JsonObject) e).getString("parameter")))
        .containsExactly("profile", "group", "unassigned");
  }

  @Test
  void showDescribesTheDeviceWithItsEntitiesAndLatestReading() {
    Answer answer = get("/admin/devices/PROFILE_A/SM-OP-1");

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.json()).isEqualTo(new JsonObject("""
        {"profile": "PROFILE_A", "serial": "SM-OP-1", "group": "SOIL",
         "location": {"latitude": 38.7, "longitude": -9.1}, "subscriptions": [],
         "connectors": [{"connectorId": "ORIGIN", "interfaces": ["SMmm10"]}]}""")
        .put("entities", new JsonArray().add(fixture.entityId)).put("lastReadingAt", at("2024-05-02T11:30:00Z")));
  }

  @Test
  void showOfAnUnknownDeviceIs404() {
    Answer answer = get("/admin/devices/PROFILE_A/NOBODY");

    assertThat(answer.status()).isEqualTo(404);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
  }

  @Test
  void deviceListCommandPrintsATable() {
    StringWriter out = new StringWriter();
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    int exit = commandLine.execute("device", "list", "--unassigned", "--profile", "PROFILE_B",
        "--data-dir", dataDir.toString());

    assertThat(exit).isZero();
    assertThat(out.toString().lines()).containsExactly(
        "PROFILE               SERIAL                    GROUP       CONNECTORS  LATEST READING            ENTITIES",
        "PROFILE_B             GW-OP-1                   -           2           2024-05-03T00:15:00Z      -");
  }

  @Test
  void deviceShowCommandPrintsTheDevice() {
    StringWriter out = new StringWriter();
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    int exit = commandLine.execute("device", "show", "--profile", "PROFILE_D", "--serial", "NR-1",
        "--data-dir", dataDir.toString());

    assertThat(exit).isZero();
    assertThat(new JsonObject(out.toString())).isEqualTo(new JsonObject("""
        {"profile": "PROFILE_D", "serial": "NR-1", "group": null, "location": null, "subscriptions": [],
         "connectors": [], "entities": [], "lastReadingAt": null}"""));
  }
}
