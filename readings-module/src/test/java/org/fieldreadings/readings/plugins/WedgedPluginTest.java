package org.fieldreadings.readings.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.ModuleHarness;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.readings.ReadingsModule;
import org.fieldreadings.readings.plugins.fixtures.LoopingDecoder;
import org.fieldreadings.readings.plugins.fixtures.WedgingDecoder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin whose decode threads ignore the interrupt (PROFILE_D, 2 threads, at most 1 replaced) next to a sound one
 * (PROFILE_C): wedged threads are replaced by fresh ones up to the cap, then only PROFILE_D payloads are refused
 * with 503 while PROFILE_C still ingests; the plugin is WEDGED with its reason and the module's health part says
 * DEGRADED, until the threads come back.
 */
@ExpectedFailureLogs
class WedgedPluginTest {

  /** Long enough for the steps before the recovery, short enough to wait for it. */
  private static final String HANG = "hang 6000";

  @TempDir
  static Path pluginsDir;

  private static ModuleHarness harness;

  @BeforeAll
  static void start() throws Exception {
    TestPlugins.jarPlugin(pluginsDir, "wedging.jar",
        Map.of("Plugin-Id", "wedging", "Plugin-Version", "1.0.0", "Plugin-Requires", SpiVersion.PLUGIN_REQUIRES),
        WedgingDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "looping", SpiVersion.PLUGIN_REQUIRES, LoopingDecoder.class);
    harness = ModuleHarness.start(Map.of("FR_PLUGINS_DIR", pluginsDir.toString(),
        "FR_PLUGINS_DECODE_BUDGET", "PT0.5S", "FR_PLUGINS_WEDGED_MAX", "1"), new ReadingsModule());
  }

  @AfterAll
  static void stop() {
    harness.close();
  }

  @Test
  void wedgedThreadsAreReplacedUpToTheCapThenOnlyTheirProfileIsRefusedUntilTheyReturn() throws Exception {
    assertThat(ingest("PROFILE_D", HANG).status()).isEqualTo(504);
    assertThat(ingest("PROFILE_D", HANG).status()).isEqualTo(504);
    assertThat(awaitWedged(2)).isEqualTo(wedging("WEDGED",
        "2 decode threads did not stop when interrupted at the end of their 500 ms budget; fresh threads serve "
            + "PROFILE_D payloads"));
    assertThat(health()).isEqualTo(new JsonObject().put("plugins", "DEGRADED"));
    assertThat(ingest("PROFILE_D", "fresh").status()).isEqualTo(200);

    assertThat(ingest("PROFILE_D", HANG).status()).isEqualTo(504);
    assertThat(awaitWedged(3)).isEqualTo(wedging("WEDGED",
        "3 decode threads did not stop when interrupted at the end of their 500 ms budget; no thread is free: "
            + "PROFILE_D payloads are refused until one returns"));
    Answer refused = ingest("PROFILE_D", "fresh");
    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.header("Retry-After")).isEqualTo("5");
    assertThat(refused.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(refused.json().getString("detail")).isEqualTo(
        "plugin wedging holds all 3 of its PROFILE_D decode threads in payloads it did not give up; try again later");
    assertThat(ingest("PROFILE_C", "thread").status()).isEqualTo(200);

    assertThat(awaitPlugin(p -> "STARTED".equals(p.getString("state")))).isEqualTo(wedging("STARTED", null));
    assertThat(health()).isEqualTo(new JsonObject().put("plugins", "UP"));
    assertThat(ingest("PROFILE_D", "fresh").status()).isEqualTo(200);
  }

  private static Answer ingest(String profile, String payload) {
    return harness.http().post("/admin/ingest/" + profile, payload, "Content-Type", "text/plain");
  }

  private static JsonObject health() throws Exception {
    return new ReadingsModule().health(harness.vertx()).await(5, TimeUnit.SECONDS);
  }

  private static JsonObject awaitWedged(int threads) throws InterruptedException {
    return awaitPlugin(p -> p.getString("reason") != null && p.getString("reason").startsWith(threads + " "));
  }

  /** The wedging plugin's entry of {@code GET /admin/plugins} once it matches, polled for at most 10 s. */
  private static JsonObject awaitPlugin(Predicate<JsonObject> condition) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (true) {
      JsonObject plugin = harness.http().get("/admin/plugins").array().getJsonObject(1);
      if (condition.test(plugin) || System.nanoTime() > deadline) {
        return plugin;
      }
      Thread.sleep(50);
    }
  }

  private static JsonObject wedging(String state, String reason) {
    return new JsonObject().put("pluginId", "wedging").put("version", "1.0.0").put("profile", "PROFILE_D")
        .put("rank", 1).put("decoder", WedgingDecoder.class.getName()).put("claims", "any payload it accepts").put("state", state)
        .put("jar", "wedging.jar").put("reason", reason);
  }
}
