package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.app.readings.PluginSample.FLOW;
import static org.fieldreadings.app.readings.PluginSample.GATEWAY;
import static org.fieldreadings.app.readings.PluginSample.LORAWAN;
import static org.fieldreadings.app.readings.PluginSample.SOIL;
import static org.fieldreadings.app.readings.PluginSample.WEATHER;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ingest path end to end (docs/api.md, "POST /ingest"): each bundled plugin's own sample, pushed over HTTP with an
 * ingest key to a server that loaded the plugin jars from a folder, read back through {@code getReadingsBySerial}
 * with the plugin's converted values (the ones its own test expects), devices learned with their connectors and facts.
 */
class IngestFlowTest {

  private static final int MAX_BYTES = 65536;

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of("FR_INGEST_MAX_BYTES", Integer.toString(MAX_BYTES)));
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  private static void assertStoredThenDuplicates(PluginSample sample, int readings) throws IOException {
    Answer first = fixture.push(sample);
    assertThat(first.status()).as(first.toString()).isEqualTo(200);
    assertThat(first.json()).isEqualTo(new JsonObject().put("stored", readings).put("duplicates", 0)
        .put("rejectedCount", 0).put("rejected", new JsonArray()).put("warnings", new JsonArray()));
    Answer again = fixture.push(sample);
    assertThat(again.json()).isEqualTo(new JsonObject().put("stored", 0).put("duplicates", readings)
        .put("rejectedCount", 0).put("rejected", new JsonArray()).put("warnings", new JsonArray()));
  }

  @Test
  void weatherStationUploadInImperialUnitsIsReadBackInSiUnits() throws IOException {
    assertStoredThenDuplicates(WEATHER, 30);
    assertThat(fixture.readBack(WEATHER)).containsExactlyInAnyOrderElementsOf(WEATHER.servedReadings());
    // The station's group and position travel with its readings to the devices module.
    JsonObject station = fixture.device(WEATHER.profile(), "WS-LIS-0042");
    assertThat(station.getString("group")).isEqualTo("AIR");
    assertThat(station.getJsonObject("location"))
        .isEqualTo(new JsonObject().put("latitude", 38.7369).put("longitude", -9.1427));
  }

  @Test
  void soilProbeExportIsReadBackDepthByDepth() throws IOException {
    assertStoredThenDuplicates(SOIL, 32);
    assertThat(fixture.readBack(SOIL)).containsExactlyInAnyOrderElementsOf(SOIL.servedReadings());
  }

  @Test
  void gatewayFramesAreReadBackPerAttachedDevice() throws IOException {
    assertStoredThenDuplicates(GATEWAY, 24);
    assertThat(fixture.readBack(GATEWAY)).containsExactlyInAnyOrderElementsOf(GATEWAY.servedReadings());
  }

  @Test
  void flowLoggerExportIsReadBackInCubicMetresAndCounts() throws IOException {
    assertStoredThenDuplicates(FLOW, 12);
    assertThat(fixture.readBack(FLOW)).containsExactlyInAnyOrderElementsOf(FLOW.servedReadings());
  }

  @Test
  void lorawanUplinksAreReadBackByteByByte() throws IOException {
    assertStoredThenDuplicates(LORAWAN, 22);
    assertThat(fixture.readBack(LORAWAN)).containsExactlyInAnyOrderElementsOf(LORAWAN.servedReadings());
    assertThat(fixture.device(LORAWAN.profile(), "70B3D57ED0051A3C").getJsonObject("location"))
        .isEqualTo(new JsonObject().put("latitude", 38.5712).put("longitude", -7.9135));
  }

  @Test
  void gatewayConnectorsAppearInTheDeviceInformation() throws IOException {
    assertThat(fixture.push(GATEWAY).status()).isEqualTo(200);
    fixture.assign("PROFILE_B", "GW-0007");
    assertThat(fixture.device("PROFILE_B", "GW-0007").getJsonArray("connectors")).isEqualTo(new JsonArray()
        .add(connector("ORIGIN", "Bat", "Rssi"))
        .add(connector("N-1A2B", "AirTemp", "AirHum", "Bat", "Rssi"))
        .add(connector("N-1A2C", "Precipitation", "TicksCount", "Bat", "Rssi", "SMraw10", "SMraw30")));
  }

  private static JsonObject connector(String id, String... interfaces) {
    return new JsonObject().put("connectorId", id).put("interfaces", new JsonArray(List.of(interfaces)));
  }

  @Test
  void badPartsAreRejectedWhileTheGoodOnesAreStored() {
    String payload = String.join("\n",
        frame("GWD,GW-BRK,1714557600,-,vbat=4012;rssi=-63"),
        "$GWD,GW-BRK,1714557600,N-1,t=200*00",
        frame("GWD,GW-BRK,1714557600,N/1,t=200;rh=40"),
        frame("GWD,GW-BRK,86400,-,vbat=4012;rssi=-63"));
    Answer answer = fixture.ingest("PROFILE_B", fixture.ingestKey("PROFILE_B"), payload, "text/plain");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.json().getLong("stored")).isEqualTo(2);
    assertThat(answer.json().getJsonArray("rejected")).isEqualTo(new JsonArray()
        .add(rejection(1, "checksum 00 does not match the frame (computed "
            + checksum("GWD,GW-BRK,1714557600,N-1,t=200") + ")"))
        .add(rejection(2, "connectorId 'N/1' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'"))
        .add(rejection(3, "GW-BRK connector ORIGIN: " + DEFAULT_WINDOW + "; 2 readings not stored")));
  }

  private static final String DEFAULT_WINDOW = "timestamps must be from 2000-01-01T00:00:00Z (readings.accept.from) "
      + "to PT24H (readings.accept.ahead) ahead of the server clock";

  @Test
  void aLineDatedIn1970IsRejectedUnderItsOwnIndexWhileTheOtherLinesAreStored() {
    String csv = "serial,timestamp,raw_10cm,mm_10cm\n"
        + "SM-1970,2024-05-01 00:00:00,2841,18.4\n"
        + "SM-1970,1970-01-01 00:00:00,2838,18.3\n"
        + "SM-1970,2024-05-01 00:30:00,2836,18.2\n";
    Answer answer = fixture.ingest("PROFILE_A", fixture.ingestKey("PROFILE_A"), csv, "text/csv");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.json()).isEqualTo(new JsonObject().put("stored", 4).put("duplicates", 0).put("rejectedCount", 1)
        .put("rejected", new JsonArray()
            .add(rejection(2, "SM-1970 connector ORIGIN: " + DEFAULT_WINDOW + "; 2 readings not stored")))
        .put("warnings", new JsonArray()));
  }

  @Test
  void readingsDatedIn2999AreRejectedWithTheirReasonStoringNothingAndCreatingNoBlock() {
    long blocks = fixture.blocks();
    // 32472144000 s: 2999-01-01T00:00:00Z.
    Answer answer = fixture.ingest("PROFILE_B", fixture.ingestKey("PROFILE_B"),
        frame("GWD,GW-2999,32472144000,-,vbat=4012;rssi=-63") + "\n" + frame("GWD,GW-2999,32472144000,N-1,t=200"),
        "text/plain");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.json()).isEqualTo(new JsonObject().put("stored", 0).put("duplicates", 0).put("rejectedCount", 2)
        .put("rejected", new JsonArray()
            .add(rejection(0, "GW-2999 connector ORIGIN: " + DEFAULT_WINDOW + "; 2 readings not stored"))
            .add(rejection(1, "GW-2999 connector N-1: " + DEFAULT_WINDOW + "; 1 reading not stored")))
        .put("warnings", new JsonArray()));
    assertThat(fixture.blocks()).isEqualTo(blocks);
    assertThat(fixture.blocksFrom("2999-01-01T00:00:00Z")).isZero();
  }

  @Test
  void jsonNestedDeeperThanThePluginsParserAllowsIsA422ProblemNamingTheReason() {
    String deep = "[".repeat(1001) + "]".repeat(1001);
    Answer answer = fixture.ingest("REAL_WEATHER_STATION", fixture.ingestKey("REAL_WEATHER_STATION"), deep,
        "application/json");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(422);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getString("title")).isEqualTo("Unprocessable Content");
    assertThat(answer.json().getString("detail"))
        .startsWith("the REAL_WEATHER_STATION plugin could not read the payload: not valid JSON: ")
        .contains("nesting depth");
  }

  @Test
  void jsonWithoutAnUplinkPortIsA422ProblemNamingWhatEachProfileDPluginTakes() {
    String deep = "[".repeat(1001) + "]".repeat(1001);
    Answer answer = fixture.ingest("PROFILE_D", fixture.ingestKey("PROFILE_D"), deep, "application/json");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(422);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getString("detail")).isEqualTo("no PROFILE_D plugin accepts this application/json "
        + "payload; asked: profile-d-cayenne (any f_port but 2), profile-d-lorawan (f_port 2)");
  }

  @Test
  void jsonOfAnotherShapeThanThePluginReadsIsA422Problem() {
    Answer answer = fixture.ingest("REAL_WEATHER_STATION", fixture.ingestKey("REAL_WEATHER_STATION"),
        "[{\"stationId\": \"WS-1\"}]", "application/json");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(422);
    assertThat(answer.json().getString("detail")).isEqualTo("the REAL_WEATHER_STATION plugin could not read the "
        + "payload: expected a JSON object with stationId and observations");
  }

  private static JsonObject rejection(int index, String reason) {
    return new JsonObject().put("index", index).put("reason", reason);
  }

  /** A PROFILE_B frame with its checksum: {@code $body*hh}. */
  private static String frame(String body) {
    return "$" + body + "*" + checksum(body);
  }

  private static String checksum(String body) {
    return String.format("%02X", body.chars().reduce(0, (a, b) -> a ^ b));
  }

  @Test
  void onlyAnIngestKeyOfThePathProfileMayIngest() throws IOException {
    String gateway = GATEWAY.text();
    Answer entityKey = fixture.ingest("PROFILE_B", fixture.apiKey, gateway, "text/plain");
    assertThat(entityKey.status()).isEqualTo(401);
    assertThat(entityKey.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
    Answer otherProfile = fixture.ingest("PROFILE_B", fixture.ingestKey("PROFILE_A"), gateway, "text/plain");
    assertThat(otherProfile.status()).isEqualTo(401);
    assertThat(otherProfile.body()).isEqualTo(entityKey.body());
    Answer badProfile = fixture.ingest("GATEWAY", fixture.ingestKey("PROFILE_B"), gateway, "text/plain");
    assertThat(badProfile.status()).isEqualTo(400);
  }

  @Test
  void anIngestKeyCannotRead() {
    String ingestKey = fixture.ingestKey("PROFILE_B");
    assertThat(fixture.api.get("/api/devices/serials", "Authorization", "ApiKey " + ingestKey).status())
        .isEqualTo(401);
    assertThat(fixture.api.get("/api/devices/PROFILE_B/GW-0007/readings?interfaces=Bat&startDate=2024-05-01"
        + "&endDate=2024-05-02", "Authorization", "ApiKey " + ingestKey).status()).isEqualTo(401);
  }

  @Test
  void aPayloadOverTheLimitIsA413Problem() {
    Answer answer = fixture.ingest("PROFILE_B", fixture.ingestKey("PROFILE_B"), "\n".repeat(MAX_BYTES + 1),
        "text/plain");
    assertThat(answer.status()).isEqualTo(413);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getString("detail")).contains(Integer.toString(MAX_BYTES));
  }

  @Test
  void theAdminApiListsTheSixBundledPluginsStarted() {
    Answer answer = fixture.admin.get("/admin/plugins", "Authorization", "Bearer " + fixture.adminToken);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.array().stream().map(p -> ((JsonObject) p).getString("pluginId") + " "
        + ((JsonObject) p).getString("profile") + " " + ((JsonObject) p).getString("state"))
        .collect(Collectors.toList())).containsExactly(
        "profile-a-soil PROFILE_A STARTED",
        "profile-b-gateway PROFILE_B STARTED",
        "profile-c-flow PROFILE_C STARTED",
        "profile-d-cayenne PROFILE_D STARTED",
        "profile-d-lorawan PROFILE_D STARTED",
        "real-weather-station REAL_WEATHER_STATION STARTED");
    assertThat(answer.array().getJsonObject(0).getString("version")).isEqualTo("1.0.0");
  }
}
