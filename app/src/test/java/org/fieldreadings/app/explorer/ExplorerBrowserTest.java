package org.fieldreadings.app.explorer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.app.explorer.HeadlessChromium.jsString;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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
 * key lists the devices, and a week of AirTemp is charted (then AirHum beside it on a second chart, and the CSV is
 * downloaded); its link leads to Swagger UI showing the contract. Leaves a screenshot in {@code target/explorer.png}.
 * Runs with {@code -Pbrowser}.
 */
@Tag("browser")
class ExplorerBrowserTest {

  private static final Instant WEEK_START = Instant.parse("2024-05-06T00:00:00Z");
  private static final int HOURS = 7 * 24;
  private static final Duration STEP_TIMEOUT = Duration.ofSeconds(20);
  /** The operations of openapi.json, each one block in Swagger UI. */
  private static final int OPERATIONS = 7;

  @TempDir
  Path dir;

  @Test
  void chartsAWeekOfAirTemperature() throws Exception {
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
      chromium.evaluate("document.getElementById('status').textContent = ''");
      chromium.evaluate("""
          (() => {
            const select = document.getElementById('device');
            select.value = [...select.options].find(o => o.text.startsWith('REAL_WEATHER_STATION / WS-1')).value;
            select.dispatchEvent(new Event('change'));
          })()""");
      chromium.waitFor("document.getElementById('status').textContent === 'No readings in this period.'",
          STEP_TIMEOUT);
      assertThat(checked(chromium)).isEqualTo("AirTemp");
      chromium.evaluate("document.getElementById('start').value = '2024-05-06'");
      chromium.evaluate("document.getElementById('end').value = '2024-05-12'");
      chromium.evaluate("document.querySelector('#query-form button[type=submit]').click()");

      chromium.waitFor("document.querySelectorAll('#charts canvas').length === 1", STEP_TIMEOUT);
      assertThat(chart(chromium, 0)).isEqualTo(new JsonObject().put("lines", 1).put("label", "AirTemp")
          .put("type", "line").put("points", HOURS).put("drawn", HOURS).put("firstX", WEEK_START.toEpochMilli())
          .put("unit", "°C").put("xMin", WEEK_START.toEpochMilli())
          .put("xMax", WEEK_START.plusSeconds((HOURS - 1) * 3600L).toEpochMilli()).put("yMin", 10)
          .put("ticks", "2024-05-06T00:00 2024-05-07T00:00 2024-05-08T00:00 2024-05-09T00:00 2024-05-10T00:00 "
              + "2024-05-11T00:00 2024-05-12T00:00"));
      assertThat(chromium.evaluate("document.getElementById('error').hidden")).isEqualTo(true);
      assertThat(chromium.evaluate("document.getElementById('status').textContent"))
          .isEqualTo(HOURS + " readings, aggregation hour (auto).");

      choose(chromium, "AirTemp", "AirHum", "Precipitation");
      chromium.evaluate("document.querySelector('#query-form button[type=submit]').click()");
      chromium.waitFor("document.querySelectorAll('#charts canvas').length === 3", STEP_TIMEOUT);
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
      chromium.evaluate("document.querySelector('#query-form button[type=submit]').click()");
      chromium.waitFor("!document.getElementById('error').hidden", STEP_TIMEOUT);
      assertThat(chromium.evaluate("document.querySelectorAll('#charts canvas').length")).isEqualTo(0);

      chromium.evaluate("document.querySelector('header a').click()");
      chromium.waitFor("location.pathname === '/api/docs' && document.querySelectorAll('.opblock').length === "
          + OPERATIONS, STEP_TIMEOUT);
      assertThat(chromium.problems()).as("nothing failed in the pages but the wrong key's and the bad period's requests")
          .hasSize(2).anySatisfy(problem -> assertThat(problem).asString().contains("/api/devices/serials", "401"))
          .anySatisfy(problem -> assertThat(problem).asString().contains("/readings", "400"));
    }
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
            ticks: chart.scales.x.ticks.map(t => new Date(t.value).toISOString().slice(0, 16)).join(' ')});
        })()""".formatted(index));
    return new JsonObject((String) facts);
  }

  /** An entity and its key, a weather station with a week of hourly AirTemp and AirHum, and a soil probe. */
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
    csv.append(row("PROFILE_A", "SM-0001", "SMmm10", WEEK_START, 21.5));
    JsonObject imported = ok(admin.post("/admin/readings", csv.toString(), "Authorization", bearer,
        "Content-Type", "text/csv")).json();
    assertThat(imported.getLong("stored")).isEqualTo(3L * HOURS + 1);
    ok(admin.put("/admin/devices/REAL_WEATHER_STATION/WS-1",
        "{\"group\":\"AIR\",\"location\":{\"latitude\":38.7,\"longitude\":-9.1}}",
        "Authorization", bearer, "Content-Type", "application/json"));
    for (String device : new String[] {"REAL_WEATHER_STATION/WS-1", "PROFILE_A/SM-0001"}) {
      ok(admin.put("/admin/entities/" + entityId + "/devices/" + device, null, "Authorization", bearer));
    }
    return apiKey;
  }

  private static String row(String profile, String serial, String name, Instant at, double value) {
    return String.join(",", profile, serial, "ORIGIN", name, at.toString(), String.format(Locale.ROOT, "%.2f", value)) + "\n";
  }

  private static Answer ok(Answer answer) {
    assertThat(answer.status()).as(answer.toString()).isBetween(200, 299);
    return answer;
  }
}
