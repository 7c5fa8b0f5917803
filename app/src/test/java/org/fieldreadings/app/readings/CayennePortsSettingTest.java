package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.app.readings.CayenneBesideLorawanTest.lppUplink;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Cayenne LPP plugin's {@code ports} setting restricts the uplinks it takes, beside the LoRaWAN plugin. */
class CayennePortsSettingTest {

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of("FR_PLUGINS_PROFILE_D_CAYENNE__PORTS", "3,5"));
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  @Test
  void theAdminPluginListShowsTheConfiguredPorts() {
    Answer plugins = fixture.admin.get("/admin/plugins", "Authorization", "Bearer " + fixture.adminToken);
    assertThat(plugins.array().stream().map(JsonObject.class::cast)
        .filter(plugin -> "PROFILE_D".equals(plugin.getString("profile")))
        .map(plugin -> plugin.getInteger("rank") + " " + plugin.getString("pluginId") + " "
            + plugin.getString("claims")))
        .containsExactly("1 profile-d-cayenne f_port 3, 5", "2 profile-d-lorawan f_port 2");
  }

  @Test
  void anLppUplinkOnAPortOutsideTheSettingIsRefusedNamingWhatEachDecoderTakes() {
    Answer answer = fixture.ingest("PROFILE_D", fixture.ingestKey("PROFILE_D"),
        lppUplink("A8404100010203F2", 1, "AWcA1w=="), "application/json");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(422);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getString("detail")).isEqualTo("no PROFILE_D plugin accepts this application/json "
        + "payload; asked: profile-d-cayenne (f_port 3, 5), profile-d-lorawan (f_port 2)");
  }

  @Test
  void anLppUplinkOnAPortOfTheSettingIsStored() {
    Answer answer = fixture.ingest("PROFILE_D", fixture.ingestKey("PROFILE_D"),
        lppUplink("A8404100010203F3", 5, "AWcA1w=="), "application/json");
    assertThat(answer.json()).as(answer.toString()).isEqualTo(new JsonObject().put("stored", 1)
        .put("duplicates", 0).put("rejectedCount", 0).put("rejected", new JsonArray()).put("warnings", new JsonArray()));
    assertThat(fixture.readBack("PROFILE_D", "A8404100010203F3", "2024-05-02", "2024-05-03"))
        .containsExactly("A8404100010203F3 CH1 AirTemp 2024-05-02T10:00:00Z 21.5");
  }
}
