package org.fieldreadings.app.explorer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.fieldreadings.app.explorer.HeadlessChromium.jsString;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The readings explorer as a person uses it, in a headless Chromium: a wrong key shows the API's error, the right
 * key lists the devices, and a week of AirTemp is charted in the device's zone or in UTC (then AirHum beside it on a
 * second chart, and the CSV is downloaded); its link leads to Swagger UI showing the contract. The latest values of
 * the selected device, the map of the entity's devices, rain days and several devices on one chart each have a test.
 * Leaves screenshots in {@code target/explorer*.png}. Runs with {@code -Pbrowser}.
 */
@Tag("browser")
class ExplorerBrowserTest {

  private static final Instant WEEK_START = Instant.parse("2024-05-06T00:00:00Z");
  private static final int HOURS = 7 * 24;
  private static final Duration STEP_TIMEOUT = Duration.ofSeconds(20);
  /** WS-1's location, in Lisbon: one hour ahead of UTC in May. */
  private static final double WS1_LATITUDE = 38.7;
  private static final double WS1_LONGITUDE = -9.1;
  private static final double WS2_LATITUDE = 38.75;
  private static final double WS2_LONGITUDE = -9.0;
  private static final Duration LISBON_MAY = Duration.ofHours(1);
  /** WS-2 reported this long before the test: it is not silent. */
  private static final Duration WS2_SILENCE = Duration.ofHours(2);

  @TempDir
  Path dir;

  @Test
  void chartsAWeekOfAirTemperatureInTheDevicesZoneOrInUtc() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      String apiKey = seed(server, dir.resolve("data"));
      chromium.navigate("http://127.0.0.1:" + server.httpPort() + "/");

      useKey(chromium, "not-a-key");
      chromium.waitFor("!document.getElementById('error').hidden", STEP_TIMEOUT);
      assertThat(chromium.evaluate("document.getElementById('error').textContent"))
          .isEqualTo("Unauthorized: A valid 'Authorization: ApiKey <key>' header is required.");

      assertThat((String) chromium.evaluate("document.getElementById('key-hint').textContent"))
          .contains("prints a demo key").contains("POST /api/access/token");

      useKey(chromium, apiKey);
      // The first device is drawn at once, on its most useful series, for the last seven days.
      chromium.waitFor("document.getElementById('status').textContent === 'No readings in this period.'",
          STEP_TIMEOUT);
      assertThat(checked(chromium)).isEqualTo("SMmm10");
      assertThat(chromium.evaluate("document.getElementById('time-zone').value")).isEqualTo("device");
      selectDevice(chromium, "WS-1");
      assertThat(chromium.evaluate("document.getElementById('status').textContent"))
          .isEqualTo("No readings in this period.");
      assertThat(checked(chromium)).isEqualTo("AirTemp");
      period(chromium, "2024-05-06", "2024-05-12");
      submit(chromium);

      // The device's zone: the days asked are Lisbon's, 05-05T23:00Z to 05-12T22:59:59Z, so the last hour is out.
      Instant lisbonStart = WEEK_START.minus(LISBON_MAY);
      assertThat(chromium.evaluate("document.querySelectorAll('#charts canvas').length")).isEqualTo(1);
      assertThat(chart(chromium, 0)).isEqualTo(new JsonObject().put("lines", 1).put("label", "AirTemp")
          .put("type", "line").put("points", HOURS - 1).put("drawn", HOURS - 1)
          .put("firstX", WEEK_START.toEpochMilli()).put("unit", "°C").put("xMin", WEEK_START.toEpochMilli())
          .put("xMax", WEEK_START.plusSeconds((HOURS - 2) * 3600L).toEpochMilli()).put("yMin", 10)
          .put("ticks", dayTicks(lisbonStart.plus(Duration.ofDays(1)), 6))
          .put("labels", "2024-05-07 2024-05-08 2024-05-09 2024-05-10 2024-05-11 2024-05-12"));
      assertThat(chromium.evaluate("document.getElementById('error').hidden")).isEqualTo(true);
      assertThat(chromium.evaluate("document.getElementById('status').textContent"))
          .isEqualTo((HOURS - 1) + " readings, aggregation hour (auto), times in Europe/Lisbon.");

