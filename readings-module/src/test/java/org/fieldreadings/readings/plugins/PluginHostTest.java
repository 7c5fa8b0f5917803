package org.fieldreadings.readings.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.PluginTestKit;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SpiVersion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pf4j.PluginClassLoader;

/** The host with the five plugin jars the build made, loaded from a folder by the real PF4J plugin manager. */
class PluginHostTest {

  private static Vertx vertx;
  private static PluginHost host;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    host = PluginHost.start(PluginHostOptions.of(TestPlugins.bundledJars()));
  }

  @AfterAll
  static void stop() throws Exception {
    host.close();
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  @Test
  void loadsOnePluginPerProfileFromTheJarsInTheFolder() {
    assertThat(host.list()).extracting(PluginInfo::pluginId, PluginInfo::profile, PluginInfo::state).containsExactly(
        tuple("profile-a-soil", Profile.PROFILE_A, PluginInfo.State.STARTED),
        tuple("profile-b-gateway", Profile.PROFILE_B, PluginInfo.State.STARTED),
        tuple("profile-c-flow", Profile.PROFILE_C, PluginInfo.State.STARTED),
        tuple("profile-d-lorawan", Profile.PROFILE_D, PluginInfo.State.STARTED),
        tuple("real-weather-station", Profile.REAL_WEATHER_STATION, PluginInfo.State.STARTED));
    assertThat(host.list()).allSatisfy(plugin -> assertThat(plugin.version()).matches("\\d+\\.\\d+\\.\\d+.*"));
    assertThat(host.profiles()).containsExactly(Profile.values());
    for (Profile profile : Profile.values()) {
      assertThat(host.decoder(profile).getClass().getClassLoader()).isInstanceOf(PluginClassLoader.class);
    }
  }

  @Test
  void everyBundledPluginRequiresTheSpiItWasCompiledAgainst() throws Exception {
    try (var jars = Files.list(TestPlugins.bundledJars())) {
      for (Path jar : jars.toList()) {
        try (JarFile file = new JarFile(jar.toFile())) {
          assertThat(file.getManifest().getMainAttributes().getValue("Plugin-Requires")).as(jar.toString())
              .isEqualTo(SpiVersion.PLUGIN_REQUIRES);
        }
      }
    }
  }

  @Test
  void listsPluginsAsTheAdminApiAnswers() {
    String version = host.list().get(1).version();
    assertThat(host.list().get(1).toJson()).isEqualTo(new JsonObject()
        .put("pluginId", "profile-b-gateway").put("version", version).put("profile", "PROFILE_B").put("rank", 1)
        .put("decoder", "org.fieldreadings.plugins.gateway.GatewayFrameDecoder").put("claims", "any payload it accepts")
        .put("state", "STARTED").put("jar", "profile-b-gateway-" + version + ".jar").putNull("reason"));
  }

  @Test
  void decodesThroughEachBundledPlugin() throws Exception {
    assertThat(readings(Profile.PROFILE_B, "$GWD,GW-0007,1714557600,N-1A2B,t=214;rh=55;vbat=3010;rssi=-88*58"))
        .containsExactly("GW-0007 N-1A2B AirTemp 2024-05-01T10:00:00Z 21.4",
            "GW-0007 N-1A2B AirHum 2024-05-01T10:00:00Z 55",
            "GW-0007 N-1A2B Bat 2024-05-01T10:00:00Z 3.01",
            "GW-0007 N-1A2B Rssi 2024-05-01T10:00:00Z -88");
    assertThat(readings(Profile.PROFILE_A, "serial,timestamp,ec_20cm\nSM-1,2024-05-01 00:00:00,450\n"))
        .containsExactly("SM-1 ORIGIN SoilSalinity20 2024-05-01T00:00:00Z 0.45");
    assertThat(readings(Profile.PROFILE_C,
        "Logger;Channel;Date;Time;Value;Unit\nFM-1;VOLUME;01.05.2024;10:00:00;1500;l"))
        .containsExactly("FM-1 ORIGIN FlowmeterTotal 2024-05-01T10:00:00Z 1.5");
    assertThat(readings(Profile.REAL_WEATHER_STATION,
        "{\"stationId\": \"WS-1\", \"observations\": [{\"obsTimeUtc\": \"2024-05-01T10:00:00Z\", \"tempF\": 41}]}"))
        .containsExactly("WS-1 ORIGIN AirTemp 2024-05-01T10:00:00Z 5");
    assertThat(readings(Profile.PROFILE_D, """
        {"end_device_ids": {"dev_eui": "70B3D57ED0051A3C"}, "received_at": "2024-05-01T10:00:00Z",
         "uplink_message": {"f_port": 2, "frm_payload": "AQ4QAA==", "rx_metadata": [{"rssi": -90}]}}"""))
        .containsExactly("70B3D57ED0051A3C ORIGIN Bat 2024-05-01T10:00:00Z 3.6",
            "70B3D57ED0051A3C ORIGIN Rssi 2024-05-01T10:00:00Z -90");
  }

  @Test
  void aProfileWithoutPluginFailsNamingTheAvailableOnes(@TempDir Path dir) throws Exception {
    TestPlugins.copyBundled("profile-b-gateway", dir);
    TestPlugins.copyBundled("profile-d-lorawan", dir);
    try (PluginHost partial = PluginHost.start(PluginHostOptions.of(dir))) {
      assertThat(partial.profiles()).containsExactly(Profile.PROFILE_B, Profile.PROFILE_D);
      assertThatThrownBy(() -> partial.decoder(Profile.PROFILE_A))
          .isInstanceOfSatisfying(PluginFailure.class,
              e -> assertThat(e.kind()).isEqualTo(PluginFailure.Kind.NO_PLUGIN))
          .hasMessage("no plugin decodes PROFILE_A payloads; available: PROFILE_B, PROFILE_D");
      assertThat(partial.decode(vertx, Profile.PROFILE_C, RawPayload.ofText("x", "text/plain")).cause())
          .hasMessage("no plugin decodes PROFILE_C payloads; available: PROFILE_B, PROFILE_D");
    }
  }

  @Test
  @ExpectedFailureLogs
  void aMissingFolderMeansNoPlugins(@TempDir Path dir) {
    try (PluginHost empty = PluginHost.start(PluginHostOptions.of(dir.resolve("absent")))) {
      assertThat(empty.list()).isEmpty();
      assertThatThrownBy(() -> empty.decoder(Profile.PROFILE_B))
          .hasMessage("no plugin decodes PROFILE_B payloads; available: none");
    }
  }

  private static List<String> readings(Profile profile, String payload) throws Exception {
    DecodeResult result =
        host.decode(vertx, profile, RawPayload.ofText(payload, "text/plain")).await(10, TimeUnit.SECONDS);
    assertThat(result.rejections()).isEmpty();
    return PluginTestKit.readings(result);
  }
}
