package org.fieldreadings.readings.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.ModuleHarness;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.readings.ReadingsModule;
import org.fieldreadings.readings.plugins.fixtures.FailingInitDecoder;
import org.fieldreadings.readings.plugins.fixtures.LoopingDecoder;
import org.fieldreadings.readings.plugins.fixtures.ThrowingDecoder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plugin jars a supplier or an operator can get wrong, next to one good jar: none stops the module, each is listed by
 * {@code GET /admin/plugins} with its jar and the reason, and the good plugin decodes.
 */
@ExpectedFailureLogs
class UnusablePluginJarsTest {

  @TempDir
  static Path pluginsDir;

  private static ModuleHarness harness;

  @BeforeAll
  static void start() throws Exception {
    TestPlugins.jarPlugin(pluginsDir, "good.jar", manifest("good", SpiVersion.PLUGIN_REQUIRES), LoopingDecoder.class);
    TestPlugins.jarPlugin(pluginsDir, "banana.jar", manifest("banana", "banana"), ThrowingDecoder.class);
    TestPlugins.jarPlugin(pluginsDir, "snapshot.jar", manifest("snapshot", "1.0.0-SNAPSHOT"), ThrowingDecoder.class);
    TestPlugins.jarPlugin(pluginsDir, "needs-spi-2.jar", manifest("needs-spi-2", "^2.0.0"), ThrowingDecoder.class);
    TestPlugins.jarPlugin(pluginsDir, "no-manifest.jar", Map.of(), ThrowingDecoder.class);
    Files.writeString(pluginsDir.resolve("corrupt.jar"), "not a zip file");
    TestPlugins.jarPlugin(pluginsDir, "turned-off.jar", manifest("turned-off", SpiVersion.PLUGIN_REQUIRES),
        ThrowingDecoder.class);
    Files.writeString(pluginsDir.resolve("disabled.txt"), "turned-off\n");
    TestPlugins.jarPlugin(pluginsDir, "no-id.jar", Map.of("Plugin-Version", "1.0.0"), ThrowingDecoder.class);
    TestPlugins.jarPlugin(pluginsDir, "depends.jar", Map.of("Plugin-Id", "depends", "Plugin-Version", "1.0.0",
        "Plugin-Requires", SpiVersion.PLUGIN_REQUIRES, "Plugin-Dependencies", "absent-plugin"), ThrowingDecoder.class);
    TestPlugins.jarPlugin(pluginsDir, "failing-init.jar", manifest("failing-init", SpiVersion.PLUGIN_REQUIRES),
        FailingInitDecoder.class);
    harness = ModuleHarness.start(Map.of("FR_PLUGINS_DIR", pluginsDir.toString()), new ReadingsModule());
  }

  @AfterAll
  static void stop() {
    harness.close();
  }

  @Test
  void unusableJarsAreListedWithTheirJarAndReasonAndTheGoodOneDecodes() {
    Answer answer = harness.http().get("/admin/plugins");

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.array()).isEqualTo(new JsonArray()
        .add(plugin("banana", "1.0.0", null, "DISABLED", "banana.jar",
            "its Plugin-Requires 'banana' is not a version constraint such as '^1.2.0' (Illegal character near "
                + "'banana')"))
        .add(plugin("depends", "1.0.0", null, "DISABLED", "depends.jar",
            "it declares Plugin-Dependencies; a supplier plugin may depend on the plugin API only"))
        .add(plugin("failing-init", "1.0.0", null, "FAILED", "failing-init.jar",
            "the static initializer of its decoder threw IllegalStateException: calibration table missing"))
        .add(plugin("good", "1.0.0", "PROFILE_C", "STARTED", "good.jar", null))
        .add(plugin("needs-spi-2", "1.0.0", null, "DISABLED", "needs-spi-2.jar",
            "its Plugin-Requires '^2.0.0' does not accept SPI version 1.2.0"))
        .add(plugin("snapshot", "1.0.0", null, "DISABLED", "snapshot.jar",
            "its Plugin-Requires '1.0.0-SNAPSHOT' is not a version constraint such as '^1.2.0' (Illegal character "
                + "near 'SNAPSHOT')"))
        .add(plugin("turned-off", "1.0.0", null, "DISABLED", "turned-off.jar",
            "the plugins folder's disabled.txt or enabled.txt turns it off"))
        .add(plugin(null, null, null, "DISABLED", "corrupt.jar",
            "it has no readable plugin manifest (META-INF/MANIFEST.MF with Plugin-Id, Plugin-Version and "
                + "Plugin-Requires)"))
        .add(plugin(null, "1.0.0", null, "DISABLED", "no-id.jar", "its manifest has no Plugin-Id"))
        .add(plugin(null, null, null, "DISABLED", "no-manifest.jar",
            "it has no readable plugin manifest (META-INF/MANIFEST.MF with Plugin-Id, Plugin-Version and "
                + "Plugin-Requires)")));
    assertThat(harness.http().post("/admin/ingest/PROFILE_C", "").status()).isEqualTo(200);
  }

  private static Map<String, String> manifest(String pluginId, String requires) {
    return Map.of("Plugin-Id", pluginId, "Plugin-Version", "1.0.0", "Plugin-Requires", requires);
  }

  private static JsonObject plugin(String id, String version, String profile, String state, String jar,
      String reason) {
    return new JsonObject().put("pluginId", id).put("version", version).put("profile", profile)
        .put("rank", profile == null ? null : 1)
        .put("decoder", profile == null ? null : LoopingDecoder.class.getName())
        .put("claims", profile == null ? null : "any payload it accepts").put("state", state).put("jar", jar).put("reason", reason);
  }
}