      chromium.evaluate("document.getElementById('time-zone').value = 'UTC'");
      submit(chromium);
      assertThat(chart(chromium, 0)).isEqualTo(new JsonObject().put("lines", 1).put("label", "AirTemp")
          .put("type", "line").put("points", HOURS).put("drawn", HOURS).put("firstX", WEEK_START.toEpochMilli())
          .put("unit", "°C").put("xMin", WEEK_START.toEpochMilli())
          .put("xMax", WEEK_START.plusSeconds((HOURS - 1) * 3600L).toEpochMilli()).put("yMin", 10)
          .put("ticks", dayTicks(WEEK_START, 7))
          .put("labels", "2024-05-06 2024-05-07 2024-05-08 2024-05-09 2024-05-10 2024-05-11 2024-05-12"));
      assertThat(chromium.evaluate("document.getElementById('status').textContent"))
          .isEqualTo(HOURS + " readings, aggregation hour (auto), times in UTC.");

      choose(chromium, "AirTemp", "AirHum", "Precipitation");
      submit(chromium);
      assertThat(chromium.evaluate("document.querySelectorAll('#charts canvas').length")).isEqualTo(3);
      assertThat(chart(chromium, 1).getString("unit")).isEqualTo("%");
      JsonObject rain = chart(chromium, 2);
      assertThat(rain.getString("label")).isEqualTo("Precipitation");
      assertThat(rain.getString("type")).isEqualTo("bar");
      assertThat(rain.getInteger("yMin")).isZero();
      chromium.screenshot(Path.of("target", "explorer.png"));

      chromium.evaluate("document.getElementById('download').click()");
      chromium.waitFor("document.getElementById('status').textContent === 'Downloaded WS-1_2024-05-06_2024-05-12.csv.'",
          STEP_TIMEOUT);

      // A failed request takes the old charts away: what is shown always matches the form.
      chromium.evaluate("document.getElementById('start').value = '2024-05-13'");
      submit(chromium);
      assertThat(chromium.evaluate("document.getElementById('error').textContent")).asString()
          .contains("startDate").contains("must not be after endDate");
      assertThat(chromium.evaluate("document.querySelectorAll('#charts canvas').length")).isEqualTo(0);
      // A zone the service does not know is its to refuse, in its words.
      period(chromium, "2024-05-06", "2024-05-12");
      chromium.evaluate("document.getElementById('time-zone').value = 'Mars/Olympus'");
      submit(chromium);
      assertThat(chromium.evaluate("document.getElementById('error').textContent")).asString()
          .contains("timeZone").contains("'Mars/Olympus' is not an IANA time zone");

