package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fieldreadings.app.cli.FieldReadingsCommand;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Fleets of tens of thousands of devices: an import part or an ingest payload may touch any number of series (a lock
 * per series once exhausted PostgreSQL's lock table past about 6,000), and what was stored is answered whole.
 */
class FleetScaleTest {

  private static final int GATEWAYS = 20_000;
  /** Gateways per payload: each payload is 10,000 gateways x 10 channels = 100,000 series, about 3.4 MB. */
  private static final int GATEWAYS_A_PAYLOAD = 10_000;
  private static final int FRAMES_A_GATEWAY = 3;
  private static final long FIRST_FRAME = 1_749_513_600L; // 2025-06-10T00:00:00Z
  private static final int IMPORTED_DEVICES = 100_000;

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;
  /** The entity of the gateways' ingest key, and what each of its payloads was answered. */
  private static ReadingsFixture.Entity network;
  private static final List<Answer> payloadAnswers = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of("FR_INGEST_KEY_MAX_DEVICES", Integer.toString(GATEWAYS)));
    network = fixture.newEntity("network@example.com");
    String ingestKey = fixture.adminPost("/admin/ingest-keys", new JsonObject().put("profile", "PROFILE_B")
        .put("entityId", network.entityId()).encode(), "application/json").json().getString("ingestKey");
    for (int first = 0; first < GATEWAYS; first += GATEWAYS_A_PAYLOAD) {
      payloadAnswers.add(fixture.ingest("PROFILE_B", ingestKey, frames(first, first + GATEWAYS_A_PAYLOAD),
          "text/plain"));
    }
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  @Test
  void aCliImportOfOneHundredThousandSeriesStoresEveryReading() throws Exception {
    StringBuilder csv = new StringBuilder("profile,serial,connectorId,interface,timestamp,value\n");
    for (int d = 0; d < IMPORTED_DEVICES; d++) {
      csv.append("REAL_WEATHER_STATION,FI-").append(d).append(",ORIGIN,AirTemp,2025-06-10T00:00:00Z,")
          .append(d % 400 / 10.0).append('\n');
    }
    Path file = Files.writeString(dataDir.resolve("fleet.csv"), csv);

    StringWriter out = new StringWriter();
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(new StringWriter(), true));
    int exit = commandLine.execute("readings", "import", "--data-dir", dataDir.toString(), "--json",
        file.toString());

    assertThat(exit).as(out.toString()).isZero();
    assertThat(new JsonObject(out.toString())).isEqualTo(new JsonObject().put("stored", IMPORTED_DEVICES)
        .put("duplicates", 0).put("rejectedCount", 0).put("rejected", new JsonArray()));
    Answer devices = fixture.admin.get("/admin/devices?profile=REAL_WEATHER_STATION",
        "Authorization", "Bearer " + fixture.adminToken);
    assertThat(devices.status()).isEqualTo(200);
    JsonArray list = devices.array();
    assertThat(list).hasSize(IMPORTED_DEVICES);
    assertThat(list.stream().map(JsonObject.class::cast)
        .allMatch(device -> device.getLong("lastReadingAt") == FIRST_FRAME * 1000)).isTrue();
  }

  @Test
  void pluginPayloadsOfOneHundredThousandSeriesEachStoreEveryReading() {
    assertThat(payloadAnswers).hasSize(GATEWAYS / GATEWAYS_A_PAYLOAD);
    for (Answer answer : payloadAnswers) {
      assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
      assertThat(answer.json().getLong("stored")).isEqualTo(GATEWAYS_A_PAYLOAD * FRAMES_A_GATEWAY * 10L);
      assertThat(answer.json().getLong("rejectedCount")).isZero();
    }

    Answer latest = fixture.api.get("/api/devices/latest", "Authorization", "ApiKey " + network.apiKey());
    assertThat(latest.status()).isEqualTo(200);
    JsonArray values = latest.array();
    assertThat(values).hasSize(GATEWAYS * 10);
    // Gateways by serial, then their ten interfaces in catalog order, each its last frame's value.
    assertThat(values.getJsonObject(0)).isEqualTo(new JsonObject().put("profile", "PROFILE_B")
        .put("serial", serial(0)).put("connectorId", "ORIGIN").put("interface", "AirTemp")
        .put("timestamp", (FIRST_FRAME + 7200) * 1000).put("value", 15.2));
    JsonObject last = values.getJsonObject(values.size() - 1);
    assertThat(last.getString("serial")).isEqualTo(serial(GATEWAYS - 1));
    assertThat(last.getString("interface")).isEqualTo("SMraw40");
    assertThat(last.getDouble("value")).isEqualTo(2302.0 + (GATEWAYS - 1) % 50);
  }

  @Test
  void sensorThingsPagesTheFleetsTwentyThousandThingsAndTwoHundredThousandDatastreams() {
    JsonObject first = sta("/Things?$count=true&$top=10000&$select=id,name");
    assertThat(first.getLong("@iot.count")).isEqualTo(GATEWAYS);
    JsonObject second = sta(pathOf(first.getString("@iot.nextLink")));
    assertThat(second.containsKey("@iot.nextLink")).isFalse();
    Set<String> names = new HashSet<>();
    for (JsonObject page : List.of(first, second)) {
      assertThat(page.getJsonArray("value")).hasSize(GATEWAYS / 2);
      page.getJsonArray("value").forEach(thing -> names.add(((JsonObject) thing).getString("name")));
    }
    assertThat(names).hasSize(GATEWAYS).contains(serial(0), serial(GATEWAYS - 1));
    assertThat(sta("/Datastreams?$count=true&$top=1").getLong("@iot.count")).isEqualTo(GATEWAYS * 10L);

    long thing = first.getJsonArray("value").getJsonObject(0).getLong("@iot.id");
    JsonObject datastreams = sta("/Things(" + thing + ")/Datastreams?$count=true");
    assertThat(datastreams.getLong("@iot.count")).isEqualTo(10);
    long datastream = datastreams.getJsonArray("value").getJsonObject(0).getLong("@iot.id");
    assertThat(sta("/Datastreams(" + datastream + ")/Observations").getJsonArray("value")).hasSize(FRAMES_A_GATEWAY);
    assertThat(sta("/Observations?$top=3").getJsonArray("value")).hasSize(3);
  }

  @Test
  void observationsSpreadOverMoreDatastreamsThanOneRequestReadsAre400() {
    Answer counted = fixture.api.get("/api/sta/v1.1/Observations?$count=true", "Authorization",
        "ApiKey " + network.apiKey());
    assertThat(counted.status()).as(counted.toString()).isEqualTo(400);
    assertThat(counted.json().getString("detail")).isEqualTo("These Observations are spread over more than 2000 "
        + "Datastreams, more than one request reads: ask for a Datastream's (Datastreams(id)/Observations) or a "
        + "FeatureOfInterest's");
  }

  @Test
  void datastreamsFilteredOnTheirNameAreFoundAmongAThingsButNotAmongMoreThanOneRequestChecks() {
    String name = serial(7) + " " + sta("/Things?$filter=name%20eq%20'" + serial(7) + "'&$expand=Datastreams($top=1)")
        .getJsonArray("value").getJsonObject(0).getJsonArray("Datastreams").getJsonObject(0).getString("name")
        .substring(serial(7).length() + 1);
    assertThat(sta("/Datastreams?$filter=Thing/name%20eq%20'" + serial(7) + "'%20and%20name%20eq%20'"
        + name.replace(" ", "%20") + "'").getJsonArray("value")).hasSize(1);
    Answer everyOne = fixture.api.get("/api/sta/v1.1/Datastreams?$filter=name%20eq%20'none'", "Authorization",
        "ApiKey " + network.apiKey());
    assertThat(everyOne.status()).as(everyOne.toString()).isEqualTo(400);
    assertThat(everyOne.json().getString("detail")).isEqualTo("$filter: conditions on a Datastream's name, "
        + "description or unit are checked Datastream by Datastream, and more than 10000 would be: narrow them with "
        + "Thing/..., ObservedProperty/name or id");
  }

  @Test
  void sensorThingsExpandsAThousandThingsDatastreamsButNotAnAnswerOfMoreThanOneHundredThousandEntities() {
    JsonArray things = sta("/Things?$top=1000&$select=name&$expand=Datastreams($select=id)").getJsonArray("value");
    assertThat(things).hasSize(1000);
    assertThat(things.stream().map(thing -> ((JsonObject) thing).getJsonArray("Datastreams").size()).distinct())
        .containsExactly(10);
    Answer tooLarge = fixture.api.get("/api/sta/v1.1/Things?$top=10000&$expand=Datastreams", "Authorization",
        "ApiKey " + network.apiKey());
    assertThat(tooLarge.status()).as(tooLarge.toString()).isEqualTo(400);
    assertThat(tooLarge.json().getString("detail")).isEqualTo("This answer would hold more than 100000 entities "
        + "with its expansions: ask for fewer ($top) or expand less");
  }

  /** A SensorThings answer to the network's key, which must be 200. */
  private static JsonObject sta(String path) {
    Answer answer = fixture.api.get("/api/sta/v1.1" + path, "Authorization", "ApiKey " + network.apiKey());
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.json();
  }

  /** A next link's path and query under the service root. */
  private static String pathOf(String nextLink) {
    return nextLink.substring(nextLink.indexOf("/api/sta/v1.1") + "/api/sta/v1.1".length());
  }

  /** Three hourly frames of each gateway in [from, to): ten channels on the gateway itself (connector ORIGIN). */
  private static String frames(int from, int to) {
    StringBuilder payload = new StringBuilder();
    for (int g = from; g < to; g++) {
      for (int frame = 0; frame < FRAMES_A_GATEWAY; frame++) {
        int spread = g % 50;
        String body = "GWD," + serial(g) + "," + (FIRST_FRAME + 3600L * frame) + ",-,vbat=" + (3300 + spread)
            + ";rssi=" + (-110 + spread) + ";t=" + (150 + frame) + ";rh=" + (40 + spread) + ";tips=" + frame
            + ";pc=" + spread + ";sm10=" + (2000 + spread) + ";sm20=" + (2100 + spread) + ";sm30=" + (2200 + spread)
            + ";sm40=" + (2300 + spread + frame);
        int checksum = 0;
        for (char c : body.toCharArray()) {
          checksum ^= c;
        }
        payload.append('$').append(body).append('*').append(String.format("%02X", checksum)).append('\n');
      }
    }
    return payload.toString();
  }

  private static String serial(int gateway) {
    return String.format("FG-%05d", gateway);
  }
}
