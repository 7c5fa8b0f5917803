package org.fieldreadings.app.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo on a first start: loaded through the admin API and the real plugins, then read back with the printed key
 * and through the printed curl commands' URLs.
 */
class DemoDataTest {

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer server;
  private static DemoTour tour;
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of("FR_DEMO", "true")));
    tour = server.demo().orElseThrow().toCompletableFuture().get(60, TimeUnit.SECONDS);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static HttpResponse<String> get(String pathOrUrl) throws Exception {
    String url = pathOrUrl.startsWith("http") ? pathOrUrl : tour.baseUrl() + pathOrUrl;
    return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", tour.authorization()).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static JsonArray readings(String device, String query) throws Exception {
    HttpResponse<String> answer = get("/api/devices/" + device + "/readings?" + query);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return new JsonArray(answer.body());
  }

  private static String lastWeek(String aggregation) {
    Instant today = Instant.now().truncatedTo(ChronoUnit.DAYS);
    return "startDate=" + today.minus(7, ChronoUnit.DAYS) + "&endDate=" + today.minusSeconds(1)
        + "&aggregation=" + aggregation;
  }

  @Test
  void theKeySeesExactlyTheFiveDemoDevices() throws Exception {
    JsonArray devices = new JsonArray(get("/api/devices/serials").body());
    assertThat(devices.stream().map(d -> ((JsonObject) d).getString("profile") + "/" + ((JsonObject) d)
        .getString("serial"))).containsExactly("PROFILE_A/SM-DEMO-01", "REAL_WEATHER_STATION/WS-DEMO-01",
        "PROFILE_B/GW-DEMO-01", "PROFILE_C/FM-DEMO-01", "PROFILE_D/70B3D57ED00DE301");
  }

  @Test
  void theReadmesSensorThingsTourFindsTheStationsNewestAirTemperatures() throws Exception {
    HttpResponse<String> answer = get("/api/sta/v1.1/Datastreams?$filter=Thing/name%20eq%20'WS-DEMO-01'%20and%20"
        + "ObservedProperty/name%20eq%20'AirTemp'&$select=name&$expand=Observations($top=3;"
        + "$orderby=phenomenonTime%20desc;$select=phenomenonTime,result)");
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    JsonArray datastreams = new JsonObject(answer.body()).getJsonArray("value");
    assertThat(datastreams).hasSize(1);
    assertThat(datastreams.getJsonObject(0).getString("name")).isEqualTo("WS-DEMO-01 AirTemp");
    JsonArray observations = datastreams.getJsonObject(0).getJsonArray("Observations");
    assertThat(observations).hasSize(3);
    assertThat(observations.stream().map(o -> Instant.parse(((JsonObject) o).getString("phenomenonTime"))))
        .isSortedAccordingTo(Comparator.reverseOrder());
  }

  @Test
  void theGatewayHasTwoAttachedDevices() throws Exception {
    JsonObject gateway = new JsonObject(get("/api/devices/PROFILE_B/GW-DEMO-01").body());
    assertThat(gateway.getJsonArray("connectors").stream().map(c -> ((JsonObject) c).getString("connectorId")))
        .containsExactly("ORIGIN", "N-AIR1", "N-SOIL1");
    assertThat(gateway.getJsonObject("location").getDouble("latitude")).isBetween(38.0, 39.0);
  }

  @Test
  void aWeekOfHourlyAirTemperatureHasADailyCycle() throws Exception {
    JsonArray hours = readings("REAL_WEATHER_STATION/WS-DEMO-01", "interfaces=AirTemp&" + lastWeek("hour"));
    assertThat(hours).hasSize(7 * 24);
    List<Double> temps = hours.stream().map(h -> ((JsonObject) h).getDouble("AirTemp")).toList();
    assertThat(temps).allSatisfy(t -> assertThat(t).isBetween(-10.0, 45.0));
    for (int day = 0; day < 7; day++) {
      List<Double> oneDay = temps.subList(day * 24, day * 24 + 24);
      assertThat(oneDay.stream().mapToDouble(Double::doubleValue).max().orElseThrow()
          - oneDay.stream().mapToDouble(Double::doubleValue).min().orElseThrow()).isGreaterThan(3);
    }
  }

  @Test
  void rainSumsToAFewSensibleEvents() throws Exception {
    JsonArray days = readings("REAL_WEATHER_STATION/WS-DEMO-01", "interfaces=Precipitation&startDate="
        + Instant.now().minus(91, ChronoUnit.DAYS) + "&endDate=" + Instant.now() + "&aggregation=day");
    List<Double> sums = days.stream().map(d -> ((JsonObject) d).getDouble("Precipitation")).toList();
    assertThat(sums).allSatisfy(mm -> assertThat(mm).isBetween(0.0, 80.0));
    assertThat(sums.stream().filter(mm -> mm > 0.5).count()).isBetween(3L, 20L);
  }

  @Test
  void theFlowMeterTotalNeverDecreasesAndGrowsWithIrrigation() throws Exception {
    JsonArray hours = readings("PROFILE_C/FM-DEMO-01", "interfaces=FlowmeterTotal,Flowmeter&" + lastWeek("none"));
    List<Double> totals = hours.stream().map(h -> ((JsonObject) h).getDouble("FlowmeterTotal")).toList();
    for (int i = 1; i < totals.size(); i++) {
      assertThat(totals.get(i)).isGreaterThanOrEqualTo(totals.get(i - 1));
    }
    JsonArray all = readings("PROFILE_C/FM-DEMO-01", "interfaces=FlowmeterTotal&startDate="
        + Instant.now().minus(91, ChronoUnit.DAYS) + "&endDate=" + Instant.now() + "&aggregation=week");
    double first = all.getJsonObject(0).getDouble("FlowmeterTotal");
    double last = all.getJsonObject(all.size() - 1).getDouble("FlowmeterTotal");
    assertThat(last).isGreaterThan(first);
  }

  @Test
  void thePrintedCurlCommandsWork() throws Exception {
    assertThat(tour.banner()).contains(tour.apiKey());
    assertThat(tour.curlCommands()).hasSize(3);
    for (String command : tour.curlCommands()) {
      String url = command.substring(command.lastIndexOf(" '") + 2, command.length() - 1);
      assertThat(command).contains("-H 'Authorization: " + tour.authorization() + "'");
      HttpResponse<String> answer = get(url);
      assertThat(answer.statusCode()).as(url + " " + answer.body()).isEqualTo(200);
      assertThat(answer.body()).isNotEqualTo("[]");
    }
  }
}
