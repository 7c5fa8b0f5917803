package org.fieldreadings.readings.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.config.PluginSettingsConfig;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.plugin.api.PluginTestKit;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.readings.plugins.fixtures.HangingConfigureDecoder;
import org.fieldreadings.readings.plugins.fixtures.StationDecoder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host hands each plugin its settings ({@code plugins.<pluginId>.*}) through {@code configure}, once per instance
 * and before any payload, at start and at each reload; a plugin that refuses them, or does not take them within the
 * decode budget, is FAILED and serves nothing.
 */
@ExpectedFailureLogs
class PluginSettingsHandOverTest {

  @TempDir
  static Path pluginsDir;

  private static Vertx vertx;

  @BeforeAll
  static void start() throws Exception {
    TestPlugins.folderPlugin(pluginsDir, "station-c", SpiVersion.PLUGIN_REQUIRES, StationDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "unnamed-station", SpiVersion.PLUGIN_REQUIRES, StationDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "hanging", SpiVersion.PLUGIN_REQUIRES, HangingConfigureDecoder.class);
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  private static PluginHostOptions options() {
    return PluginHostOptions.of(pluginsDir).withDecodeBudget(Duration.ofMillis(300)).withSettings(new PluginSettingsConfig(
        Map.of("station-c.station.name", "North", "station-c.offset", "1"),
        Map.of("STATION_C", Map.of("offset", "3"))));
  }

  @Test
  void aPluginIsConfiguredWithItsOwnSettingsOnceBeforeItsFirstPayloadTheVariablesWinning() throws Exception {
    try (PluginHost host = PluginHost.start(options())) {
      assertThat(decode(host)).containsExactly("#-1 station North, offset 3, configured 1x");
      assertThat(decode(host)).containsExactly("#-1 station North, offset 3, configured 1x");
    }
  }

  @Test
  void aPluginThatRefusesItsSettingsIsFailedWithItsReason() {
    try (PluginHost host = PluginHost.start(options())) {
      assertThat(host.list()).extracting(PluginInfo::pluginId, PluginInfo::state, PluginInfo::reason).contains(
          tuple("station-c", PluginInfo.State.STARTED, null),
          tuple("unnamed-station", PluginInfo.State.FAILED, "configure refused its settings: IllegalArgumentException: "
              + "plugins.unnamed-station.station.name (FR_PLUGINS_UNNAMED_STATION__STATION_NAME) is not set"));
    }
  }

  @Test
  void aPluginThatDoesNotTakeItsSettingsWithinTheBudgetIsFailedAndTheOthersStart() {
    try (PluginHost host = PluginHost.start(options())) {
      assertThat(host.list()).extracting(PluginInfo::pluginId, PluginInfo::state, PluginInfo::reason).contains(
          tuple("hanging", PluginInfo.State.FAILED, "configure did not return within 300 ms; it was interrupted"),
          tuple("station-c", PluginInfo.State.STARTED, null));
    }
  }

  @Test
  void aReloadConfiguresTheNewInstancesAgain() throws Exception {
    try (PluginHost host = PluginHost.start(options())) {
      host.reload();
      assertThat(decode(host)).containsExactly("#-1 station North, offset 3, configured 1x");
    }
  }

  private static List<String> decode(PluginHost host) throws Exception {
    return PluginTestKit.rejections(host.decode(vertx, Profile.PROFILE_C, RawPayload.ofText("x", "text/csv"))
        .await(5, TimeUnit.SECONDS));
  }
}
