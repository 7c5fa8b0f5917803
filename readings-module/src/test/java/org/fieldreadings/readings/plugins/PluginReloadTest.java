package org.fieldreadings.readings.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.Rejection;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.readings.plugins.fixtures.CsvGatewayDecoder;
import org.fieldreadings.readings.plugins.fixtures.JsonOnlyDecoder;
import org.fieldreadings.readings.plugins.fixtures.SlowFlowDecoder;
import org.fieldreadings.readings.plugins.fixtures.ThrowingAcceptsDecoder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link PluginHost#reload()}: jars dropped into, removed from or changed in the plugins folder while it runs. */
class PluginReloadTest {

  private static Vertx vertx;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  @Test
  void aReloadLoadsNewJarsUnloadsRemovedOnesAndReplacesChangedOnes(@TempDir Path dir) throws Exception {
    jar(dir, "csv-gateway", "1.0.0", CsvGatewayDecoder.class);
    jar(dir, "json-only", "1.0.0", JsonOnlyDecoder.class);
    try (PluginHost host = PluginHost.start(PluginHostOptions.of(dir))) {
      jar(dir, "csv-gateway", "1.1.0", CsvGatewayDecoder.class);
      Files.delete(dir.resolve("json-only.jar"));
      jar(dir, "throws-when-asked", "1.0.0", ThrowingAcceptsDecoder.class);

      PluginReload reload = host.reload();

      assertThat(reload.loaded()).containsExactly("throws-when-asked.jar");
      assertThat(reload.unloaded()).containsExactly("json-only.jar");
      assertThat(reload.replaced()).containsExactly("csv-gateway.jar");
      assertThat(reload.plugins()).extracting(PluginInfo::pluginId, PluginInfo::version, PluginInfo::state)
          .containsExactly(tuple("csv-gateway", "1.1.0", PluginInfo.State.STARTED),
              tuple("throws-when-asked", "1.0.0", PluginInfo.State.STARTED));
      assertThat(host.list()).isEqualTo(reload.plugins());
      assertThat(host.profiles()).containsExactly(Profile.PROFILE_A, Profile.PROFILE_B);
      assertThat(reload.toJson().fieldNames()).containsExactly("loaded", "unloaded", "replaced", "plugins");
      assertThat(reload.toJson().getJsonArray("loaded")).isEqualTo(new JsonArray().add("throws-when-asked.jar"));
      assertThat(reload.toJson().getJsonArray("plugins").getJsonObject(0)).isEqualTo(new JsonObject()
          .put("pluginId", "csv-gateway").put("version", "1.1.0").put("profile", "PROFILE_B").put("rank", 1)
          .put("decoder", CsvGatewayDecoder.class.getName()).put("claims", "any payload it accepts").put("state", "STARTED").put("jar", "csv-gateway.jar").putNull("reason"));

      PluginReload unchanged = host.reload();
      assertThat(List.of(unchanged.loaded(), unchanged.unloaded(), unchanged.replaced()))
          .containsExactly(List.of(), List.of(), List.of());
      assertThat(rejections(host, Profile.PROFILE_B, "text/csv").await(5, TimeUnit.SECONDS))
          .containsExactly("decoded by the csv gateway plugin");
    }
  }

  @Test
  void aPayloadInFlightFinishesOnTheReplacedPluginAndTheNextGoesToTheNewOne(@TempDir Path dir) throws Exception {
    jar(dir, "slow-flow", "1.0.0", SlowFlowDecoder.class);
    try (PluginHost host = PluginHost.start(PluginHostOptions.of(dir))) {
      Future<List<String>> inFlight = rejections(host, Profile.PROFILE_C, "text/plain");
      Thread.sleep(300); // the payload is inside the plugin now
      jar(dir, "slow-flow", "2.0.0", SlowFlowDecoder.class);

      PluginReload reload = host.reload();

      assertThat(reload.replaced()).containsExactly("slow-flow.jar");
      assertThat(host.list()).extracting(PluginInfo::version).containsExactly("2.0.0");
      assertThat(inFlight.await(5, TimeUnit.SECONDS)).containsExactly("decoded slowly");
      assertThat(rejections(host, Profile.PROFILE_C, "text/plain").await(5, TimeUnit.SECONDS))
          .containsExactly("decoded slowly");
    }
  }

  @Test
  void aJarRemovedWhileItDecodesFinishesItsPayloadAndItsProfileIsThenUnserved(@TempDir Path dir) throws Exception {
    jar(dir, "slow-flow", "1.0.0", SlowFlowDecoder.class);
    try (PluginHost host = PluginHost.start(PluginHostOptions.of(dir))) {
      Future<List<String>> inFlight = rejections(host, Profile.PROFILE_C, "text/plain");
      Thread.sleep(300);
      Files.delete(dir.resolve("slow-flow.jar"));

      assertThat(host.reload().unloaded()).containsExactly("slow-flow.jar");
      assertThat(inFlight.await(5, TimeUnit.SECONDS)).containsExactly("decoded slowly");
      assertThat(host.decode(vertx, Profile.PROFILE_C, RawPayload.ofText("x", "text/plain")).cause())
          .hasMessage("no plugin decodes PROFILE_C payloads; available: none");
    }
  }

  @Test
  void aWatchedFolderReloadsByItselfOnceAJarIsDroppedIntoIt(@TempDir Path dir) throws Exception {
    try (PluginHost host = PluginHost.start(PluginHostOptions.of(dir))) {
      host.watch(Duration.ofMillis(200));
      jar(dir, "csv-gateway", "1.0.0", CsvGatewayDecoder.class);

      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (host.list().isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(host.list()).extracting(PluginInfo::pluginId, PluginInfo::state)
          .containsExactly(tuple("csv-gateway", PluginInfo.State.STARTED));
      assertThat(rejections(host, Profile.PROFILE_B, "text/csv").await(5, TimeUnit.SECONDS))
          .containsExactly("decoded by the csv gateway plugin");
    }
  }

  private static Future<List<String>> rejections(PluginHost host, Profile profile, String contentType) {
    return host.decode(vertx, profile, RawPayload.ofText("a,b", contentType))
        .map(DecodeResult::rejections)
        .map(rejections -> rejections.stream().map(Rejection::reason).toList());
  }

  private static void jar(Path dir, String pluginId, String version, Class<?> decoder) throws Exception {
    TestPlugins.jarPlugin(dir, pluginId + ".jar", Map.of("Plugin-Id", pluginId, "Plugin-Version", version,
        "Plugin-Requires", SpiVersion.PLUGIN_REQUIRES), decoder);
  }
}
