package org.fieldreadings.readings.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.PluginTestKit;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.Rejection;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.readings.plugins.fixtures.CsvGatewayDecoder;
import org.fieldreadings.readings.plugins.fixtures.JsonOnlyDecoder;
import org.fieldreadings.readings.plugins.fixtures.ThrowingAcceptsDecoder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several plugins for one profile: the bundled gateway plugin (accepts every payload) next to one that accepts
 * {@code text/csv} only, and two soil plugins of which one accepts JSON only and the other throws when asked.
 */
class SeveralDecodersPerProfileTest {

  private static final String FRAME = "$GWD,GW-0007,1714557600,-,vbat=4012;rssi=-63*4F";

  @TempDir
  static Path pluginsDir;

  private static Vertx vertx;

  @BeforeAll
  static void start() throws Exception {
    TestPlugins.copyBundled("profile-b-gateway", pluginsDir);
    TestPlugins.folderPlugin(pluginsDir, "csv-gateway", SpiVersion.PLUGIN_REQUIRES, CsvGatewayDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "json-only", SpiVersion.PLUGIN_REQUIRES, JsonOnlyDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "throws-when-asked", SpiVersion.PLUGIN_REQUIRES,
        ThrowingAcceptsDecoder.class);
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  @Test
  void severalPluginsServeOneProfileAndTheFirstInPluginIdOrderThatAcceptsDecodes() throws Exception {
    try (PluginHost host = PluginHost.start(PluginHostOptions.of(pluginsDir))) {
      assertThat(host.list()).extracting(PluginInfo::pluginId, PluginInfo::profile, PluginInfo::rank,
          PluginInfo::state).containsExactly(
              tuple("csv-gateway", Profile.PROFILE_B, 1, PluginInfo.State.STARTED),
              tuple("json-only", Profile.PROFILE_A, 1, PluginInfo.State.STARTED),
              tuple("profile-b-gateway", Profile.PROFILE_B, 2, PluginInfo.State.STARTED),
              tuple("throws-when-asked", Profile.PROFILE_A, 2, PluginInfo.State.STARTED));
      assertThat(host.list().get(0).toJson().getInteger("rank")).isEqualTo(1);
      assertThat(host.list()).extracting(PluginInfo::pluginId, PluginInfo::decoder, PluginInfo::claims)
          .containsExactly(
              tuple("csv-gateway", CsvGatewayDecoder.class.getName(), "any payload it accepts"),
              tuple("json-only", JsonOnlyDecoder.class.getName(), "application/json payloads"),
              tuple("profile-b-gateway", "org.fieldreadings.plugins.gateway.GatewayFrameDecoder",
                  "any payload it accepts"),
              tuple("throws-when-asked", ThrowingAcceptsDecoder.class.getName(), "any payload it accepts"));
      assertThat(rejections(host, Profile.PROFILE_B, FRAME, "text/csv"))
          .containsExactly("decoded by the csv gateway plugin");
      assertThat(readings(host, FRAME, "text/plain")).containsExactly(
          "GW-0007 ORIGIN Bat 2024-05-01T10:00:00Z 4.012", "GW-0007 ORIGIN Rssi 2024-05-01T10:00:00Z -63");
      assertThat(rejections(host, Profile.PROFILE_A, "{}", "application/json"))
          .containsExactly("decoded by the json-only plugin");
    }
  }

  @Test
  void theOperatorsOrderIsAskedFirst() throws Exception {
    PluginHostOptions options = PluginHostOptions.of(pluginsDir)
        .withDecoderOrder(Map.of(Profile.PROFILE_B, List.of("profile-b-gateway")));
    try (PluginHost host = PluginHost.start(options)) {
      assertThat(host.list()).extracting(PluginInfo::pluginId, PluginInfo::rank)
          .contains(tuple("profile-b-gateway", 1), tuple("csv-gateway", 2));
      assertThat(readings(host, FRAME, "text/csv")).containsExactly(
          "GW-0007 ORIGIN Bat 2024-05-01T10:00:00Z 4.012", "GW-0007 ORIGIN Rssi 2024-05-01T10:00:00Z -63");
    }
  }

  @Test
  @ExpectedFailureLogs
  void aPayloadNoPluginAcceptsFailsNamingThePluginsAskedWithWhatEachTakesAndAThrowWhenAskedIsANo() {
    try (PluginHost host = PluginHost.start(PluginHostOptions.of(pluginsDir))) {
      var decoded = host.decode(vertx, Profile.PROFILE_A, RawPayload.ofText("a,b", "text/plain; charset=utf-8"));
      assertThatThrownBy(() -> decoded.await(5, TimeUnit.SECONDS))
          .isInstanceOfSatisfying(PluginFailure.class,
              e -> assertThat(e.kind()).isEqualTo(PluginFailure.Kind.NOT_ACCEPTED))
          .hasMessage("no PROFILE_A plugin accepts this text/plain payload; asked: json-only (application/json "
              + "payloads), throws-when-asked (any payload it accepts)");
    }
  }

  private static List<String> readings(PluginHost host, String text, String contentType) throws Exception {
    DecodeResult result = host.decode(vertx, Profile.PROFILE_B, RawPayload.ofText(text, contentType))
        .await(5, TimeUnit.SECONDS);
    assertThat(result.rejections()).isEmpty();
    return PluginTestKit.readings(result);
  }

  private static List<String> rejections(PluginHost host, Profile profile, String text, String contentType)
      throws Exception {
    return host.decode(vertx, profile, RawPayload.ofText(text, contentType)).await(5, TimeUnit.SECONDS)
        .rejections().stream().map(Rejection::reason).toList();
  }
}
