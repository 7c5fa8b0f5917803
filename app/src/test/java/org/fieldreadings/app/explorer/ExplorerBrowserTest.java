package org.fieldreadings.app.explorer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.fieldreadings.app.explorer.HeadlessChromium.jsString;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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
 * the selected device, the map of the entity's devices (and of a fleet of more than thirty), rain days, several
 * devices on one chart, the "Last N days" of the zone shown, and the agronomy view (checked figure by figure against
 * the API's answers) each have a test. In a fleet of more than a thousand devices the Device box lists a bounded
 * number of matches, and typing a serial finds the device.
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

  private static final String CSV_HEADER = "profile,serial,connectorId,interface,timestamp,value\n";
  private static final String WS1 = "/api/devices/REAL_WEATHER_STATION/WS-1";
  private static final ZoneId LISBON = ZoneId.of("Europe/Lisbon");
  /** A winter week of WS-1, cold enough for chill hours. */
  private static final Instant COLD_WEEK_START = Instant.parse("2023-12-04T00:00:00Z");

  @TempDir
  Path dir;

  @Test
  void chartsAWeekOfAirTemperatureInTheDevicesZoneOrInUtc() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      String apiKey = seed(server, dir.resolve("data")).apiKey();
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
      openSeeded(server, chromium);
      Instant lastOfWs1 = WEEK_START.plusSeconds((HOURS - 1) * 3600L);
      long daysBefore = Duration.between(lastOfWs1, Instant.now()).toDays();

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
  void showsTheAlertRulesOfTheSelectedDeviceWithTheirStateAndNewestEvent() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      Seeded seeded = seed(server, dir.resolve("data"));
      TestHttp api = new TestHttp(server.httpPort());
      for (String rule : List.of(
          "{\"name\":\"Frost\",\"profile\":\"REAL_WEATHER_STATION\",\"serial\":\"WS-2\",\"interface\":\"AirTemp\","
              + "\"condition\":\"below\",\"threshold\":0.5}",
          "{\"name\":\"Quiet\",\"profile\":\"REAL_WEATHER_STATION\",\"serial\":\"WS-2\",\"interface\":\"AirHum\","
              + "\"condition\":\"silent\",\"for\":\"P1D\"}",
          "{\"name\":\"Heat\",\"profile\":\"REAL_WEATHER_STATION\",\"serial\":\"WS-1\",\"interface\":\"AirTemp\","
              + "\"condition\":\"above\",\"threshold\":40}")) {
        ok(api.post("/api/alerts", rule, "Authorization", "ApiKey " + seeded.apiKey(), "Content-Type",
            "application/json"));
      }
      Instant frost = Instant.now().minus(Duration.ofMinutes(30)).truncatedTo(ChronoUnit.SECONDS);
      ok(new TestHttp(server.adminPort()).post("/admin/readings", CSV_HEADER
          + row("REAL_WEATHER_STATION", "WS-2", "AirTemp", frost, -1.5), "Authorization", seeded.bearer(),
          "Content-Type", "text/csv"));
      Instant deadline = Instant.now().plus(STEP_TIMEOUT);
      String key = "ApiKey " + seeded.apiKey();
      while (!api.get("/api/alerts", "Authorization", key).body().contains("\"triggered\":true")) {
        assertThat(Instant.now()).as("the frost rule triggered").isBefore(deadline);
        Thread.sleep(50);
      }
      open(chromium, server, seeded.apiKey());

      selectDevice(chromium, "WS-2");
      assertThat(chromium.evaluate("document.getElementById('alerts-heading').textContent"))
          .isEqualTo("Alert rules of WS-2");
      assertThat(alertRows(chromium)).isEqualTo(
          "Frost|AirTemp below 0.5|\u26a0 triggered|triggered 30 min ago at -1.5 °C\n"
          + "Quiet|AirHum silent for PT24H|ok|none yet");
      selectDevice(chromium, "WS-1");
      assertThat(alertRows(chromium)).isEqualTo("Heat|AirTemp above 40|ok|none yet");
      search(chromium, "device", "PROFILE_A / SM-0001");
      chromium.press("Enter");
      waitIdle(chromium);
      assertThat(alertRows(chromium)).isEmpty();
      assertThat(chromium.evaluate("document.getElementById('alerts-note').textContent"))
          .isEqualTo("No alert rules watch this device (POST /api/alerts adds one).");
      chromium.screenshot(Path.of("target", "explorer-alerts.png"));
      assertThat(chromium.problems()).isEmpty();
    }
  }

  @Test
  void theLatestValuesFollowTheReadingsStoredWhileTheDeviceIsShown() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      Seeded seeded = openSeeded(server, chromium);
      selectDevice(chromium, "WS-2");
      chromium.waitFor("document.getElementById('live-note').textContent"
          + " === 'Live: readings of ORIGIN appear as they are stored.'", STEP_TIMEOUT);
      Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
      ok(new TestHttp(server.adminPort()).post("/admin/readings", CSV_HEADER
          + row("REAL_WEATHER_STATION", "WS-2", "AirTemp", now, 21.25), "Authorization", seeded.bearer(),
          "Content-Type", "text/csv"));
      chromium.waitFor("document.querySelector('#latest-rows tr').cells[2].textContent === '21.25 °C'",
          STEP_TIMEOUT);
      assertThat(latestRows(chromium)).matches("ORIGIN\\|AirTemp\\|21.25 °C\\|[0-9]+ s ago");
      chromium.screenshot(Path.of("target", "explorer-live.png"));
      assertThat(chromium.problems()).isEmpty();
    }
  }

  @Test
  void mapsTheDevicesOfTheEntityFromTheirLocationsWithoutATileServer() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      String apiKey = openSeeded(server, chromium).apiKey();

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
      assertThat(chromium.evaluate("document.getElementById('device').value"))
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
      String apiKey = openSeeded(server, chromium).apiKey();
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
      // The device shown is never offered beside itself.
      search(chromium, "compare", "REAL_WEATHER_STATION");
      assertThat(matches(chromium, "compare")).isEqualTo("REAL_WEATHER_STATION / WS-2 (AIR)");
      chromium.press("Enter");
      assertThat(chromium.evaluate("document.getElementById('compare-chosen').textContent"))
          .isEqualTo("REAL_WEATHER_STATION / WS-2 (AIR) \u00d7");
      assertThat(matches(chromium, "compare")).isEmpty();
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

  @Test
  void theLastDaysButtonsChooseDaysOfTheZoneShownTodayIncluded() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      String apiKey = openSeeded(server, chromium).apiKey();
      selectDevice(chromium, "WS-1");
      // UTC+14 and UTC-11: at any moment one of them is on another date than UTC.
      ZoneId kiritimati = ZoneId.of("Pacific/Kiritimati");
      ZoneId pagoPago = ZoneId.of("Pacific/Pago_Pago");
      assertThat(List.of(LocalDate.now(kiritimati), LocalDate.now(pagoPago)))
          .anySatisfy(day -> assertThat(day).isNotEqualTo(LocalDate.now(ZoneOffset.UTC)));
      for (ZoneId zone : List.of(kiritimati, pagoPago, ZoneId.of("UTC"))) {
        chromium.evaluate("document.getElementById('time-zone').value = " + jsString(zone.getId()));
        assertThat(lastDays(chromium, zone, 7)).isTrue();
      }
      // The device's zone, named by the answer to its readings.
      chromium.evaluate("document.getElementById('time-zone').value = 'device'");
      assertThat(lastDays(chromium, LISBON, 30)).isTrue();
      assertThat(lastDays(chromium, LISBON, 1)).isTrue();
      assertThat(chromium.problems()).isEmpty();
    }
  }

  @Test
  void mapsEveryLocatedDeviceOfAFleetLargerThanThirtyAsSmallPointsWithoutLabels() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      Seeded seeded = seed(server, dir.resolve("data"));
      // Forty more stations on a grid east of Lisbon, declared together (their zones are found in one pass).
      List<String> fleet = new ArrayList<>();
      List<String> paths = new ArrayList<>();
      List<String> bodies = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        String serial = "FLEET-%02d".formatted(i);
        fleet.add("REAL_WEATHER_STATION/" + serial);
        paths.add("/admin/devices/REAL_WEATHER_STATION/" + serial);
        bodies.add(new JsonObject().put("location", new JsonObject().put("latitude", 38.5 + i / 8 * 0.05)
            .put("longitude", -8.5 + i % 8 * 0.05)).encode());
      }
      putTogether(server, seeded.bearer(), paths, bodies);
      putTogether(server, seeded.bearer(), fleet.stream()
          .map(device -> "/admin/entities/" + seeded.entityId() + "/devices/" + device).toList(), null);
      open(chromium, server, seeded.apiKey());

      List<String> expected = new ArrayList<>(fleet);
      expected.addAll(List.of("REAL_WEATHER_STATION/WS-1", "REAL_WEATHER_STATION/WS-2"));
      assertThat(new JsonArray((String) chromium.evaluate(
          "JSON.stringify([...document.querySelectorAll('#map .point')].map(p => p.dataset.device))")))
          .containsExactlyElementsOf(expected);
      assertThat((String) chromium.evaluate("document.getElementById('map-note').textContent"))
          .startsWith("42 of 43 devices have a location; the map is about ");
      assertThat(chromium.evaluate("document.querySelectorAll('#map text').length")).isEqualTo(0);
      assertThat(chromium.evaluate("document.querySelector('#map .point[data-device=\"REAL_WEATHER_STATION/FLEET-00"
          + "\"] title').textContent")).isEqualTo("REAL_WEATHER_STATION / FLEET-00 at 38.5, -8.5, silent for more "
          + "than a day");
      chromium.screenshot(Path.of("target", "explorer-fleet-map.png"));
      assertThat(chromium.problems()).isEmpty();
    }
  }

  @Test
  void drawsAFleetOfMoreThanAThousandLocatedDevicesAsCellsOfNearbyDevices() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()))) {
      Seeded seeded = seed(server, dir.resolve("data"));
      // Declared before the browser starts, whose DevTools socket would not wait that long idle.
      declareGrid(server, seeded);
      try (HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
        drawsCells(chromium, server, seeded);
      }
    }
  }

  @Test
  void theDeviceBoxListsAtMostFiftyOfAFleetOfMoreThanAThousandAndTypingASerialFindsAndLoadsIt() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()))) {
      Seeded seeded = seed(server, dir.resolve("data"));
      declareGrid(server, seeded);
      try (HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
        findsADeviceOfTheFleet(chromium, server, seeded);
      }
    }
  }

  /**
   * 1,100 stations on a grid east of Lisbon ({@code GRID-0000} to {@code GRID-1099}, each 0.01° from the next, no
   * group), given to the seeded entity beside WS-1, WS-2 and SM-0001: more than the map draws one by one.
   */
  private static void declareGrid(FieldReadingsServer server, Seeded seeded) {
    List<String> fleet = new ArrayList<>();
    List<String> bodies = new ArrayList<>();
    for (int i = 0; i < 1100; i++) {
      fleet.add("REAL_WEATHER_STATION/GRID-%04d".formatted(i));
      bodies.add(new JsonObject().put("location", new JsonObject().put("latitude", 38.0 + i / 40 * 0.01)
          .put("longitude", -8.0 + i % 40 * 0.01)).encode());
    }
    for (int from = 0; from < fleet.size(); from += 100) {
      List<String> some = fleet.subList(from, from + 100);
      putTogether(server, seeded.bearer(), some.stream().map(device -> "/admin/devices/" + device).toList(),
          bodies.subList(from, from + 100));
      putTogether(server, seeded.bearer(), some.stream()
          .map(device -> "/admin/entities/" + seeded.entityId() + "/devices/" + device).toList(), null);
    }
  }

  /**
   * The Device box of a fleet of 1,103 devices: the page holds only the 50 matches it lists and says how many more
   * match; typing narrows them (in any case), Enter loads the only match and the box shows it. The Also chart box is
   * as bounded and never offers the device shown.
   */
  private static void findsADeviceOfTheFleet(HeadlessChromium chromium, FieldReadingsServer server, Seeded seeded) {
    open(chromium, server, seeded.apiKey());
    assertThat(chromium.evaluate("document.getElementById('device').value")).isEqualTo("PROFILE_A / SM-0001");

    // ↓ in the box as it shows the current device lists the whole fleet, bounded.
    chromium.evaluate("document.getElementById('device').focus()");
    chromium.press("ArrowDown");
    assertThat(chromium.evaluate("document.getElementById('device').getAttribute('aria-expanded')"))
        .isEqualTo("true");
    assertThat(chromium.evaluate("document.querySelectorAll('#query-form li').length")).isEqualTo(50);
    assertThat(chromium.evaluate("document.getElementById('device-more').textContent"))
        .isEqualTo("and 1,053 more: type to narrow");

    search(chromium, "device", "grid-07");
    assertThat(chromium.evaluate("document.querySelectorAll('#device-list [role=option]').length")).isEqualTo(50);
    assertThat(chromium.evaluate("document.getElementById('device-more').textContent"))
        .isEqualTo("and 50 more: type to narrow");

    search(chromium, "device", "GRID-0733");
    assertThat(matches(chromium, "device")).isEqualTo("REAL_WEATHER_STATION / GRID-0733");
    assertThat(chromium.evaluate("document.getElementById('device-more').textContent")).isEqualTo("");
    chromium.press("Enter");
    waitIdle(chromium);
    assertThat(chromium.evaluate("document.getElementById('device').value"))
        .isEqualTo("REAL_WEATHER_STATION / GRID-0733");
    assertThat(chromium.evaluate("document.getElementById('device').getAttribute('aria-expanded')"))
        .isEqualTo("false");
    assertThat(chromium.evaluate("document.getElementById('latest-heading').textContent"))
        .isEqualTo("Latest values of GRID-0733");
    // Enter chose the device and did not also submit the form.
    assertThat(chromium.evaluate("document.getElementById('status').textContent"))
        .isEqualTo("This device has no readings yet.");
    assertThat(chromium.evaluate("document.getElementById('error').hidden")).isEqualTo(true);

    search(chromium, "compare", "GRID-073");
    assertThat(matches(chromium, "compare")).isEqualTo(String.join("\n", List.of(0, 1, 2, 4, 5, 6, 7, 8, 9).stream()
        .map(i -> "REAL_WEATHER_STATION / GRID-073" + i).toList()));
    search(chromium, "compare", "GRID");
    assertThat(chromium.evaluate("document.querySelectorAll('#compare-list [role=option]').length")).isEqualTo(50);
    assertThat(chromium.evaluate("document.getElementById('compare-more').textContent"))
        .isEqualTo("and 1,049 more: type to narrow");
    chromium.screenshot(Path.of("target", "explorer-fleet-search.png"));
    assertThat(chromium.problems()).isEmpty();
  }

  /** The map of a fleet of more than a thousand located devices: cells, with their counts and silence. */
  private static void drawsCells(HeadlessChromium chromium, FieldReadingsServer server, Seeded seeded) {
    open(chromium, server, seeded.apiKey());

    JsonArray drawn = new JsonArray((String) chromium.evaluate("JSON.stringify([...document.querySelectorAll("
        + "'#map .point, #map .cell')].map(e => ({devices: Number(e.dataset.devices || 1), device: e.dataset.device,"
        + " classes: e.getAttribute('class')})))"));
    assertThat(drawn.size()).isBetween(100, 1000);
    assertThat(drawn.stream().mapToInt(e -> ((JsonObject) e).getInteger("devices")).sum()).isEqualTo(1102);
    assertThat((String) chromium.evaluate("document.getElementById('map-note').textContent"))
        .startsWith("1102 of 1103 devices have a location, drawn as " + drawn.size() + " groups of nearby devices;");
    // Every grid station is silent (no readings); a cell says how many of its devices are.
    JsonObject firstCell = drawn.stream().map(JsonObject.class::cast)
        .filter(e -> e.getString("classes").startsWith("cell")).findFirst().orElseThrow();
    assertThat(firstCell.getString("classes")).isEqualTo("cell silent");
    assertThat(chromium.evaluate("document.querySelector('#map .cell title').textContent")).isEqualTo(
        firstCell.getInteger("devices") + " devices, " + firstCell.getInteger("devices")
            + " silent for more than a day, from " + firstCell.getString("device").replace("/", " / "));
    // A cell selects its first device.
    chromium.evaluate("document.querySelector('#map .cell').dispatchEvent(new MouseEvent('click'))");
    waitIdle(chromium);
    assertThat(chromium.evaluate("document.querySelector('#map .selected').dataset.device"))
        .isEqualTo(firstCell.getString("device"));
    chromium.screenshot(Path.of("target", "explorer-fleet-cells.png"));
    assertThat(chromium.problems()).isEmpty();
  }

  @Test
  void agronomySetsDailyEt0BesideDailyRainWithTheirTotalsAsTheApiAnswersThem() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      String apiKey = seedAgronomy(server, dir.resolve("data"));
      openAgronomy(chromium, server, apiKey);
      period(chromium, "2024-05-06", "2024-05-12");
      showAgronomy(chromium);

      // Lisbon's days of the period: 05-05T23:00Z to 05-12T22:59:59Z.
      TestHttp api = new TestHttp(server.httpPort());
      String period = "&startDate=2024-05-05T23:00:00Z&endDate=2024-05-12T22:59:59Z";
      JsonArray days = get(api, apiKey, WS1 + "/agronomy?metrics=ET0,ChillHours&timeZone=device" + period);
      JsonArray rainDays = get(api, apiKey, WS1 + "/readings?connectorId=ORIGIN&interfaces=Precipitation"
          + "&aggregation=day&timeZone=Europe/Lisbon" + period);
      Map<String, Double> et0 = byDay(days, "ET0");
      Map<String, Double> rain = byDay(rainDays, "Precipitation");
      assertThat(et0.keySet()).containsExactly("2024-05-06", "2024-05-07", "2024-05-08", "2024-05-09",
          "2024-05-10", "2024-05-11", "2024-05-12");
      assertThat(rain.keySet()).isEqualTo(et0.keySet());

      JsonObject water = new JsonObject((String) chromium.evaluate("""
          (() => {
            const chart = Chart.getChart(document.getElementById('water-chart'));
            return JSON.stringify({labels: chart.data.labels, rain: chart.data.datasets[0].data,
              et0: chart.data.datasets[1].data, type: chart.config.type});
          })()"""));
      assertThat(water).isEqualTo(new JsonObject().put("labels", new JsonArray(List.copyOf(et0.keySet())))
          .put("rain", new JsonArray(List.copyOf(rain.values()))).put("et0", new JsonArray(List.copyOf(et0.values())))
          .put("type", "bar"));
      long rainTotal = hundredths(rain.values());
      long et0Total = hundredths(et0.values());
      assertThat(chromium.evaluate("document.getElementById('water-total').textContent")).isEqualTo(
          "Rain " + fixed(rainTotal) + " mm on 7 days, ET0 " + fixed(et0Total) + " mm on 7 days: balance rain \u2212 "
              + "ET0 " + fixed(rainTotal - et0Total) + " mm.");
      StringBuilder rows = new StringBuilder();
      et0.forEach((day, value) -> rows.append(rows.length() == 0 ? "" : "\n").append(String.join("|", day,
          fixed(hundredths(List.of(rain.get(day)))), fixed(hundredths(List.of(value))),
          fixed(hundredths(List.of(rain.get(day))) - hundredths(List.of(value))), "0", "0")));
      assertThat(chromium.evaluate("[...document.querySelectorAll('#agronomy-rows tr')]"
          + ".map(row => [...row.cells].map(c => c.textContent).join('|')).join('\\n')")).isEqualTo(rows.toString());
      assertThat(chromium.evaluate("document.getElementById('status').textContent"))
          .isEqualTo("Agronomy of WS-1, days in Europe/Lisbon.");
      chromium.screenshot(Path.of("target", "explorer-agronomy.png"));
      assertThat(chromium.problems()).isEmpty();
    }
  }

  @Test
  void agronomyAccumulatesGrowingDegreeDaysFromTheChosenDayWithTheChosenBaseAndCap() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      String apiKey = seedAgronomy(server, dir.resolve("data"));
      openAgronomy(chromium, server, apiKey);
      assertThat(chromium.evaluate("document.getElementById('gdd-base').value + '/' "
          + "+ document.getElementById('gdd-cap').value")).isEqualTo("10/30");
      period(chromium, "2024-05-06", "2024-05-12");
      chromium.evaluate("document.getElementById('gdd-from').value = '2024-05-08'");
      chromium.evaluate("document.getElementById('gdd-base').value = '14'");
      chromium.evaluate("document.getElementById('gdd-cap').value = '20'");
      showAgronomy(chromium);

      JsonArray days = get(new TestHttp(server.httpPort()), apiKey, WS1 + "/agronomy?metrics=GDD&accumulate=true"
          + "&gddBase=14&gddCap=20&timeZone=Europe/Lisbon&startDate=2024-05-07T23:00:00Z"
          + "&endDate=2024-05-12T22:59:59Z");
      Map<String, Double> gdd = byDay(days, "GDD");
      assertThat(gdd.keySet()).containsExactly("2024-05-08", "2024-05-09", "2024-05-10", "2024-05-11",
          "2024-05-12");
      assertThat(chartOf(chromium, "gdd-chart")).isEqualTo(new JsonObject()
          .put("labels", new JsonArray(List.copyOf(gdd.keySet()))).put("data", new JsonArray(List.copyOf(gdd.values()))));
      assertThat(chromium.evaluate("document.getElementById('gdd-total').textContent")).isEqualTo(
          "Growing degree days since 2024-05-08 (base 14 \u00b0C, cap 20 \u00b0C): "
              + fixed(hundredths(List.of(gdd.get("2024-05-12")))) + " \u00b0C\u00b7day by 2024-05-12.");
      assertThat(chromium.problems()).isEmpty();
    }
  }

  @Test
  void agronomyAccumulatesChillHoursOverThePeriod() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      String apiKey = seedAgronomy(server, dir.resolve("data"));
      openAgronomy(chromium, server, apiKey);
      period(chromium, "2023-12-04", "2023-12-10");
      showAgronomy(chromium);

      // Lisbon is on UTC in December.
      JsonArray days = get(new TestHttp(server.httpPort()), apiKey, WS1 + "/agronomy?metrics=ET0,ChillHours"
          + "&timeZone=Europe/Lisbon&startDate=2023-12-04T00:00:00Z&endDate=2023-12-10T23:59:59Z");
      Map<String, Double> chill = byDay(days, "ChillHours");
      assertThat(chill).hasSize(7).allSatisfy((day, hours) -> assertThat(hours).isPositive());
      JsonArray running = new JsonArray();
      long sum = 0;
      for (double hours : chill.values()) {
        sum += (long) hours;
        running.add(sum);
      }
      assertThat(chartOf(chromium, "chill-chart")).isEqualTo(new JsonObject()
          .put("labels", new JsonArray(List.copyOf(chill.keySet()))).put("data", running));
      assertThat(chromium.evaluate("document.getElementById('chill-total').textContent"))
          .isEqualTo("Chill hours (0 to 7.2 \u00b0C) since 2023-12-04: " + sum + " h by 2023-12-10.");
      assertThat(chromium.problems()).isEmpty();
    }
  }

  @Test
  void theWinterPresetIsTheLatestWinterBegunInTheDevicesHemisphere() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dir.resolve("data"), Map.of()));
        HeadlessChromium chromium = HeadlessChromium.start(dir.resolve("chromium"), 1280, 900)) {
      Seeded seeded = seed(server, dir.resolve("data"));
      // WS-2 moves to Buenos Aires.
      locate(new TestHttp(server.adminPort()), seeded.bearer(), "WS-2", -34.6, -58.4);
      open(chromium, server, seeded.apiKey());

      selectDevice(chromium, "WS-1");
      LocalDate before = LocalDate.now(LISBON);
      String north = winter(chromium);
      assertThat(north).isIn(northernWinter(before), northernWinter(LocalDate.now(LISBON)));
      assertThat(chromium.evaluate("document.getElementById('status').textContent"))
          .isEqualTo("The period is the winter of the northern hemisphere.");

      selectDevice(chromium, "WS-2");
      ZoneId buenosAires = ZoneId.of("America/Argentina/Buenos_Aires");
      before = LocalDate.now(buenosAires);
      String south = winter(chromium);
      assertThat(south).isIn(southernWinter(before), southernWinter(LocalDate.now(buenosAires)));
      assertThat(chromium.evaluate("document.getElementById('status').textContent"))
          .isEqualTo("The period is the winter of the southern hemisphere.");
      assertThat(chromium.problems()).isEmpty();
    }
  }

  /** Clicks the Winter button and answers the period it set, "start/end". */
  private static String winter(HeadlessChromium chromium) {
    chromium.evaluate("document.getElementById('winter').click()");
    waitIdle(chromium);
    return (String) chromium.evaluate("document.getElementById('start').value + '/' "
        + "+ document.getElementById('end').value");
  }

  /** 1 November to the end of February, of the latest such winter begun by {@code today}. */
  private static String northernWinter(LocalDate today) {
    int year = today.getMonthValue() >= 11 ? today.getYear() : today.getYear() - 1;
    return LocalDate.of(year, 11, 1) + "/" + YearMonth.of(year + 1, 2).atEndOfMonth();
  }

  /** 1 May to 31 August, of the latest such winter begun by {@code today}. */
  private static String southernWinter(LocalDate today) {
    int year = today.getMonthValue() >= 5 ? today.getYear() : today.getYear() - 1;
    return LocalDate.of(year, 5, 1) + "/" + LocalDate.of(year, 8, 31);
  }

  /**
   * Clicks the "Last N days" button and checks the period it set is the N days of {@code zone} up to today (as
   * today was just before or just after the click).
   */
  private static boolean lastDays(HeadlessChromium chromium, ZoneId zone, int days) {
    LocalDate before = LocalDate.now(zone);
    chromium.evaluate("document.querySelector('button[data-days=\"" + days + "\"]').click()");
    String period = (String) chromium.evaluate("document.getElementById('start').value + '/' "
        + "+ document.getElementById('end').value");
    LocalDate after = LocalDate.now(zone);
    return period.equals(before.minusDays(days - 1) + "/" + before)
        || period.equals(after.minusDays(days - 1) + "/" + after);
  }

  /** The labels and the first dataset's values of the agronomy chart on {@code canvas}. */
  private static JsonObject chartOf(HeadlessChromium chromium, String canvas) {
    return new JsonObject((String) chromium.evaluate(("JSON.stringify((c => ({labels: c.data.labels, "
        + "data: c.data.datasets[0].data}))(Chart.getChart(document.getElementById('%s'))))").formatted(canvas)));
  }

  /** The seed, with WS-1's wind and sunshine for the May week (so ET0 has its inputs) and a cold December week. */
  private static String seedAgronomy(FieldReadingsServer server, Path dataDir) throws Exception {
    Seeded seeded = seed(server, dataDir);
    StringBuilder csv = new StringBuilder(CSV_HEADER);
    for (int hour = 0; hour < HOURS; hour++) {
      Instant at = WEEK_START.plusSeconds(hour * 3600L);
      double sun = Math.max(0, Math.sin((hour % 24 - 6) / 24.0 * 2 * Math.PI));
      csv.append(row("REAL_WEATHER_STATION", "WS-1", "WindSpeed", at, 1.5 + hour % 24 / 12.0))
          .append(row("REAL_WEATHER_STATION", "WS-1", "SolarIrradiance", at, 850 * sun));
      Instant cold = COLD_WEEK_START.plusSeconds(hour * 3600L);
      double daily = Math.sin((hour % 24 - 9) / 24.0 * 2 * Math.PI);
      csv.append(row("REAL_WEATHER_STATION", "WS-1", "AirTemp", cold, 5 + 6 * daily))
          .append(row("REAL_WEATHER_STATION", "WS-1", "AirHum", cold, 85 - 10 * daily));
    }
    assertThat(importReadings(new TestHttp(server.adminPort()), seeded.bearer(), csv)).isEqualTo(4L * HOURS);
    return seeded.apiKey();
  }

  /** The {@link #seed}, then the page opened with its key ({@link #open}). */
  private Seeded openSeeded(FieldReadingsServer server, HeadlessChromium chromium) throws Exception {
    Seeded seeded = seed(server, dir.resolve("data"));
    open(chromium, server, seeded.apiKey());
    return seeded;
  }

  /** Opens the page with the key and waits for its first device, drawn at once with no readings in the period. */
  private static void open(HeadlessChromium chromium, FieldReadingsServer server, String apiKey) {
    chromium.navigate("http://127.0.0.1:" + server.httpPort() + "/");
    useKey(chromium, apiKey);
    chromium.waitFor("document.getElementById('status').textContent === 'No readings in this period.'",
        STEP_TIMEOUT);
  }

  /** Opens the page with the key and selects WS-1, whose readings answer names its zone. */
  private static void openAgronomy(HeadlessChromium chromium, FieldReadingsServer server, String apiKey) {
    open(chromium, server, apiKey);
    selectDevice(chromium, "WS-1");
    assertThat(chromium.evaluate("document.getElementById('agronomy').hidden")).isEqualTo(false);
  }

  private static void showAgronomy(HeadlessChromium chromium) {
    chromium.evaluate("document.querySelector('#agronomy-form button[type=submit]').click()");
    waitIdle(chromium);
    assertThat(chromium.evaluate("document.getElementById('error').textContent")).isEqualTo("");
    assertThat(chromium.evaluate("document.getElementById('agronomy-results').hidden")).isEqualTo(false);
  }

  private static JsonArray get(TestHttp api, String apiKey, String path) {
    Answer answer = api.get(path, "Authorization", "ApiKey " + apiKey);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.array();
  }

  /** The values of {@code name} in an answer by Lisbon day, in the answer's order; days without it left out. */
  private static Map<String, Double> byDay(JsonArray answer, String name) {
    Map<String, Double> values = new LinkedHashMap<>();
    for (Object element : answer) {
      JsonObject day = (JsonObject) element;
      if (day.containsKey(name)) {
        values.put(LocalDate.ofInstant(Instant.ofEpochMilli(day.getLong("timestamp")), LISBON).toString(),
            day.getDouble(name));
      }
    }
    return values;
  }

  /** The sum of figures served to hundredths, in hundredths. */
  private static long hundredths(Collection<Double> values) {
    return values.stream().mapToLong(value -> Math.round(value * 100)).sum();
  }

  private static String fixed(long hundredths) {
    return BigDecimal.valueOf(hundredths, 2).toPlainString();
  }

  /** PUTs to the admin API all at once (an empty body when {@code bodies} is null), each answered 2xx. */
  private static void putTogether(FieldReadingsServer server, String bearer, List<String> paths, List<String> bodies) {
    HttpClient client = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
    for (int i = 0; i < paths.size(); i++) {
      answers.add(client.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.adminPort()
              + paths.get(i))).header("Authorization", bearer).header("Content-Type", "application/json")
          .PUT(bodies == null ? BodyPublishers.noBody() : BodyPublishers.ofString(bodies.get(i))).build(),
          BodyHandlers.ofString()));
    }
    for (CompletableFuture<HttpResponse<String>> answer : answers) {
      assertThat(answer.join().statusCode()).as(answer.join().body()).isBetween(200, 299);
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
  private static String alertRows(HeadlessChromium chromium) {
    return (String) chromium.evaluate("[...document.querySelectorAll('#alerts-rows tr')]"
        + ".map(row => [...row.cells].map(c => c.textContent).join('|')).join('\\n')");
  }

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

  /** Chooses a station as a person does: types its name into the Device box and presses Enter on the match. */
  private static void selectDevice(HeadlessChromium chromium, String serial) {
    search(chromium, "device", "REAL_WEATHER_STATION / " + serial);
    assertThat(matches(chromium, "device")).startsWith("REAL_WEATHER_STATION / " + serial);
    chromium.press("Enter");
    waitIdle(chromium);
  }

  /** Types over what a device picker's box ("device" or "compare") holds; its list then shows the matches. */
  private static void search(HeadlessChromium chromium, String picker, String text) {
    chromium.evaluate("(box => { box.focus(); box.select(); })(document.getElementById(" + jsString(picker) + "))");
    chromium.type(text);
  }

  /** The devices a picker lists, a line each. */
  private static String matches(HeadlessChromium chromium, String picker) {
    return (String) chromium.evaluate("[...document.querySelectorAll('#" + picker + "-list [role=option]')]"
        + ".map(o => o.textContent).join('\\n')");
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

  /** What {@link #seed} made: the entity's key and id, and the admin API's authorization. */
  private record Seeded(String apiKey, String entityId, String bearer) {}

  /**
   * An entity and its key; a weather station in Lisbon with a week of hourly AirTemp, AirHum and Precipitation; a
   * second station nearby with AirTemp 20 each hour of that week and once more a little before now; a soil probe
   * without a location.
   */
  private static Seeded seed(FieldReadingsServer server, Path dataDir) throws Exception {
    TestHttp admin = new TestHttp(server.adminPort());
    String bearer = "Bearer " + Files.readString(dataDir.resolve("admin.token"));
    String entityId = ok(admin.post("/admin/entities", "{\"email\":\"explorer@example.com\"}",
        "Authorization", bearer, "Content-Type", "application/json")).json().getString("entityId");
    String apiKey = ok(admin.post("/admin/entities/" + entityId + "/key", null, "Authorization", bearer))
        .json().getString("apiKey");
    StringBuilder csv = new StringBuilder(CSV_HEADER);
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
    assertThat(importReadings(admin, bearer, csv)).isEqualTo(4L * HOURS + 2);
    locate(admin, bearer, "WS-1", WS1_LATITUDE, WS1_LONGITUDE);
    locate(admin, bearer, "WS-2", WS2_LATITUDE, WS2_LONGITUDE);
    for (String device : new String[] {"REAL_WEATHER_STATION/WS-1", "REAL_WEATHER_STATION/WS-2",
        "PROFILE_A/SM-0001"}) {
      ok(admin.put("/admin/entities/" + entityId + "/devices/" + device, null, "Authorization", bearer));
    }
    return new Seeded(apiKey, entityId, bearer);
  }

  /** Imports canonical CSV rows (after their header) and answers how many readings were stored. */
  private static long importReadings(TestHttp admin, String bearer, CharSequence csv) {
    return ok(admin.post("/admin/readings", csv.toString(), "Authorization", bearer, "Content-Type", "text/csv"))
        .json().getLong("stored");
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
