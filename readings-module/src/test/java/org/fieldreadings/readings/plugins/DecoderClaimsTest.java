package org.fieldreadings.readings.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.readings.plugins.fixtures.NullClaimsDecoder;
import org.fieldreadings.readings.plugins.fixtures.ThrowingClaimsDecoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A decoder that cannot say what it takes ({@code SupplierDecoder.claims()}) is not used, with the reason why. */
@ExpectedFailureLogs
class DecoderClaimsTest {

  @TempDir
  Path pluginsDir;

  @Test
  void aDecoderWhoseClaimsIsNullIsRefusedAndOneWhoseClaimsThrowsHasFailed() throws Exception {
    TestPlugins.folderPlugin(pluginsDir, "claims-nothing", SpiVersion.PLUGIN_REQUIRES, NullClaimsDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "claims-throwing", SpiVersion.PLUGIN_REQUIRES, ThrowingClaimsDecoder.class);
    try (PluginHost host = PluginHost.start(PluginHostOptions.of(pluginsDir))) {
      assertThat(host.list()).extracting(PluginInfo::pluginId, PluginInfo::state, PluginInfo::decoder,
          PluginInfo::reason).containsExactly(
              tuple("claims-nothing", PluginInfo.State.REFUSED, null, "its decoder's claims() says nothing (null)"),
              tuple("claims-throwing", PluginInfo.State.FAILED, null,
                  "its decoder's claims() threw IllegalStateException: port table missing"));
      assertThat(host.profiles()).isEmpty();
    }
  }
}
