package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import de.fraunhofer.iosb.ilt.sta.model.Datastream;
import de.fraunhofer.iosb.ilt.sta.model.Observation;
import de.fraunhofer.iosb.ilt.sta.model.Thing;
import de.fraunhofer.iosb.ilt.sta.model.ext.EntityList;
import de.fraunhofer.iosb.ilt.sta.service.SensorThingsService;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.http.HttpHeaders;
import org.apache.http.message.BasicHeader;
import org.fieldreadings.app.readings.ReadingsFixture.Entity;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SensorThings API ({@code /api/sta/v1.1}, docs/api.md "SensorThings API"): what it shows of a farm, its
 * options and errors, read over HTTP and with FROST-Client, a client nobody here wrote.
 */
class SensorThingsTest {

  private static final String ROOT = "/api/sta/v1.1";
  private static final String WS = "REAL_WEATHER_STATION";

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;
  private static Entity farm;
  private static Entity neighbour;
  private static long stationId;
  private static long probeId;

  @BeforeAll
  static void start() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of());
    farm = fixture.newEntity("sta-farm@example.com");
    neighbour = fixture.newEntity("sta-neighbour@example.com");
    device(farm, WS, "WS-STA-1", "{\"location\": {\"latitude\": 38.7369, \"longitude\": -9.1427}}");
    device(farm, "PROFILE_A", "SM-STA-1", "{}");
    device(neighbour, WS, "WS-OTHER", "{\"location\": {\"latitude\": 40.0, \"longitude\": -8.0}}");
    StringBuilder rows = new StringBuilder();
    // Values written as a gateway would: their text must come back as it went in.
    String[] values = {"12.5", "12.25", "-0.0", "13", "1.0E-7", "0.1"};
    for (int i = 0; i < values.length; i++) {
      rows.append(WS + ",WS-STA-1,ORIGIN,AirTemp,2026-11-0" + (i + 1) + "T06:00:00Z," + values[i] + "\n");
    }
    rows.append(WS + ",WS-STA-1,ORIGIN,AirHum,2026-11-01T06:00:00Z,81\n");
    rows.append("PROFILE_A,SM-STA-1,ORIGIN,SoilTemp30,2026-11-01T06:00:00Z,9.5\n");
    rows.append(WS + ",WS-OTHER,ORIGIN,AirTemp,2026-11-01T06:00:00Z,7\n");
    fixture.importCsv(rows.toString());
    JsonArray things = get(farm, "/Things").json().getJsonArray("value");
    stationId = idOf(things, "WS-STA-1");
    probeId = idOf(things, "SM-STA-1");
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  @Test
  void theServiceRootListsTheEightEntitySetsWithAbsoluteUrls() {
    Answer root = get(farm, "");
    assertThat(root.status()).isEqualTo(200);
    assertThat(root.header("Content-Type")).isEqualTo("application/json");
    String base = "http://127.0.0.1:" + fixture.server.httpPort() + ROOT;
    assertThat(root.json().getJsonArray("value").stream().map(v -> ((JsonObject) v).getString("url")))
        .containsExactly(base + "/Things", base + "/Locations", base + "/HistoricalLocations", base + "/Sensors",
            base + "/ObservedProperties", base + "/Datastreams", base + "/Observations",
            base + "/FeaturesOfInterest");
  }

  @Test
  void aThingIsADeviceWithItsProfileAndLinks() {
    JsonObject thing = get(farm, "/Things(" + stationId + ")").json();
    String self = "http://127.0.0.1:" + fixture.server.httpPort() + ROOT + "/Things(" + stationId + ")";
    assertThat(thing).isEqualTo(new JsonObject().put("@iot.selfLink", self).put("@iot.id", stationId)
        .put("name", "WS-STA-1").put("description", "The REAL_WEATHER_STATION device WS-STA-1")
        .put("properties", new JsonObject().put("profile", WS).putNull("group").put("subscriptions", new JsonArray()))
        .put("Locations@iot.navigationLink", self + "/Locations")
        .put("HistoricalLocations@iot.navigationLink", self + "/HistoricalLocations")
        .put("Datastreams@iot.navigationLink", self + "/Datastreams"));
  }

  @Test
  void aKeySeesItsOwnEntitysDevicesOnly() {
    assertThat(get(farm, "/Things").json().getJsonArray("value")).hasSize(2);
    assertThat(get(neighbour, "/Things").json().getJsonArray("value")).hasSize(1);
    Answer foreign = get(neighbour, "/Things(" + stationId + ")");
    assertThat(foreign.status()).isEqualTo(404);
    assertThat(foreign.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(get(neighbour, "/Things(" + stationId + ")/Datastreams").status()).isEqualTo(404);
  }

  @Test
  void observationsCarryTheValuesAsTheyWentIn() {
    JsonArray observations = get(farm, "/Things(" + stationId + ")/Datastreams").json().getJsonArray("value")
        .stream().map(JsonObject.class::cast).filter(d -> d.getString("name").equals("WS-STA-1 AirTemp"))
        .findFirst().map(d -> get(farm, "/Datastreams(" + d.getLong("@iot.id") + ")/Observations").json())
        .orElseThrow().getJsonArray("value");
    assertThat(observations.stream().map(o -> ((JsonObject) o).getString("phenomenonTime")))
        .containsExactly("2026-11-01T06:00:00Z", "2026-11-02T06:00:00Z", "2026-11-03T06:00:00Z",
            "2026-11-04T06:00:00Z", "2026-11-05T06:00:00Z", "2026-11-06T06:00:00Z");
    String body = get(farm, "/Datastreams(" + datastreamId("WS-STA-1 AirTemp") + ")/Observations").body();
    // As the readings operation writes them: a whole 13 as 13.0, 1.0E-7 in E notation, a negative zero with its sign.
    assertThat(body).contains("\"result\":12.5,", "\"result\":12.25,", "\"result\":-0.0,", "\"result\":13.0,",
        "\"result\":1.0E-7,", "\"result\":0.1,");
  }

  @Test
  void aDatastreamHasTheUnitOfItsInterface() {
    JsonObject datastream = get(farm, "/Datastreams(" + datastreamId("WS-STA-1 AirTemp") + ")").json();
    assertThat(datastream.getJsonObject("unitOfMeasurement").getString("symbol")).isEqualTo("°C");
    assertThat(datastream.getString("observationType"))
        .isEqualTo("http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement");
    assertThat(get(farm, "/Datastreams(" + datastreamId("WS-STA-1 AirTemp") + ")/Thing/name/$value").body())
        .isEqualTo("WS-STA-1");
  }

  @Test
  void topSkipAndCountPageWithANextLink() {
    long id = datastreamId("WS-STA-1 AirTemp");
    JsonObject page = get(farm, "/Datastreams(" + id + ")/Observations?$top=4&$count=true").json();
    assertThat(page.getLong("@iot.count")).isEqualTo(6);
    assertThat(page.getJsonArray("value")).hasSize(4);
    String next = page.getString("@iot.nextLink");
    // One Datastream's pages continue after the last reading shown, so each reads only its own blocks.
    assertThat(next).endsWith("/Datastreams(" + id + ")/Observations?$top=4&$filter=phenomenonTime%20gt%20"
        + "2026-11-04T06:00:00Z");
    JsonObject second = fixture.api.get(next.substring(next.indexOf("/api/")), auth(farm)).json();
    assertThat(second.getJsonArray("value")).hasSize(2);
    assertThat(second.containsKey("@iot.nextLink")).isFalse();
    // A count alone: no entity, and no next link asking for none again.
    assertThat(get(farm, "/Datastreams(" + id + ")/Observations?$top=0&$count=true").json())
        .isEqualTo(new JsonObject().put("@iot.count", 6).put("value", new JsonArray()));
  }

  @Test
  void observationsPageNewestFirstWhenOrderedDescending() {
    JsonArray newest = get(farm, "/Datastreams(" + datastreamId("WS-STA-1 AirTemp")
        + ")/Observations?$orderby=phenomenonTime%20desc&$top=2").json().getJsonArray("value");
    assertThat(newest.stream().map(o -> ((JsonObject) o).getString("phenomenonTime")))
        .containsExactly("2026-11-06T06:00:00Z", "2026-11-05T06:00:00Z");
  }

  @Test
  void observationsOnBothSidesOfAGapOfYearsPageInEitherOrder() {
    Entity keeper = fixture.newEntity("sta-gap@example.com");
    device(keeper, WS, "WS-GAP", "{}");
    fixture.importCsv(WS + ",WS-GAP,ORIGIN,AirTemp,2019-03-01T00:00:00Z,1.5\n" + WS
        + ",WS-GAP,ORIGIN,AirTemp,2019-03-02T00:00:00Z,2.5\n" + WS + ",WS-GAP,ORIGIN,AirTemp,2026-11-01T00:00:00Z,3.5\n");
    String path = "/Datastreams(" + idOf(get(keeper, "/Datastreams").json().getJsonArray("value"), "WS-GAP AirTemp")
        + ")/Observations";
    assertThat(pagesOfTimes(keeper, path + "?$top=2")).containsExactly(
        List.of("2019-03-01T00:00:00Z", "2019-03-02T00:00:00Z"), List.of("2026-11-01T00:00:00Z"));
    assertThat(pagesOfTimes(keeper, path + "?$top=2&$orderby=phenomenonTime%20desc")).containsExactly(
        List.of("2026-11-01T00:00:00Z", "2019-03-02T00:00:00Z"), List.of("2019-03-01T00:00:00Z"));
    assertThat(get(keeper, path + "?$top=1&$count=true").json().getLong("@iot.count")).isEqualTo(3);
  }

  @Test
  void aDatastreamNoLongerTheCallersIs404WithinASecond() {
    Entity keeper = fixture.newEntity("sta-leaver@example.com");
    device(keeper, WS, "WS-LEAVING", "{}");
    fixture.importCsv(WS + ",WS-LEAVING,ORIGIN,AirTemp,2026-11-01T00:00:00Z,4.5\n");
    String path = "/Datastreams(" + idOf(get(keeper, "/Datastreams").json().getJsonArray("value"),
        "WS-LEAVING AirTemp") + ")/Observations";
    assertThat(get(keeper, path).status()).isEqualTo(200);
    // Remembered for the entity that read it, never for another one.
    assertThat(get(neighbour, path).status()).isEqualTo(404);
    Answer removed = fixture.admin.delete("/admin/entities/" + keeper.entityId() + "/devices/" + WS + "/WS-LEAVING",
        "Authorization", "Bearer " + fixture.adminToken);
    assertThat(removed.status()).isEqualTo(204);
    long deadline = System.nanoTime() + 3_000_000_000L;
    int status = get(keeper, path).status();
    while (status == 200 && System.nanoTime() < deadline) {
      status = get(keeper, path).status();
    }
    assertThat(status).isEqualTo(404);
  }

  /** The phenomenonTimes of each page from the path on, following the next links. */
  private static List<List<String>> pagesOfTimes(Entity entity, String path) {
    List<List<String>> pages = new ArrayList<>();
    String next = ROOT + path;
    while (next != null) {
      JsonObject page = fixture.api.get(next, auth(entity)).json();
      pages.add(page.getJsonArray("value").stream().map(o -> ((JsonObject) o).getString("phenomenonTime")).toList());
      next = page.containsKey("@iot.nextLink")
          ? page.getString("@iot.nextLink").substring(page.getString("@iot.nextLink").indexOf("/api/")) : null;
    }
    return pages;
  }

  @Test
  void selectAndNestedExpandShapeTheEntities() {
    JsonObject thing = get(farm, "/Things(" + stationId + ")?$select=name&$expand=Datastreams($select=name;"
        + "$expand=Observations($top=1;$select=result)),Locations").json();
    assertThat(thing.fieldNames()).containsExactly("name", "Datastreams", "Locations");
    JsonObject airTemp = thing.getJsonArray("Datastreams").stream().map(JsonObject.class::cast)
        .filter(d -> d.getString("name").equals("WS-STA-1 AirTemp")).findFirst().orElseThrow();
    assertThat(airTemp.getJsonArray("Observations"))
        .isEqualTo(new JsonArray().add(new JsonObject().put("result", 12.5)));
    assertThat(thing.getJsonArray("Locations").getJsonObject(0).getJsonObject("location"))
        .isEqualTo(new JsonObject().put("type", "Point").put("coordinates", new JsonArray().add(-9.1427).add(38.7369)));
  }

  @Test
  void aPageOfObservationsIsWrittenAlikeWithAndWithoutExpansions() {
    String observations = "/Datastreams(" + datastreamId("WS-STA-1 AirTemp") + ")/Observations";
    // Without $expand a page is written from the readings' columns; with one, entity by entity.
    JsonArray plain = get(farm, observations).json().getJsonArray("value");
    JsonArray expanded = get(farm, observations + "?$expand=Datastream($select=id)").json().getJsonArray("value");
    expanded.forEach(observation -> ((JsonObject) observation).remove("Datastream"));
    assertThat(plain).hasSize(6).isEqualTo(expanded);
    JsonArray selected = get(farm, observations + "?$select=id,result,FeatureOfInterest").json()
        .getJsonArray("value");
    JsonObject first = plain.getJsonObject(0);
    assertThat(selected.getJsonObject(0)).isEqualTo(new JsonObject()
        .put("@iot.selfLink", first.getString("@iot.selfLink")).put("@iot.id", first.getLong("@iot.id"))
        .put("result", 12.5)
        .put("FeatureOfInterest@iot.navigationLink", first.getString("FeatureOfInterest@iot.navigationLink")));
  }

  @Test
  void aHistoricalLocationIsFoundAgainByTheTimeItShows() {
    JsonObject historical = get(farm, "/Things(" + stationId + ")/HistoricalLocations").json().getJsonArray("value")
        .getJsonObject(0);
    String time = historical.getString("time");
    assertThat(Instant.parse(time)).isBefore(Instant.now());
    JsonArray found = get(farm, "/HistoricalLocations?$filter=time%20eq%20" + time).json().getJsonArray("value");
    assertThat(found).hasSize(1);
    assertThat(found.getJsonObject(0).getLong("@iot.id")).isEqualTo(historical.getLong("@iot.id"));
  }

  @Test
  void sensorsAndObservedPropertiesAreThoseOfTheCallersDatastreams() {
    assertThat(get(farm, "/Sensors").json().getJsonArray("value").stream()
        .map(s -> ((JsonObject) s).getString("name"))).containsExactly("PROFILE_A", WS);
    assertThat(get(farm, "/ObservedProperties").json().getJsonArray("value").stream()
        .map(s -> ((JsonObject) s).getString("name"))).containsExactlyInAnyOrder("AirHum", "AirTemp", "SoilTemp30");
    assertThat(get(neighbour, "/ObservedProperties").json().getJsonArray("value").stream()
        .map(s -> ((JsonObject) s).getString("name"))).containsExactly("AirTemp");
  }

  @Test
  void aDeviceWithoutALocationHasNoLocation() {
    assertThat(get(farm, "/Things(" + probeId + ")/Locations").json().getJsonArray("value")).isEmpty();
    assertThat(get(farm, "/Locations(" + probeId + ")").status()).isEqualTo(404);
    assertThat(get(farm, "/Locations").json().getJsonArray("value")).hasSize(1);
  }

  @Test
  void thingsSensorsAndObservedPropertiesAreOrderedByTheirProperties() {
    assertThat(names(get(farm, "/Things?$orderby=name%20desc").json())).containsExactly("WS-STA-1", "SM-STA-1");
    assertThat(names(get(farm, "/Things?$orderby=properties/profile,name").json()))
        .containsExactly("SM-STA-1", "WS-STA-1");
    assertThat(names(get(farm, "/Sensors?$orderby=name%20desc").json())).containsExactly(WS, "PROFILE_A");
    assertThat(names(get(farm, "/ObservedProperties?$orderby=name").json()))
        .containsExactly("AirHum", "AirTemp", "SoilTemp30");
  }

  private static List<String> names(JsonObject page) {
    return page.getJsonArray("value").stream().map(e -> ((JsonObject) e).getString("name")).toList();
  }

  @Test
  void observationsComeAsADataArrayOfTheSelectedComponentsWithTheirValuesAsTheyWentIn() {
    long id = datastreamId("WS-STA-1 AirTemp");
    String base = "http://127.0.0.1:" + fixture.server.httpPort() + ROOT;
    Answer answer = get(farm, "/Datastreams(" + id + ")/Observations?$resultFormat=dataArray&$top=4"
        + "&$select=result,phenomenonTime&$count=true");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    assertThat(answer.body()).isEqualTo("{\"@iot.count\":6,\"value\":[{\"Datastream@iot.navigationLink\":\"" + base
        + "/Datastreams(" + id + ")\",\"components\":[\"result\",\"phenomenonTime\"],\"dataArray@iot.count\":4,"
        + "\"dataArray\":[[12.5,\"2026-11-01T06:00:00Z\"],[12.25,\"2026-11-02T06:00:00Z\"],"
        + "[-0.0,\"2026-11-03T06:00:00Z\"],[13.0,\"2026-11-04T06:00:00Z\"]]}],\"@iot.nextLink\":\"" + base
        + "/Datastreams(" + id + ")/Observations?$resultFormat=dataArray&$top=4&$select=result,phenomenonTime"
        + "&$filter=phenomenonTime%20gt%202026-11-04T06:00:00Z\"}");
  }

  @Test
  void aDataArrayHasTheIdsAndPropertiesOfTheObservationsOfEachDatastream() {
    JsonObject page = get(farm, "/Observations?$resultFormat=dataArray").json();
    JsonArray groups = page.getJsonArray("value");
    assertThat(groups.stream().map(g -> ((JsonObject) g).getString("Datastream@iot.navigationLink"))
        .map(link -> Long.parseLong(link.replaceAll(".*Datastreams\\((\\d+)\\)$", "$1"))))
        .containsExactly(datastreamId("WS-STA-1 AirTemp"), datastreamId("WS-STA-1 AirHum"),
            datastreamId("SM-STA-1 SoilTemp30"));
    JsonObject airTemp = groups.getJsonObject(0);
    assertThat(airTemp.getJsonArray("components")).containsExactly("id", "phenomenonTime", "result", "resultTime");
    assertThat(airTemp.getLong("dataArray@iot.count")).isEqualTo(6);
    JsonObject first = get(farm, "/Datastreams(" + datastreamId("WS-STA-1 AirTemp") + ")/Observations?$top=1")
        .json().getJsonArray("value").getJsonObject(0);
    assertThat(airTemp.getJsonArray("dataArray").getJsonArray(0)).containsExactly(first.getLong("@iot.id"),
        "2026-11-01T06:00:00Z", 12.5, "2026-11-01T06:00:00Z");
    assertThat(groups.getJsonObject(1).getJsonArray("dataArray")).hasSize(1);
    assertThat(groups.getJsonObject(2).getJsonArray("dataArray")).hasSize(1);
  }

  @Test
  void aDataArrayIsForCollectionsOfObservationsWithoutExpansions() {
    long id = datastreamId("WS-STA-1 AirTemp");
    assertProblem(get(farm, "/Things?$resultFormat=dataArray"), 400,
        "$resultFormat=dataArray is for collections of Observations, not of Things");
    assertProblem(get(farm, "/Datastreams(" + id + ")?$resultFormat=dataArray"), 400,
        "$resultFormat=dataArray is for collections of Observations, not for one entity");
    assertProblem(get(farm, "/Observations?$resultFormat=dataArray&$expand=Datastream"), 400,
        "$resultFormat=dataArray takes no $expand: its rows hold the Observations' own properties");
    assertProblem(get(farm, "/Observations?$resultFormat=dataArray&$select=result,FeatureOfInterest"), 400,
        "$select: a data array's components are id, phenomenonTime, result, resultTime, not FeatureOfInterest");
    assertProblem(get(farm, "/Observations?$resultFormat=GeoJSON"), 400,
        "$resultFormat must be dataArray (or left out for entities as JSON)");
    assertProblem(get(farm, "/Datastreams?$expand=Observations($resultFormat=dataArray)"), 400,
        "$resultFormat applies to a whole answer, not to an expansion");
  }

  @Test
  void malformedOptionsAre400AndUnknownPathsAre404() {
    assertProblem(get(farm, "/Things?$top=10001"), 400, "$top must be at most 10000");
    assertProblem(get(farm, "/Things?$select=colour"), 400, "$select: Thing has no property colour");
    assertProblem(get(farm, "/Things?$expand=Sensors"), 400, "$expand: Thing has no navigation property Sensors");
    assertProblem(get(farm, "/Things?$orderby=description"), 400, "$orderby: Things cannot be ordered by "
        + "description; they can by id, name, properties/group, properties/profile");
    assertProblem(get(farm, "/Datastreams?$orderby=name"), 400, "$orderby: Datastreams are ordered by id only");
    assertProblem(get(farm, "/Things?$frobnicate=1"), 400, "Unknown query option $frobnicate");
    assertProblem(get(farm, "/Gadgets"), 404, "No such entity set: Gadgets");
    assertProblem(get(farm, "/Things(" + stationId + ")/Sensors"), 404, "Thing has no navigation property Sensors");
    assertProblem(get(farm, "/Things(9007199254740991)"), 404, "No such Thing 9007199254740991");
  }

  @Test
  void writesAre405AndEveryPathNeedsAKey() {
    Answer post = fixture.api.post(ROOT + "/Things", "{}", "Authorization", "ApiKey " + farm.apiKey(),
        "Content-Type", "application/json");
    assertThat(post.status()).isEqualTo(405);
    assertThat(fixture.api.get(ROOT + "/Things").status()).isEqualTo(401);
    assertThat(fixture.api.get(ROOT + "/Things(" + stationId + ")/Datastreams").status()).isEqualTo(401);
  }

  @Test
  void aTimeFilterOnObservationsReadsOnlyItsRange() {
    JsonArray range = get(farm, "/Datastreams(" + datastreamId("WS-STA-1 AirTemp") + ")/Observations?$filter="
        + "phenomenonTime%20ge%202026-11-02T00:00:00Z%20and%20phenomenonTime%20lt%202026-11-04T00:00:00Z")
        .json().getJsonArray("value");
    assertThat(range.stream().map(o -> ((JsonObject) o).getString("phenomenonTime")))
        .containsExactly("2026-11-02T06:00:00Z", "2026-11-03T06:00:00Z");
  }

  @Test
  void aFilterOnResultsIsCheckedReadingByReadingAndPaged() {
    JsonObject page = get(farm, "/Datastreams(" + datastreamId("WS-STA-1 AirTemp") + ")/Observations?$filter="
        + "result%20gt%2012.2%20and%20year(phenomenonTime)%20eq%202026&$top=2&$count=true").json();
    assertThat(page.getLong("@iot.count")).isEqualTo(3);
    assertThat(page.getJsonArray("value").stream().map(o -> ((JsonObject) o).getValue("result").toString()))
        .containsExactly("12.5", "12.25");
    String next = page.getString("@iot.nextLink");
    JsonArray rest = fixture.api.get(next.substring(next.indexOf("/api/")), auth(farm)).json().getJsonArray("value");
    assertThat(rest.stream().map(o -> ((JsonObject) o).getValue("result").toString())).containsExactly("13.0");
  }

  @Test
  void theObservationsOfAllDatastreamsPageWithSkip() {
    JsonObject page = get(farm, "/Observations?$top=5").json();
    assertThat(page.getJsonArray("value")).hasSize(5);
    assertThat(page.getString("@iot.nextLink")).endsWith("/Observations?$top=5&$skip=5");
    assertThat(get(farm, "/Observations?$top=5&$skip=5").json().getJsonArray("value")).hasSize(3);
  }

  @Test
  void locationsAreFilteredByTheMapExtentAsQgisAsks() {
    String extent = "geo.intersects(location,%20geography'POLYGON((-10%2038,%20-9%2038,%20-9%2039,%20-10%2039,"
        + "%20-10%2038))')";
    assertThat(get(farm, "/Locations?$filter=" + extent).json().getJsonArray("value").stream()
        .map(l -> ((JsonObject) l).getLong("@iot.id"))).containsExactly(stationId);
    String elsewhere = "st_within(location,%20geography'POLYGON((0%200,%201%200,%201%201,%200%201,%200%200))')";
    assertThat(get(farm, "/Locations?$filter=" + elsewhere).json().getJsonArray("value")).isEmpty();
  }

  @Test
  void thingsAndDatastreamsAreFilteredInTheDatabase() {
    assertThat(get(farm, "/Things?$filter=startswith(name,'WS-')%20and%20properties/profile%20eq%20'" + WS + "'")
        .json().getJsonArray("value").stream().map(t -> ((JsonObject) t).getString("name")))
        .containsExactly("WS-STA-1");
    assertThat(get(farm, "/Datastreams?$filter=ObservedProperty/name%20eq%20'AirHum'&$count=true").json()
        .getLong("@iot.count")).isEqualTo(1);
    assertThat(get(farm, "/ObservedProperties?$filter=endswith(name,'Temp')").json().getJsonArray("value")
        .stream().map(p -> ((JsonObject) p).getString("name"))).containsExactly("AirTemp");
  }

  @Test
  void datastreamsAreFilteredOnTheirThingsProperties() {
    assertThat(get(farm, "/Datastreams?$filter=Thing/name%20eq%20'WS-STA-1'%20and%20ObservedProperty/name%20eq%20"
        + "'AirTemp'").json().getJsonArray("value").stream().map(d -> ((JsonObject) d).getString("name")))
        .containsExactly("WS-STA-1 AirTemp");
    assertThat(get(farm, "/Datastreams?$filter=startswith(Thing/properties/profile,'PROFILE')").json()
        .getJsonArray("value").stream().map(d -> ((JsonObject) d).getString("name")))
        .containsExactly("SM-STA-1 SoilTemp30");
    // Another entity's Thing of that name is not the caller's.
    assertThat(get(farm, "/Datastreams?$filter=Thing/name%20eq%20'WS-OTHER'").json().getJsonArray("value"))
        .isEmpty();
    assertProblem(get(farm, "/Datastreams?$filter=Thing/name%20eq%20'WS-STA-1'%20or%20id%20eq%201"), 400,
        "$filter: Datastreams are filtered on Thing/name in conditions on their Thing alone, joined to the others "
        + "with and ((Thing/name eq 'A' or Thing/name eq 'B') and ...)");
  }

  @Test
  void observationsAreFilteredOnTheirDatastreamItsThingAndTheirFeatureOfInterest() {
    long airTemp = datastreamId("WS-STA-1 AirTemp");
    assertThat(results(farm, "/Observations?$filter=Datastream/id%20eq%20" + airTemp + "%20and%20result%20gt%2012.3"))
        .containsExactly("12.5", "13.0");
    assertThat(results(farm, "/Observations?$filter=Datastream/ObservedProperty/name%20eq%20'AirHum'"))
        .containsExactly("81.0");
    assertThat(results(farm, "/Observations?$filter=Datastream/Thing/name%20eq%20'SM-STA-1'")).containsExactly("9.5");
    assertThat(results(farm, "/Observations?$filter=FeatureOfInterest/id%20eq%20" + probeId)).containsExactly("9.5");
    // Conditions on a Datastream choose among the caller's own only.
    assertThat(results(neighbour, "/Observations?$filter=Datastream/id%20eq%20" + airTemp)).isEmpty();
    assertProblem(get(farm, "/Observations?$filter=Datastream/name%20eq%20'x'"), 400,
        "$filter: Datastreams cannot be filtered on name; they can on ObservedProperty/name, Thing/id, id");
  }

  private static List<String> results(Entity entity, String path) {
    return get(entity, path).json().getJsonArray("value").stream()
        .map(o -> ((JsonObject) o).getValue("result").toString()).toList();
  }

  @Test
  void theRequestsOfGrafanasDataSourceAreAnswered() {
    // As FROST's Grafana data source asks for a graph and for a Thing on a world map. (Its Location table expands
    // HistoricalLocations' "Things", a navigation the standard names "Thing": no server answers that one.)
    String range = "%20gt%202000-01-01T00:00:00.000Z%20and%20{0}%20lt%202100-01-01T00:00:00.000Z";
    JsonArray graph = get(farm, "/Datastreams(" + datastreamId("WS-STA-1 AirTemp") + ")/Observations?$filter="
        + "phenomenonTime" + range.replace("{0}", "phenomenonTime")).json().getJsonArray("value");
    assertThat(graph).hasSize(6);
    JsonArray map = get(farm, "/Things(" + stationId + ")/HistoricalLocations?$filter=time"
        + range.replace("{0}", "time") + "&$expand=Locations").json().getJsonArray("value");
    assertThat(map.getJsonObject(0).getJsonArray("Locations").getJsonObject(0).getJsonObject("location")
        .getJsonArray("coordinates")).containsExactly(-9.1427, 38.7369);
  }

  @Test
  void datastreamsAreFilteredOnTheirNameDescriptionAndUnit() {
    assertThat(names(get(farm, "/Datastreams?$filter=name%20eq%20'WS-STA-1%20AirTemp'").json()))
        .containsExactly("WS-STA-1 AirTemp");
    assertThat(names(get(farm, "/Datastreams?$filter=startswith(name,'WS-STA-1')%20and%20"
        + "ObservedProperty/name%20ne%20'AirTemp'").json())).containsExactly("WS-STA-1 AirHum");
    JsonObject page = get(farm, "/Datastreams?$filter=contains(description,'device')&$top=1&$skip=1&$count=true")
        .json();
    assertThat(page.getLong("@iot.count")).isEqualTo(3);
    assertThat(page.getJsonArray("value")).hasSize(1);
    assertThat(page.getString("@iot.nextLink")).contains("$skip=2");
    assertThat(names(get(farm, "/Datastreams?$filter=unitOfMeasurement/symbol%20eq%20'%25'").json()))
        .containsExactly("WS-STA-1 AirHum");
    // The neighbour's Datastream of the same name is not the farm's.
    assertThat(names(get(farm, "/Datastreams?$filter=name%20eq%20'WS-OTHER%20AirTemp'").json())).isEmpty();
  }

  @Test
  void aFilterThatDoesNotFitIsA400NamingWhy() {
    assertProblem(get(farm, "/Things?$filter=name%20eq%2012"), 400, "$filter: eq cannot compare a string with a "
        + "number");
    assertProblem(get(farm, "/Things?$filter=colour%20eq%20'red'"), 400, "$filter: Thing has no property colour");
    assertProblem(get(farm, "/Things?$filter=name%20eq"), 400, "$filter: the expression ends too early at position "
        + "8");
    assertProblem(get(farm, "/Things?$filter=frobnicate(name)"), 400, "$filter: unknown function frobnicate at "
        + "position 1");
  }

  @Test
  void frostClientReadsThingsDatastreamsAndObservations() throws Exception {
    SensorThingsService service = new SensorThingsService(
        URI.create("http://127.0.0.1:" + fixture.server.httpPort() + ROOT).toURL());
    service.getClientBuilder().setDefaultHeaders(List.of(new BasicHeader(HttpHeaders.AUTHORIZATION,
        "ApiKey " + farm.apiKey())));
    service.rebuildHttpClient();
    Thing station = service.things().find(stationId);
    assertThat(station.getName()).isEqualTo("WS-STA-1");
    EntityList<Datastream> datastreams = station.datastreams().query().list();
    Datastream airTemp = datastreams.toList().stream().filter(d -> d.getName().equals("WS-STA-1 AirTemp"))
        .findFirst().orElseThrow();
    assertThat(airTemp.getUnitOfMeasurement().getSymbol()).isEqualTo("°C");
    EntityList<Observation> observations = airTemp.observations().query().top(4).count().list();
    assertThat(observations.getCount()).isEqualTo(6);
    List<Object> results = new java.util.ArrayList<>();
    observations.fullIterator().forEachRemaining(o -> results.add(o.getResult()));
    // FROST-Client reads numbers as BigDecimal, which has no negative zero: the -0.0 sent arrives as 0.0.
    assertThat(results.stream().map(r -> Double.parseDouble(r.toString())).toList())
        .containsExactly(12.5, 12.25, 0.0, 13.0, 1.0E-7, 0.1);
    EntityList<Observation> day = airTemp.observations().query()
        .filter("phenomenonTime ge 2026-11-03T00:00:00Z and phenomenonTime lt 2026-11-04T00:00:00Z").list();
    assertThat(day.toList()).hasSize(1);
    assertThat(day.toList().get(0).getPhenomenonTime().getAsDateTime().toInstant())
        .isEqualTo(java.time.Instant.parse("2026-11-03T06:00:00Z"));
  }

  // --- helpers ---

  private static void device(Entity entity, String profile, String serial, String body) {
    fixture.adminPut("/admin/devices/" + profile + "/" + serial, body);
    fixture.adminPut("/admin/entities/" + entity.entityId() + "/devices/" + profile + "/" + serial, null);
  }

  private static Answer get(Entity entity, String path) {
    return fixture.api.get(ROOT + path, auth(entity));
  }

  private static String[] auth(Entity entity) {
    return new String[] {"Authorization", "ApiKey " + entity.apiKey()};
  }

  private static long idOf(JsonArray entities, String name) {
    return entities.stream().map(JsonObject.class::cast).filter(e -> e.getString("name").equals(name)).findFirst()
        .orElseThrow().getLong("@iot.id");
  }

  private static long datastreamId(String name) {
    return idOf(get(farm, "/Datastreams").json().getJsonArray("value"), name);
  }

  private static void assertProblem(Answer answer, int status, String detail) {
    assertThat(answer.status()).as(answer.toString()).isEqualTo(status);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getString("detail")).isEqualTo(detail);
  }
}