      int operations = operations(new TestHttp(server.httpPort()).get("/api/openapi.json").json());
      chromium.evaluate("document.querySelector('header a').click()");
      chromium.waitFor("location.pathname === '/api/docs' && document.querySelectorAll('.opblock').length === "
          + operations, STEP_TIMEOUT);
      assertThat(chromium.problems())
          .as("nothing failed in the pages but the wrong key's, the bad period's and the unknown zone's requests")
          .hasSize(3).anySatisfy(problem -> assertThat(problem).asString().contains("/api/devices/serials", "401"))
          .filteredOn(problem -> problem.contains("/readings") && problem.contains("400")).hasSize(2);
    }
  }

  @Test
  void showsTheLatestValuesOfTheSelectedDeviceAndMarksASilentOne() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      String apiKey = seed(server, dir.resolve("data"));
      Instant lastOfWs1 = WEEK_START.plusSeconds((HOURS - 1) * 3600L);
      long daysBefore = Duration.between(lastOfWs1, Instant.now()).toDays();
      chromium.navigate("http://127.0.0.1:" + server.httpPort() + "/");
      useKey(chromium, apiKey);
      chromium.waitFor("document.getElementById('status').textContent === 'No readings in this period.'",
          STEP_TIMEOUT);

      selectDevice(chromium, "WS-1");
      assertThat(chromium.evaluate("document.getElementById('latest-heading').textContent"))
          .isEqualTo("Latest values of WS-1");
      // The last hour of the week is 23:00 UTC, where the seeded daily wave is at its sine's -0.5.
      long daysAfter = Duration.between(lastOfWs1, Instant.now()).toDays();
      assertThat(latestRows(chromium)).isIn(
          latestOfWs1(daysBefore), latestOfWs1(daysAfter));
      assertThat(chromium.evaluate("document.getElementById('silence').hidden")).isEqualTo(false);
      assertThat(chromium.evaluate("document.getElementById('silence').textContent")).isIn(
          "\u26a0 Silent for more than a day: the newest reading is " + daysBefore + " d ago.",
          "\u26a0 Silent for more than a day: the newest reading is " + daysAfter + " d ago.");

      selectDevice(chromium, "WS-2");
      assertThat(latestRows(chromium)).isEqualTo("ORIGIN|AirTemp|20 °C|" + WS2_SILENCE.toHours() + " h ago");
      assertThat(chromium.evaluate("document.getElementById('silence').hidden")).isEqualTo(true);
      chromium.screenshot(Path.of("target", "explorer-latest.png"));
      assertThat(chromium.problems()).isEmpty();
    }
  }

  @Test
  void mapsTheDevicesOfTheEntityFromTheirLocationsWithoutATileServer() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      String apiKey = seed(server, dir.resolve("data"));
      chromium.navigate("http://127.0.0.1:" + server.httpPort() + "/");
      useKey(chromium, apiKey);
      chromium.waitFor("document.getElementById('status').textContent === 'No readings in this period.'",
          STEP_TIMEOUT);

      // The map is 400 × 240 with a margin of 20: the 0.05° of latitude between the stations fill its 200 inner
      // units of height; the 0.1° of longitude, shortened by the cosine of the mean latitude, are centred across.
      double scale = 200 / (WS2_LATITUDE - WS1_LATITUDE);
      double width = (WS2_LONGITUDE - WS1_LONGITUDE) * Math.cos(Math.toRadians((WS1_LATITUDE + WS2_LATITUDE) / 2))
          * scale;
      JsonArray points = new JsonArray((String) chromium.evaluate("""
          JSON.stringify([...document.querySelectorAll('#map .point')].map(p => ({device: p.dataset.device,
            classes: p.getAttribute('class'), label: p.getAttribute('aria-label'), text: p.textContent,
            x: Number(p.querySelector('circle').getAttribute('cx')),
            y: Number(p.querySelector('circle').getAttribute('cy'))})))"""));
      assertThat(points).hasSize(2);
      JsonObject ws1 = points.getJsonObject(0);
      JsonObject ws2 = points.getJsonObject(1);
      assertThat(ws1.getString("device")).isEqualTo("REAL_WEATHER_STATION/WS-1");
      assertThat(ws1.getString("classes")).isEqualTo("point silent");
      assertThat(ws1.getString("label"))
          .isEqualTo("REAL_WEATHER_STATION / WS-1 at 38.7, -9.1, silent for more than a day");
      assertThat(ws1.getDouble("x")).isCloseTo(200 - width / 2, within(1e-6));
      assertThat(ws1.getDouble("y")).isCloseTo(220, within(1e-6));
      assertThat(ws2.getString("device")).isEqualTo("REAL_WEATHER_STATION/WS-2");
      assertThat(ws2.getString("classes")).isEqualTo("point");
      assertThat(ws2.getString("label")).isEqualTo("REAL_WEATHER_STATION / WS-2 at 38.75, -9");
      assertThat(ws2.getDouble("x")).isCloseTo(200 + width / 2, within(1e-6));
      assertThat(ws2.getDouble("y")).isCloseTo(20, within(1e-6));
      assertThat(chromium.evaluate("document.getElementById('map-note').textContent"))
          .isEqualTo("2 of 3 devices have a location; the map is about "
              + String.format(Locale.ROOT, "%.1f", 400 / scale * 111.32) + " km wide.");
      assertThat(chromium.evaluate("document.querySelectorAll('#map image, #map use').length")).isEqualTo(0);

      // A point selects its device.
      chromium.evaluate("document.querySelector('#map .point[data-device=\"REAL_WEATHER_STATION/WS-2\"]')"
          + ".dispatchEvent(new MouseEvent('click', {bubbles: true}))");
      chromium.waitFor("document.getElementById('latest-heading').textContent === 'Latest values of WS-2'",
          STEP_TIMEOUT);
      waitIdle(chromium);
      assertThat(chromium.evaluate("document.getElementById('device').selectedOptions[0].text"))
          .isEqualTo("REAL_WEATHER_STATION / WS-2 (AIR)");
      assertThat(chromium.evaluate("document.querySelector('#map .selected').dataset.device"))
          .isEqualTo("REAL_WEATHER_STATION/WS-2");
      // And from the keyboard: a point is focusable and Enter selects it.
      assertThat(chromium.evaluate("document.querySelector('#map .point').tabIndex")).isEqualTo(0);
      chromium.evaluate("document.querySelector('#map .point').dispatchEvent(new KeyboardEvent('keydown', "
          + "{key: 'Enter', bubbles: true}))");
      chromium.waitFor("document.getElementById('latest-heading').textContent === 'Latest values of WS-1'",
          STEP_TIMEOUT);
      waitIdle(chromium);
      assertThat(chromium.evaluate("document.querySelector('#map .selected').dataset.device"))
          .isEqualTo("REAL_WEATHER_STATION/WS-1");
      chromium.screenshot(Path.of("target", "explorer-map.png"));
      assertThat(chromium.problems()).isEmpty();
    }
  }

  @Test
  void chartsRainDaysAndSeveralDevicesOnOneChart() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      String apiKey = seed(server, dir.resolve("data"));
      chromium.navigate("http://127.0.0.1:" + server.httpPort() + "/");
      useKey(chromium, apiKey);
      chromium.waitFor("document.getElementById('status').textContent === 'No readings in this period.'",
          STEP_TIMEOUT);
      selectDevice(chromium, "WS-1");

      // Rain days in the device's zone: 09:00 in Lisbon is 08:00 UTC in May.
      choose(chromium, "Precipitation");
      period(chromium, "2024-05-07", "2024-05-08");
      chromium.evaluate("document.getElementById('aggregation').value = 'day'");
      chromium.evaluate("document.getElementById('day-start').value = '09:00'");
      submit(chromium);
      Instant firstRainDay = Instant.parse("2024-05-07T09:00:00Z").minus(LISBON_MAY);
      Instant secondRainDay = firstRainDay.plus(Duration.ofDays(1));
      assertThat(series(chromium, 0, 0)).isEqualTo(new JsonArray()
          .add(new JsonObject().put("x", firstRainDay.toEpochMilli()).put("y", rainBetween(firstRainDay)))
          .add(new JsonObject().put("x", secondRainDay.toEpochMilli()).put("y", rainBetween(secondRainDay))));
      assertThat(chromium.evaluate("document.getElementById('status').textContent"))
          .isEqualTo("2 readings, aggregation day, times in Europe/Lisbon.");

      // Several devices on one chart: WS-2 beside WS-1, Lisbon days of the whole week.
      chromium.evaluate("document.getElementById('day-start').value = '00:00'");
      chromium.evaluate("""
          [...document.getElementById('compare').options]
            .forEach(o => o.selected = o.text === 'REAL_WEATHER_STATION / WS-2')""");
      choose(chromium, "AirTemp");
      period(chromium, "2024-05-06", "2024-05-12");
      submit(chromium);
      assertThat(chromium.evaluate("document.querySelectorAll('#charts canvas').length")).isEqualTo(1);
      assertThat(chromium.evaluate("Chart.getChart(document.querySelector('#charts canvas')).data.datasets"
          + ".map(d => d.label).join(',')")).isEqualTo("WS-1 AirTemp,WS-2 AirTemp");
      JsonArray lisbonDays = new JsonArray();
      for (int day = 0; day < 7; day++) {
        lisbonDays.add(new JsonObject().put("x", WEEK_START.minus(LISBON_MAY).plus(Duration.ofDays(day))
            .toEpochMilli()).put("y", 20));
      }
      assertThat(series(chromium, 0, 1)).isEqualTo(lisbonDays);
      assertThat(series(chromium, 0, 0).stream().map(point -> ((JsonObject) point).getLong("x")))
          .containsExactlyElementsOf(lisbonDays.stream().map(point -> ((JsonObject) point).getLong("x")).toList());
      assertThat(chromium.evaluate("document.getElementById('status').textContent"))
          .isEqualTo("14 readings of 2 devices, aggregation day, times in Europe/Lisbon.");
      chromium.screenshot(Path.of("target", "explorer-devices.png"));
      assertThat(chromium.problems()).isEmpty();
    }
  }

  /** The seeded rain of the 24 hours from a rain day's start: 0.4 mm in every fifth hour of the week. */
  private static double rainBetween(Instant dayStart) {
    double sum = 0;
    for (int hour = 0; hour < HOURS; hour++) {
      Instant at = WEEK_START.plusSeconds(hour * 3600L);
      if (!at.isBefore(dayStart) && at.isBefore(dayStart.plus(Duration.ofDays(1))) && hour % 5 == 0) {
        sum += 0.4;
      }
    }
    return Math.round(sum * 10) / 10.0;
  }

  private static String latestOfWs1(long days) {
    return String.join("\n", "ORIGIN|AirTemp|13 °C|" + days + " d ago", "ORIGIN|AirHum|75 %|" + days + " d ago",
        "ORIGIN|Precipitation|0 mm|" + days + " d ago");
  }

  /** The latest-values table, a line per row, cells joined by '|'. */
  private static String latestRows(HeadlessChromium chromium) {
    return (String) chromium.evaluate("[...document.querySelectorAll('#latest-rows tr')]"
        + ".map(row => [...row.cells].map(c => c.textContent).join('|')).join('\\n')");
  }

  /** ISO UTC minutes of `count` daily ticks from `first`, space-separated. */
  private static String dayTicks(Instant first, int count) {
    StringBuilder ticks = new StringBuilder();
    for (int day = 0; day < count; day++) {
      ticks.append(day == 0 ? "" : " ").append(first.plus(Duration.ofDays(day)).toString(), 0, 16);
    }
    return ticks.toString();
  }

  /** The operations of an OpenAPI document, each one block in Swagger UI. */
  private static int operations(JsonObject openApi) {
    int count = 0;
    for (String path : openApi.getJsonObject("paths").fieldNames()) {
      count += openApi.getJsonObject("paths").getJsonObject(path).fieldNames().stream()
          .filter(method -> List.of("get", "put", "post", "delete", "patch").contains(method)).count();
    }
    return count;
  }

  private static void selectDevice(HeadlessChromium chromium, String serial) {
    chromium.evaluate("""
        (() => {
          const select = document.getElementById('device');
          select.value = [...select.options].find(o => o.text.startsWith('REAL_WEATHER_STATION / %s')).value;
          select.dispatchEvent(new Event('change'));
        })()""".formatted(serial));
    waitIdle(chromium);
  }

  private static void period(HeadlessChromium chromium, String start, String end) {
    chromium.evaluate("document.getElementById('start').value = " + jsString(start));
    chromium.evaluate("document.getElementById('end').value = " + jsString(end));
  }

  /** Shows the form's readings and waits until the page has answered. */
  private static void submit(HeadlessChromium chromium) {
    chromium.evaluate("document.querySelector('#query-form button[type=submit]').click()");
    waitIdle(chromium);
  }

  /** The page disables its buttons while it works. */
  private static void waitIdle(HeadlessChromium chromium) {
    chromium.waitFor("!document.querySelector('#query-form button[type=submit]').disabled", STEP_TIMEOUT);
  }

  /** The points of a dataset of a chart. */
  private static JsonArray series(HeadlessChromium chromium, int chart, int dataset) {
    return new JsonArray((String) chromium.evaluate(("JSON.stringify(Chart.getChart(document.querySelectorAll("
        + "'#charts canvas')[%d]).data.datasets[%d].data)").formatted(chart, dataset)));
  }

  private static void useKey(HeadlessChromium chromium, String key) {
    chromium.evaluate("document.getElementById('api-key').value = " + jsString(key));
    chromium.evaluate("document.querySelector('#key-form button[type=submit]').click()");
  }

  private static void choose(HeadlessChromium chromium, String... interfaces) {
    chromium.evaluate("document.querySelectorAll('#interface-list input').forEach(box => box.checked = "
        + jsString(String.join(",", interfaces)) + ".split(',').includes(box.value))");
  }

  /** The interfaces ticked in the form, comma-separated. */
  private static String checked(HeadlessChromium chromium) {
    return (String) chromium.evaluate("[...document.querySelectorAll('#interface-list input:checked')]"
        + ".map(box => box.value).join(',')");
  }

  /** What Chart.js holds and has drawn for the n-th chart's first dataset. */
  private static JsonObject chart(HeadlessChromium chromium, int index) {
    Object facts = chromium.evaluate("""
        (() => {
          const chart = Chart.getChart(document.querySelectorAll('#charts canvas')[%d]);
          const line = chart.data.datasets[0];
          return JSON.stringify({lines: chart.data.datasets.length, label: line.label, type: line.type,
            points: line.data.length,
            drawn: chart.getDatasetMeta(0).data.filter(p => Number.isFinite(p.x) && Number.isFinite(p.y)).length,
            firstX: line.data[0].x, unit: chart.options.scales.y.title.text, xMin: chart.scales.x.min,
            xMax: chart.scales.x.max, yMin: chart.scales.y.min,
            ticks: chart.scales.x.ticks.map(t => new Date(t.value).toISOString().slice(0, 16)).join(' '),
            labels: chart.scales.x.ticks.map(t => t.label).join(' ')});
        })()""".formatted(index));
    return new JsonObject((String) facts);
  }

  /**
   * An entity and its key; a weather station in Lisbon with a week of hourly AirTemp, AirHum and Precipitation; a
   * second station nearby with AirTemp 20 each hour of that week and once more a little before now; a soil probe
   * without a location.
   */
  private static String seed(FieldReadingsServer server, Path dataDir) throws Exception {
    TestHttp admin = new TestHttp(server.adminPort());
    String bearer = "Bearer " + Files.readString(dataDir.resolve("admin.token"));
    String entityId = ok(admin.post("/admin/entities", "{\"email\":\"explorer@example.com\"}",
        "Authorization", bearer, "Content-Type", "application/json")).json().getString("entityId");
    String apiKey = ok(admin.post("/admin/entities/" + entityId + "/key", null, "Authorization", bearer))
        .json().getString("apiKey");
    StringBuilder csv = new StringBuilder("profile,serial,connectorId,interface,timestamp,value\n");
    for (int hour = 0; hour < HOURS; hour++) {
      Instant at = WEEK_START.plusSeconds(hour * 3600L);
      double daily = Math.sin((hour % 24 - 9) / 24.0 * 2 * Math.PI);
      csv.append(row("REAL_WEATHER_STATION", "WS-1", "AirTemp", at, 16 + 6 * daily))
          .append(row("REAL_WEATHER_STATION", "WS-1", "AirHum", at, 65 - 20 * daily))
          .append(row("REAL_WEATHER_STATION", "WS-1", "Precipitation", at, hour % 5 == 0 ? 0.4 : 0));
    }
    for (int hour = 0; hour < HOURS; hour++) {
      csv.append(row("REAL_WEATHER_STATION", "WS-2", "AirTemp", WEEK_START.plusSeconds(hour * 3600L), 20));
    }
    csv.append(row("REAL_WEATHER_STATION", "WS-2", "AirTemp", Instant.now().minus(WS2_SILENCE)
        .truncatedTo(ChronoUnit.SECONDS), 20));
    csv.append(row("PROFILE_A", "SM-0001", "SMmm10", WEEK_START, 21.5));
    JsonObject imported = ok(admin.post("/admin/readings", csv.toString(), "Authorization", bearer,
        "Content-Type", "text/csv")).json();
    assertThat(imported.getLong("stored")).isEqualTo(4L * HOURS + 2);
    locate(admin, bearer, "WS-1", WS1_LATITUDE, WS1_LONGITUDE);
    locate(admin, bearer, "WS-2", WS2_LATITUDE, WS2_LONGITUDE);
    for (String device : new String[] {"REAL_WEATHER_STATION/WS-1", "REAL_WEATHER_STATION/WS-2",
        "PROFILE_A/SM-0001"}) {
      ok(admin.put("/admin/entities/" + entityId + "/devices/" + device, null, "Authorization", bearer));
    }
    return apiKey;
  }

  private static void locate(TestHttp admin, String bearer, String serial, double latitude, double longitude) {
    ok(admin.put("/admin/devices/REAL_WEATHER_STATION/" + serial, new JsonObject().put("group", "AIR")
        .put("location", new JsonObject().put("latitude", latitude).put("longitude", longitude)).encode(),
        "Authorization", bearer, "Content-Type", "application/json"));
  }

  private static String row(String profile, String serial, String name, Instant at, double value) {
    return String.join(",", profile, serial, "ORIGIN", name, at.toString(), String.format(Locale.ROOT, "%.2f", value)) + "\n";
  }

  private static Answer ok(Answer answer) {
    assertThat(answer.status()).as(answer.toString()).isBetween(200, 299);
    return answer;
  }
}
