package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.readings.plugins.TestPlugins;
import org.fieldreadings.readings.plugins.fixtures.ThrowingDecoder;
import org.fieldreadings.readings.plugins.fixtures.WedgingDecoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plugins cannot stop the node: a jar with an unparsable {@code Plugin-Requires} is listed DISABLED and the node
 * starts; a plugin that keeps every decode thread of its profile after the interrupt (PROFILE_D, no thread replaced)
 * gets its profile's payloads refused with 503 while another profile ingests, and {@code /health} stays 200 (the
 * database is up) with {@code "plugins": "DEGRADED"}.
 */
@ExpectedFailureLogs
class PluginSafetyTest {

  private static final String FRAME = "$GWD,GW-0007,1714557600,-,vbat=4012;rssi=-63*4F";

  @TempDir
  Path dataDir;

  @TempDir
  Path pluginsDir;

  @Test
  void aWedgedPluginDegradesHealthAndRefusesOnlyItsOwnProfile() throws Exception {
    TestPlugins.copyBundled("profile-b-gateway", pluginsDir);
    TestPlugins.jarPlugin(pluginsDir, "banana.jar",
        Map.of("Plugin-Id", "banana", "Plugin-Version", "1.0.0", "Plugin-Requires", "banana"), ThrowingDecoder.class);
    TestPlugins.jarPlugin(pluginsDir, "wedging.jar",
        Map.of("Plugin-Id", "wedging", "Plugin-Version", "1.0.0", "Plugin-Requires", SpiVersion.PLUGIN_REQUIRES),
        WedgingDecoder.class);
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of(
        "FR_PLUGINS_DIR", pluginsDir.toString(), "FR_PLUGINS_DECODE_BUDGET", "PT0.5S",
        "FR_PLUGINS_WEDGED_MAX", "0")))) {
      TestHttp admin = new TestHttp(server.adminPort());
      String token = "Bearer " + Files.readString(dataDir.resolve("admin.token"));
      assertThat(admin.get("/health").json())
          .isEqualTo(new JsonObject().put("status", "UP").put("database", "UP").put("nodes", 1)
              .put("plugins", "UP"));
      assertThat(ingest(admin, token, "PROFILE_B", FRAME).json().getInteger("stored")).isEqualTo(2);

      assertThat(ingest(admin, token, "PROFILE_D", "hang 4000").status()).isEqualTo(504);
      assertThat(ingest(admin, token, "PROFILE_D", "hang 4000").status()).isEqualTo(504);
      JsonArray plugins = awaitNoFreeThread(admin, token);
      assertThat(plugins.getJsonObject(0)).isEqualTo(new JsonObject().put("pluginId", "banana")
          .put("version", "1.0.0").putNull("profile").putNull("rank").putNull("decoder").putNull("claims")
          .put("state", "DISABLED")
          .put("jar", "banana.jar")
          .put("reason", "its Plugin-Requires 'banana' is not a version constraint such as '^1.2.0' (Illegal "
              + "character near 'banana')"));
      assertThat(plugins.getJsonObject(2)).isEqualTo(new JsonObject().put("pluginId", "wedging")
          .put("version", "1.0.0").put("profile", "PROFILE_D").put("rank", 1)
          .put("decoder", WedgingDecoder.class.getName()).put("claims", "any payload it accepts").put("state", "WEDGED")
          .put("jar", "wedging.jar")
          .put("reason", "2 decode threads did not stop when interrupted at the end of their 500 ms budget; no "
              + "thread is free: PROFILE_D payloads are refused until one returns"));

      Answer refused = ingest(admin, token, "PROFILE_D", "fresh");
      assertThat(refused.status()).isEqualTo(503);
      assertThat(refused.header("Retry-After")).isEqualTo("5");
      assertThat(refused.json().getString("detail")).isEqualTo(
          "plugin wedging holds all 2 of its PROFILE_D decode threads in payloads it did not give up; try again later");
      Answer gateway = ingest(admin, token, "PROFILE_B", FRAME);
      assertThat(gateway.status()).isEqualTo(200);
      assertThat(gateway.json().getInteger("duplicates")).isEqualTo(2);

      Answer health = admin.get("/health");
      assertThat(health.status()).isEqualTo(200);
      assertThat(health.json())
          .isEqualTo(new JsonObject().put("status", "UP").put("database", "UP").put("nodes", 1)
              .put("plugins", "DEGRADED"));

      // The threads come back when their payloads end; waited for, so that what they log stays in this test.
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (!"UP".equals(admin.get("/health").json().getString("plugins")) && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(admin.get("/health").json().getString("plugins")).isEqualTo("UP");
    }
  }

  private static Answer ingest(TestHttp admin, String token, String profile, String payload) {
    return admin.post("/admin/ingest/" + profile, payload, "Authorization", token, "Content-Type", "text/plain");
  }

  /** {@code GET /admin/plugins} once both decode threads of the wedging plugin are wedged, polled for at most 10 s. */
  private static JsonArray awaitNoFreeThread(TestHttp admin, String token) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (true) {
      JsonArray plugins = admin.get("/admin/plugins", "Authorization", token).array();
      String reason = plugins.getJsonObject(2).getString("reason");
      if ((reason != null && reason.startsWith("2 ")) || System.nanoTime() > deadline) {
        return plugins;
      }
      Thread.sleep(50);
    }
  }
}
