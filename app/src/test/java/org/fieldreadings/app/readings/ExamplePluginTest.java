package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.plugin.api.PluginTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SDK's example plugin ({@code plugins/examples/rain-gauge}), a project of its own built against plugin-api's
 * published coordinates, loads into a running server in place of the bundled PROFILE_C plugin, and its sample is
 * read back through the readings API as its own test expects; its setting {@code mm.per.tip} reaches it from the
 * environment. The build makes the example before this module and copies its jar into
 * {@code target/test-example-plugin}; without that jar these tests fail, they are never skipped.
 */
class ExamplePluginTest {

  private static final Path EXAMPLE = Path.of(System.getProperty("test.example.dir", "../plugins/examples/rain-gauge"));
  private static final Path JAR =
      Path.of(System.getProperty("test.example.jar", "target/test-example-plugin/rain-gauge-1.0.0.jar"));

  @TempDir
  Path dataDir;

  @TempDir
  Path pluginsDir;

  /** A server whose plugins are the bundled ones, the example in place of the PROFILE_C one, with these variables. */
  private ReadingsFixture serverWithTheExample(Map<String, String> env) throws Exception {
    assertThat(JAR).as("the example plugin's jar, copied from plugins/examples/rain-gauge by the build")
        .isRegularFile();
    try (var bundled = Files.list(TestServers.pluginsDir())) {
      for (Path jar : bundled.filter(p -> !p.getFileName().toString().startsWith("profile-c-flow-")).toList()) {
        Files.copy(jar, pluginsDir.resolve(jar.getFileName()));
      }
    }
    Files.copy(JAR, pluginsDir.resolve(JAR.getFileName()));
    Map<String, String> all = new HashMap<>(env);
    all.put("FR_PLUGINS_DIR", pluginsDir.toString());
    return new ReadingsFixture(dataDir, all);
  }

  private static JsonObject examplePlugin(ReadingsFixture fixture) {
    JsonArray plugins = fixture.admin.get("/admin/plugins", "Authorization", "Bearer " + fixture.adminToken).array();
    return plugins.stream().map(JsonObject.class::cast)
        .filter(p -> "example-rain-gauge".equals(p.getString("pluginId"))).findFirst().orElseThrow();
  }

  @Test
  void theExamplePluginServesProfileCAndItsSampleIsReadBack() throws Exception {
    try (ReadingsFixture fixture = serverWithTheExample(Map.of())) {
      JsonArray plugins = fixture.admin.get("/admin/plugins", "Authorization", "Bearer " + fixture.adminToken).array();
      assertThat(plugins.stream().map(JsonObject.class::cast).filter(p -> "PROFILE_C".equals(p.getString("profile"))))
          .containsExactly(new JsonObject().put("pluginId", "example-rain-gauge").put("version", "1.0.0")
              .put("profile", "PROFILE_C").put("rank", 1).put("decoder", "com.example.raingauge.RainGaugeDecoder")
              .put("claims", "any payload it accepts").put("state", "STARTED").put("jar", "rain-gauge-1.0.0.jar")
              .putNull("reason"));

      String sample = Files.readString(EXAMPLE.resolve("src/test/resources/logger-export.csv"));
      Answer ingest = fixture.adminPost("/admin/ingest/PROFILE_C", sample, "text/csv");
      assertThat(ingest.json()).isEqualTo(new JsonObject().put("stored", 11).put("duplicates", 0).put("rejectedCount", 2)
          .put("rejected", new JsonArray()
              .add(new JsonObject().put("index", 6).put("reason", "tips_ch1 'two' is not a whole number of tips"))
              .add(new JsonObject().put("index", 7).put("reason", "logger clock not set (1970-01-01T00:00:00Z)")))
          .put("warnings", new JsonArray()));

      List<String> readings = new ArrayList<>(fixture.readBack("PROFILE_C", "RG-0301", "2024-05-01", "2024-05-02"));
      readings.addAll(fixture.readBack("PROFILE_C", "RG-0302", "2024-05-01", "2024-05-02"));
      assertThat(readings).containsExactlyInAnyOrderElementsOf(PluginTestKit.expectedLines(
          Files.readString(EXAMPLE.resolve("src/test/resources/logger-export.readings.txt"))));
      assertThat(fixture.device("PROFILE_C", "RG-0301").getString("group")).isEqualTo("RAIN");
    }
  }

  @Test
  void theOperatorsCalibrationReachesTheExamplePluginThroughItsVariable() throws Exception {
    try (ReadingsFixture fixture = serverWithTheExample(Map.of("FR_PLUGINS_EXAMPLE_RAIN_GAUGE__MM_PER_TIP", "0.5"))) {
      Answer ingest = fixture.adminPost("/admin/ingest/PROFILE_C",
          "logger,time,tips_ch1,tips_ch2,battery_mv\nRG-0401,2024-05-01T10:10:00Z,3,,3609\n", "text/csv");
      assertThat(ingest.json().getInteger("stored")).isEqualTo(2);
      assertThat(fixture.readBack("PROFILE_C", "RG-0401", "2024-05-01", "2024-05-02")).containsExactlyInAnyOrder(
          "RG-0401 CH1 Precipitation 2024-05-01T10:10:00Z 1.5", "RG-0401 ORIGIN Bat 2024-05-01T10:10:00Z 3.609");
    }
  }

  @Test
  @ExpectedFailureLogs
  void aCalibrationTheExamplePluginRefusesLeavesItFailedNamingTheSettingAndServingNothing() throws Exception {
    try (ReadingsFixture fixture = serverWithTheExample(Map.of("FR_PLUGINS_EXAMPLE_RAIN_GAUGE__MM_PER_TIP", "-7.25"))) {
      assertThat(examplePlugin(fixture)).isEqualTo(new JsonObject().put("pluginId", "example-rain-gauge")
          .put("version", "1.0.0").putNull("profile").putNull("rank").putNull("decoder").putNull("claims")
          .put("state", "FAILED")
          .put("jar", "rain-gauge-1.0.0.jar").put("reason", "configure refused its settings: IllegalArgumentException: "
              + "plugins.example-rain-gauge.mm.per.tip (FR_PLUGINS_EXAMPLE_RAIN_GAUGE__MM_PER_TIP): expected "
              + "millimetres of rain per tip, a decimal number above 0"));
      Answer refused = fixture.admin.post("/admin/ingest/PROFILE_C", "logger,time,tips_ch1,tips_ch2,battery_mv\n",
          "Authorization", "Bearer " + fixture.adminToken, "Content-Type", "text/csv");
      assertThat(refused.status()).isEqualTo(404);
    }
  }
}
