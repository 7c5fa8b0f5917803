package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.SensorInterface;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The readings explorer's files as the public listener serves them (the browser test drives the page itself). */
class ExplorerPageTest {

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer server;
  private static TestHttp http;

  @BeforeAll
  static void start() {
    server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()));
    http = new TestHttp(server.httpPort());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void pageIsServedAtTheRootWithoutAKeyUnderAStrictContentSecurityPolicy() {
    Answer page = http.get("/");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
    assertThat(page.header("Content-Security-Policy")).startsWith("default-src 'self';")
        .doesNotContain("unsafe-inline");
    assertThat(page.body()).contains("src=\"explorer/chart.js/chart.umd.min.js\"", "src=\"explorer/units.js\"",
        "src=\"explorer/explorer.js\"", "href=\"explorer/explorer.css\"", "href=\"api/docs\"");
  }

  @Test
  void everyControlOfThePageHasALabel() {
    String page = http.get("/").body();
    Matcher control = Pattern.compile("<(input|select)\\b[^>]*\\bid=\"([^\"]+)\"").matcher(page);
    List<String> controls = new ArrayList<>();
    while (control.find()) {
      controls.add(control.group(2));
    }
    assertThat(controls).contains("api-key", "device", "compare", "time-zone", "day-start", "start", "end");
    assertThat(controls).allSatisfy(id -> assertThat(page).as(id).contains("<label for=\"" + id + "\">"));
  }

  @Test
  void everyFileOfTheExplorerAndOfTheApiDocsCarriesTheSecurityHeaders() {
    for (String path : new String[] {"/", "/explorer/explorer.js", "/explorer/chart.js/chart.umd.min.js", "/api/docs",
        "/api/docs/swagger-initializer.js", "/api/docs/swagger-ui-bundle.js", "/api/docs/swagger-ui.css",
        "/api/openapi.json"}) {
      Answer answer = http.get(path);
      assertThat(answer.status()).as(path).isEqualTo(200);
      assertThat(answer.header("X-Content-Type-Options")).as(path).isEqualTo("nosniff");
      assertThat(answer.header("Referrer-Policy")).as(path).isEqualTo("no-referrer");
    }
    assertThat(http.get("/api/docs").header("Content-Security-Policy")).startsWith("default-src 'self';")
        .contains("frame-ancestors 'none'");
  }

  @Test
  void scriptsStylesAndTheChartLibraryAreServed() {
    for (String asset : new String[] {"explorer.js", "units.js", "explorer.css", "chart.js/chart.umd.min.js"}) {
      Answer answer = http.get("/explorer/" + asset);
      assertThat(answer.status()).as(asset).isEqualTo(200);
      assertThat(answer.body()).as(asset).isNotBlank();
    }
    Answer missing = http.get("/explorer/nothing.js");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.header("Content-Type")).isEqualTo("application/problem+json");
  }

  @Test
  void interfacesOfThePageAreTheCatalogsInCatalogOrderWithUnitAndAggregation() {
    String script = http.get("/explorer/units.js").body();
    JsonObject interfaces = new JsonObject(script.substring(script.indexOf('{'), script.lastIndexOf('}') + 1));
    JsonObject catalog = new JsonObject();
    for (SensorInterface sensor : InterfaceCatalog.all()) {
      catalog.put(sensor.name(), new JsonObject().put("unit", sensor.unit().symbol())
          .put("aggregation", sensor.aggregation().name()));
    }
    assertThat(interfaces.fieldNames()).containsExactlyElementsOf(catalog.fieldNames());
    assertThat(interfaces).isEqualTo(catalog);
  }
}
