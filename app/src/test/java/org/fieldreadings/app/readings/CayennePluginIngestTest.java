package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.app.readings.PluginSample.CAYENNE;
import static org.fieldreadings.app.readings.PluginSample.LORAWAN;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Cayenne LPP plugin end to end, deployed as the plugin guide says: its jar in place of the one that served
 * {@code PROFILE_D} (profile-d-lorawan), with the other bundled plugins beside it. Its sample, pushed over HTTP, is
 * read back with the values its own test expects, one connector per LPP channel and the GPS item as the location.
 */
class CayennePluginIngestTest {

  @TempDir
  static Path dataDir;

  @TempDir
  static Path pluginsDir;

  private static ReadingsFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    copyJars(TestServers.pluginsDir(), name -> !name.startsWith("profile-d-lorawan-"));
    fixture = new ReadingsFixture(dataDir, Map.of("FR_PLUGINS_DIR", pluginsDir.toString()));
  }

  private static void copyJars(Path from, Predicate<String> wanted) throws IOException {
    try (Stream<Path> jars = Files.list(from)) {
      for (Path jar : jars.filter(jar -> wanted.test(jar.getFileName().toString())).toList()) {
        Files.copy(jar, pluginsDir.resolve(jar.getFileName()));
      }
    }
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  @Test
  void theCayennePluginServesProfileDInPlaceOfTheLorawanPlugin() {
    Answer answer = fixture.admin.get("/admin/plugins", "Authorization", "Bearer " + fixture.adminToken);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.array().stream().map(JsonObject.class::cast)
        .filter(plugin -> "PROFILE_D".equals(plugin.getString("profile")))
        .map(plugin -> plugin.getString("pluginId") + " " + plugin.getString("state") + " " + plugin.getString("jar")))
        .containsExactly("profile-d-cayenne STARTED profile-d-cayenne-1.0.0.jar");
  }

  @Test
  void lppUplinksAreReadBackPerChannelWithTheGpsItemAsTheLocation() throws IOException {
    Answer first = fixture.push(CAYENNE);
    assertThat(first.status()).as(first.toString()).isEqualTo(200);
    assertThat(first.json()).isEqualTo(new JsonObject().put("stored", 13).put("duplicates", 0)
        .put("rejectedCount", 0).put("rejected", new JsonArray()).put("warnings", new JsonArray()));
    assertThat(fixture.readBack(CAYENNE)).containsExactlyInAnyOrderElementsOf(CAYENNE.servedReadings());
    JsonObject node = fixture.device("PROFILE_D", "A840410001020304");
    assertThat(node.getJsonObject("location"))
        .isEqualTo(new JsonObject().put("latitude", 38.5712).put("longitude", -7.9135));
    assertThat(node.getJsonArray("connectors").stream().map(c -> ((JsonObject) c).getString("connectorId")))
        .containsExactlyInAnyOrder("CH1", "CH2", "CH3", "CH4", "CH5", "CH7");
  }

  @Test
  void waterBalanceUplinksOnPortTwoAreNotAcceptedAndTheAnswerNamesThePluginAsked() throws IOException {
    Answer answer = fixture.push(LORAWAN);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(422);
    assertThat(answer.json().getString("detail"))
        .isEqualTo("no PROFILE_D plugin accepts this application/json payload; asked: profile-d-cayenne "
            + "(any f_port but 2)");
  }
}
