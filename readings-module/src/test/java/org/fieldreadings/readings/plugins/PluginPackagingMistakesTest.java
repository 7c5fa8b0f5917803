package org.fieldreadings.readings.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.fieldreadings.readings.plugins.fixtures.CsvGatewayDecoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The two packaging mistakes that leave a plugin without decoder are named, with their fix. */
@ExpectedFailureLogs
class PluginPackagingMistakesTest {

  @Test
  void aJarThatBundlesThePluginApiOrWasBuiltWithoutTheAnnotationProcessorSaysWhichAndHowToFixIt(@TempDir Path dir)
      throws Exception {
    TestPlugins.jarPlugin(dir, "bundles-api.jar", manifest("bundles-api"), true, CsvGatewayDecoder.class,
        SupplierDecoder.class);
    TestPlugins.jarPlugin(dir, "no-index.jar", manifest("no-index"), false, CsvGatewayDecoder.class);
    try (PluginHost host = PluginHost.start(PluginHostOptions.of(dir))) {
      assertThat(host.list()).extracting(PluginInfo::pluginId, PluginInfo::state, PluginInfo::reason).containsExactly(
          tuple("bundles-api", PluginInfo.State.REFUSED, "it bundles plugin-api (it holds "
              + "org/fieldreadings/plugin/api/ classes, so its decoder implements its own copy of SupplierDecoder, "
              + "not the host's): declare plugin-api <scope>provided</scope> and rebuild"),
          tuple("no-index", PluginInfo.State.REFUSED, "it was built without the PF4J annotation processor (it has no "
              + "META-INF/extensions.idx naming its @Extension decoder): add org.pf4j:pf4j to the compiler's "
              + "annotationProcessorPaths with processor org.pf4j.processor.ExtensionAnnotationProcessor and "
              + "rebuild"));
    }
  }

  private static Map<String, String> manifest(String pluginId) {
    return Map.of("Plugin-Id", pluginId, "Plugin-Version", "1.0.0", "Plugin-Requires", SpiVersion.PLUGIN_REQUIRES);
  }
}
