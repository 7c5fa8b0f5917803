package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.app.readings.PluginSample.CAYENNE;
import static org.fieldreadings.app.readings.PluginSample.LORAWAN;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two bundled plugins of PROFILE_D side by side, as a supplier that sends two formats needs them: the Cayenne LPP plugin
 * (accepts port-3 uplinks) is asked first by plugin id, the LoRaWAN plugin takes the rest.
 */
class CayenneBesideLorawanTest {

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of());
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  @Test
  void bothServeProfileDInPluginIdOrderAndEachDecodesItsOwnFormat() throws IOException {
    Answer plugins = fixture.admin.get("/admin/plugins", "Authorization", "Bearer " + fixture.adminToken);
    assertThat(plugins.array().stream().map(JsonObject.class::cast)
        .filter(plugin -> "PROFILE_D".equals(plugin.getString("profile")))
        .map(plugin -> plugin.getString("pluginId") + " " + plugin.getInteger("rank") + " "
            + plugin.getString("state")))
        .containsExactly("profile-d-cayenne 1 STARTED", "profile-d-lorawan 2 STARTED");

    Answer lpp = fixture.push(CAYENNE);
    assertThat(lpp.json()).as(lpp.toString()).isEqualTo(new JsonObject().put("stored", 13).put("duplicates", 0)
        .put("rejectedCount", 0).put("rejected", new JsonArray()).put("warnings", new JsonArray()));
    assertThat(fixture.readBack(CAYENNE)).containsExactlyInAnyOrderElementsOf(CAYENNE.servedReadings());

    Answer waterBalance = fixture.push(LORAWAN);
    assertThat(waterBalance.json()).as(waterBalance.toString()).isEqualTo(new JsonObject().put("stored", 22)
        .put("duplicates", 0).put("rejectedCount", 0).put("rejected", new JsonArray()).put("warnings", new JsonArray()));
    assertThat(fixture.readBack(LORAWAN)).containsExactlyInAnyOrderElementsOf(LORAWAN.servedReadings());
  }
}
