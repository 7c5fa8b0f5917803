package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The multi-device readings query ({@code GET /api/readings}, docs/api.md): each device's table is exactly the
 * single-device answer, in the order the devices were given. Expected bodies are written out here from the imported
 * readings.
 */
class MultiDeviceReadingsTest {

  private static final String PERIOD = "&startDate=2024-03-01T00:00:00Z&endDate=2024-03-01T02:00:00Z";
  private static final String SM1 = "PROFILE_A/SM-1";
  private static final String NODE = "PROFILE_B/GW-1/N-AIR1";
  private static final Instant BIG_FROM = Instant.parse("2024-04-01T00:00:00Z");
  private static final int BIG_MINUTES = 3 * 1440;

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;

  /** The imported readings: device (profile/serial/connector) to interface to time to value. */
  private static final Map<String, Map<String, TreeMap<Instant, Double>>> READINGS = new TreeMap<>();

  @BeforeAll
  static void load() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of());
    StringBuilder csv = new StringBuilder();
    reading(csv, "PROFILE_A/SM-1/ORIGIN", "AirTemp", "2024-03-01T00:00:00Z", 10.5);
    reading(csv, "PROFILE_A/SM-1/ORIGIN", "AirTemp", "2024-03-01T00:30:00Z", 11.7);
    reading(csv, "PROFILE_A/SM-1/ORIGIN", "AirTemp", "2024-03-01T01:00:00Z", 12.25);
    reading(csv, "PROFILE_A/SM-1/ORIGIN", "AirTemp", "2024-03-01T01:30:00Z", 13.5);
    reading(csv, "PROFILE_A/SM-1/ORIGIN", "Precipitation", "2024-03-01T00:00:00Z", 0.5);
    reading(csv, "PROFILE_A/SM-1/ORIGIN", "Precipitation", "2024-03-01T01:00:00Z", 1.5);
    reading(csv, "PROFILE_A/SM-1/ORIGIN", "Precipitation", "2024-03-01T01:10:00Z", 0.25);
    reading(csv, "PROFILE_B/GW-1/N-AIR1", "AirTemp", "2024-03-01T00:15:00Z", 20.5);
    reading(csv, "PROFILE_B/GW-1/N-AIR1", "AirTemp", "2024-03-01T01:15:00Z", 21.75);
    reading(csv, "PROFILE_B/GW-1/N-AIR1", "AirTemp", "2024-03-01T01:45:00Z", 22.3);
    reading(csv, "PROFILE_B/GW-1/ORIGIN", "Bat", "2024-03-01T00:00:00Z", 3.6);
    reading(csv, "PROFILE_A/SM-2/ORIGIN", "AirTemp", "2024-03-01T00:00:00Z", 1.5);
    for (String serial : List.of("BIG-1", "BIG-2")) {
      for (int m = 0; m < BIG_MINUTES; m++) {
        csv.append("PROFILE_C,").append(serial).append(",ORIGIN,AirTemp,").append(BIG_FROM.plus(m, ChronoUnit.MINUTES))
            .append(',').append(10 + (m % 100) * 0.01).append('\n');
      }
    }
    JsonObject imported = fixture.importCsv(csv.toString());
    assertThat(imported.getLong("rejectedCount")).isZero();
    fixture.assign("PROFILE_A", "SM-1");
    fixture.assign("PROFILE_B", "GW-1");
    fixture.assign("PROFILE_C", "BIG-1");
    fixture.assign("PROFILE_C", "BIG-2");
  }

  private static void reading(StringBuilder csv, String device, String iface, String at, double value) {
    String[] parts = device.split("/");
    csv.append(String.join(",", parts[0], parts[1], parts[2], iface, at, Double.toString(value))).append('\n');
    READINGS.computeIfAbsent(device, d -> new TreeMap<>()).computeIfAbsent(iface, i -> new TreeMap<>())
        .put(Instant.parse(at), value);
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  private static Answer multi(String query, String... headers) {
    String[] all = new String[headers.length + 2];
    all[0] = "Authorization";
    all[1] = "ApiKey " + fixture.apiKey;
    System.arraycopy(headers, 0, all, 2, headers.length);
    return fixture.api.get("/api/readings?" + query, all);
  }

  @Test
  void rawReadingsOfTwoDevicesOneOnAConnectorComeAsGivenEachAsItsSingleDeviceAnswer() {
    Answer answer = multi("devices=" + SM1 + "," + NODE + "&interfaces=AirTemp,Precipitation" + PERIOD);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    String sm1 = "[{\"timestamp\":" + ms("2024-03-01T00:00:00Z") + ",\"AirTemp\":10.5,\"Precipitation\":0.5},"
        + "{\"timestamp\":" + ms("2024-03-01T00:30:00Z") + ",\"AirTemp\":11.7},"
        + "{\"timestamp\":" + ms("2024-03-01T01:00:00Z") + ",\"AirTemp\":12.25,\"Precipitation\":1.5},"
        + "{\"timestamp\":" + ms("2024-03-01T01:10:00Z") + ",\"Precipitation\":0.25},"
        + "{\"timestamp\":" + ms("2024-03-01T01:30:00Z") + ",\"AirTemp\":13.5}]";
    String node = "[{\"timestamp\":" + ms("2024-03-01T00:15:00Z") + ",\"AirTemp\":20.5},"
        + "{\"timestamp\":" + ms("2024-03-01T01:15:00Z") + ",\"AirTemp\":21.75},"
        + "{\"timestamp\":" + ms("2024-03-01T01:45:00Z") + ",\"AirTemp\":22.3}]";
    assertThat(answer.body()).isEqualTo("[{\"profile\":\"PROFILE_A\",\"serial\":\"SM-1\",\"connectorId\":\"ORIGIN\","
        + "\"readings\":" + sm1 + "},{\"profile\":\"PROFILE_B\",\"serial\":\"GW-1\",\"connectorId\":\"N-AIR1\","
        + "\"readings\":" + node + "}]");
    assertThat(answer.header("Content-Length"))
        .isEqualTo(Integer.toString(answer.body().getBytes(StandardCharsets.UTF_8).length));
    Answer single = fixture.readings("PROFILE_A", "SM-1", "interfaces=AirTemp,Precipitation" + PERIOD);
    assertThat(single.body()).isEqualTo(sm1);
    assertThat(single.header("Content-Length")).isEqualTo(Integer.toString(sm1.length()));
    assertThat(fixture.readings("PROFILE_B", "GW-1", "connectorId=N-AIR1&interfaces=AirTemp,Precipitation" + PERIOD)
        .body()).isEqualTo(node);
  }

  @Test
  void devicesComeInTheOrderGivenRepeatedOrCommaSeparatedWithoutDuplicates() {
    Answer comma = multi("devices=" + NODE + "," + SM1 + "&interfaces=AirTemp" + PERIOD);
    Answer repeated = multi("devices=" + NODE + "&devices=" + SM1 + "&interfaces=AirTemp" + PERIOD);
    assertThat(comma.status()).isEqualTo(200);
    assertThat(comma.array().stream().map(d -> ((JsonObject) d).getString("serial") + "/"
        + ((JsonObject) d).getString("connectorId")).toList()).containsExactly("GW-1/N-AIR1", "SM-1/ORIGIN");
    assertThat(repeated.body()).isEqualTo(comma.body());
    assertThat(multi("devices=" + NODE + "," + SM1 + "&devices=" + NODE + "&interfaces=AirTemp" + PERIOD).body())
        .as("duplicates are ignored").isEqualTo(comma.body());
    JsonArray expected = new JsonArray()
        .add(device("PROFILE_B", "GW-1", "N-AIR1", rawRows("PROFILE_B/GW-1/N-AIR1", List.of("AirTemp"))))
        .add(device("PROFILE_A", "SM-1", "ORIGIN", rawRows("PROFILE_A/SM-1/ORIGIN", List.of("AirTemp"))));
    assertThat(comma.array()).isEqualTo(expected);
  }

  @Test
  void hourlyAggregatesOfEachDeviceFollowEachInterfacesFunction() {
    Answer answer = multi("devices=" + SM1 + "&devices=" + NODE + "&interfaces=Precipitation,AirTemp"
        + "&aggregation=hour" + PERIOD);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.header("X-Aggregation")).isNull();
    String sm1 = "[{\"timestamp\":" + ms("2024-03-01T00:00:00Z") + ",\"Precipitation\":0.5,\"AirTemp\":"
        + aggregate("AirTemp", (10.5 + 11.7) / 2) + "},"
        + "{\"timestamp\":" + ms("2024-03-01T01:00:00Z") + ",\"Precipitation\":" + aggregate("Precipitation", 1.5 + 0.25)
        + ",\"AirTemp\":" + aggregate("AirTemp", (12.25 + 13.5) / 2) + "}]";
    String node = "[{\"timestamp\":" + ms("2024-03-01T00:00:00Z") + ",\"AirTemp\":20.5},"
        + "{\"timestamp\":" + ms("2024-03-01T01:00:00Z") + ",\"AirTemp\":" + aggregate("AirTemp", (21.75 + 22.3) / 2)
        + "}]";
    assertThat(answer.body()).isEqualTo("[{\"profile\":\"PROFILE_A\",\"serial\":\"SM-1\",\"connectorId\":\"ORIGIN\","
        + "\"readings\":" + sm1 + "},{\"profile\":\"PROFILE_B\",\"serial\":\"GW-1\",\"connectorId\":\"N-AIR1\","
        + "\"readings\":" + node + "}]");
  }

  @Test
  void autoAggregationIsChosenOnceAndNamedInTheHeader() {
    String devices = "devices=" + SM1 + "," + NODE + "&interfaces=AirTemp";
    Answer month = multi(devices + "&startDate=2024-02-25&endDate=2024-03-20&aggregation=auto");
    assertThat(month.status()).isEqualTo(200);
    assertThat(month.header("X-Aggregation")).isEqualTo("hour");
    assertThat(month.body()).isEqualTo(multi(devices + "&startDate=2024-02-25&endDate=2024-03-20&aggregation=hour")
        .body());
    assertThat(month.array().getJsonObject(0).getJsonArray("readings")).hasSize(2);
    Answer day = multi(devices + "&startDate=2024-03-01&endDate=2024-03-02&aggregation=auto");
    assertThat(day.header("X-Aggregation")).isEqualTo("none");
    assertThat(day.array().getJsonObject(1).getJsonArray("readings")).hasSize(3);
  }

  @Test
  void interfacesADeviceLacksAndConnectorsItLacksHaveNoValues() {
    Answer answer = multi("devices=PROFILE_B/GW-1,PROFILE_A/SM-1/NOPE&interfaces=Precipitation" + PERIOD);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("[{\"profile\":\"PROFILE_B\",\"serial\":\"GW-1\",\"connectorId\":\"ORIGIN\","
        + "\"readings\":[]},{\"profile\":\"PROFILE_A\",\"serial\":\"SM-1\",\"connectorId\":\"NOPE\",\"readings\":[]}]");
  }

  @Test
  void csvIsOneTableLedByProfileSerialAndConnector() {
    Answer answer = multi("devices=" + NODE + "," + SM1 + "&interfaces=Precipitation,AirTemp" + PERIOD,
        "Accept", "text/csv");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("text/csv");
    assertThat(answer.body()).isEqualTo("profile,serial,connectorId,timestamp,Precipitation,AirTemp\r\n"
        + "PROFILE_B,GW-1,N-AIR1,2024-03-01T00:15:00Z,,20.5\r\n"
        + "PROFILE_B,GW-1,N-AIR1,2024-03-01T01:15:00Z,,21.75\r\n"
        + "PROFILE_B,GW-1,N-AIR1,2024-03-01T01:45:00Z,,22.3\r\n"
        + "PROFILE_A,SM-1,ORIGIN,2024-03-01T00:00:00Z,0.5,10.5\r\n"
        + "PROFILE_A,SM-1,ORIGIN,2024-03-01T00:30:00Z,,11.7\r\n"
        + "PROFILE_A,SM-1,ORIGIN,2024-03-01T01:00:00Z,1.5,12.25\r\n"
        + "PROFILE_A,SM-1,ORIGIN,2024-03-01T01:10:00Z,0.25,\r\n"
        + "PROFILE_A,SM-1,ORIGIN,2024-03-01T01:30:00Z,,13.5\r\n");
  }

  @Test
  void moreThanOneHundredDevicesIs400NamingDevices() {
    String devices = IntStream.range(0, 101).mapToObj(i -> "PROFILE_A/D-" + i).collect(Collectors.joining(","));
    Answer answer = multi("devices=" + devices + "&interfaces=AirTemp" + PERIOD);
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray().add(new JsonObject()
        .put("parameter", "devices").put("message", "at most 100 devices per request (101 given)")));
    String hundred = IntStream.range(0, 100).mapToObj(i -> "PROFILE_A/D-" + i).collect(Collectors.joining(","));
    assertThat(multi("devices=" + hundred + "&interfaces=AirTemp" + PERIOD).status()).isEqualTo(404);
  }

  @Test
  void malformedOrMissingDevicesAre400ListedWithTheOtherInvalidParameters() {
    Answer answer = multi("devices=" + SM1 + ",PROFILE_A,WEATHER/WS-1,PROFILE_A/SM%201,PROFILE_B/GW-1/N/X"
        + "&interfaces=Foo" + PERIOD);
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray()
        .add(new JsonObject().put("parameter", "devices").put("message", "malformed entries: 'PROFILE_A', "
            + "'WEATHER/WS-1', 'PROFILE_A/SM 1', 'PROFILE_B/GW-1/N/X'; each is profile/serial or "
            + "profile/serial/connectorId, the profile one of PROFILE_A, REAL_WEATHER_STATION, PROFILE_B, "
            + "PROFILE_C, PROFILE_D, serial and connectorId 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':' "
            + "and '-'"))
        .add(new JsonObject().put("parameter", "interfaces").put("message", "unknown interface name(s): Foo; "
            + "names are case-sensitive, /api/docs lists them all")));
    assertThat(multi("interfaces=AirTemp" + PERIOD).json().getJsonArray("errors")).isEqualTo(new JsonArray()
        .add(new JsonObject().put("parameter", "devices").put("message",
            "at least one device is required, as profile/serial or profile/serial/connectorId")));
  }

  @Test
  void thePeriodLimitAppliesPerDevice() {
    Answer answer = multi("devices=" + SM1 + "," + NODE + "&interfaces=AirTemp&startDate=2023-01-01"
        + "&endDate=2024-03-01");
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray().add(new JsonObject()
        .put("parameter", "endDate").put("message", "the period is longer than 366 days, the limit for aggregation "
            + "none (readings.limit.none)")));
  }

  @Test
  void anUnknownOrForeignDeviceAnywhereInTheListIsThe404OfThatDeviceAndNothingElse() {
    for (String serial : List.of("SM-404", "SM-2")) {
      Answer answer = multi("devices=" + SM1 + "," + NODE + ",PROFILE_A/" + serial + "&interfaces=AirTemp" + PERIOD);
      assertThat(answer.status()).isEqualTo(404);
      assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
      assertThat(answer.json()).isEqualTo(new JsonObject().put("type", "https://field-readings.org/problems/404")
          .put("title", "Not Found").put("status", 404)
          .put("detail", "No device PROFILE_A/" + serial + " is associated with this API key."));
      assertThat(answer.body()).isEqualTo(fixture.readings("PROFILE_A", serial, "interfaces=AirTemp" + PERIOD).body());
    }
  }

  @Test
  void withoutKeyIs401() {
    Answer answer = fixture.api.get("/api/readings?devices=" + SM1 + "&interfaces=AirTemp" + PERIOD);
    assertThat(answer.status()).isEqualTo(401);
  }

  @Test
  void aLargeAnswerStreamsOneDeviceAfterTheOther() throws Exception {
    var request = fixture.api.request("/api/readings?devices=PROFILE_C/BIG-1,PROFILE_C/BIG-2&interfaces=AirTemp"
        + "&startDate=2024-04-01&endDate=2024-04-04").header("Authorization", "ApiKey " + fixture.apiKey).build();
    HttpResponse<InputStream> response = HttpClient.newHttpClient().send(request,
        HttpResponse.BodyHandlers.ofInputStream());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Length")).isEmpty();
    String body;
    try (InputStream in = response.body()) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    JsonArray devices = new JsonArray(body);
    assertThat(devices).hasSize(2);
    for (int d = 0; d < 2; d++) {
      JsonArray rows = devices.getJsonObject(d).getJsonArray("readings");
      assertThat(devices.getJsonObject(d).getString("serial")).isEqualTo("BIG-" + (d + 1));
      assertThat(rows).hasSize(BIG_MINUTES);
      assertThat(rows.getJsonObject(BIG_MINUTES - 1)).isEqualTo(new JsonObject()
          .put("timestamp", BIG_FROM.plus(BIG_MINUTES - 1, ChronoUnit.MINUTES).toEpochMilli())
          .put("AirTemp", aggregate("AirTemp", 10 + ((BIG_MINUTES - 1) % 100) * 0.01)));
    }
  }

  // --- expected values, from the imported readings ---

  private static long ms(String instant) {
    return Instant.parse(instant).toEpochMilli();
  }

  private static double aggregate(String iface, double value) {
    return ReadingsFixture.aggregate(iface, value);
  }

  private static JsonObject device(String profile, String serial, String connectorId, JsonArray readings) {
    return new JsonObject().put("profile", profile).put("serial", serial).put("connectorId", connectorId)
        .put("readings", readings);
  }

  /** Every reading of a device in the period of {@link #PERIOD} as rows of the requested interfaces. */
  private static JsonArray rawRows(String device, List<String> interfaces) {
    TreeMap<Instant, JsonObject> rows = new TreeMap<>();
    for (String iface : interfaces) {
      READINGS.get(device).getOrDefault(iface, new TreeMap<>()).forEach((at, value) -> rows
          .computeIfAbsent(at, t -> new JsonObject().put("timestamp", t.toEpochMilli()))
          .put(iface, value));
    }
    return new JsonArray(new ArrayList<>(rows.values()));
  }
}
