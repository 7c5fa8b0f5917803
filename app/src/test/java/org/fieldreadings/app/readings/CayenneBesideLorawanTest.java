package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.app.readings.PluginSample.CAYENNE;
import static org.fieldreadings.app.readings.PluginSample.LORAWAN;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two bundled plugins of PROFILE_D side by side, as a supplier that sends two formats needs them, dispatched by
 * port: the LoRaWAN plugin takes the water balance sensors' f_port 2 only, the Cayenne LPP plugin every other port
 * (LPP devices mostly send on port 1).
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
  void theAdminPluginListShowsTheProfileDDecodersInOrderAndWhatEachTakes() {
    Answer plugins = fixture.admin.get("/admin/plugins", "Authorization", "Bearer " + fixture.adminToken);
    assertThat(plugins.status()).isEqualTo(200);
    assertThat(plugins.array().stream().map(JsonObject.class::cast)
        .filter(plugin -> "PROFILE_D".equals(plugin.getString("profile")))
        .map(plugin -> plugin.getInteger("rank") + " " + plugin.getString("pluginId") + " "
            + plugin.getString("decoder") + " takes " + plugin.getString("claims") + " " + plugin.getString("state")))
        .containsExactly(
            "1 profile-d-cayenne org.fieldreadings.plugins.cayenne.CayenneUplinkDecoder takes any f_port but 2 STARTED",
            "2 profile-d-lorawan org.fieldreadings.plugins.lorawan.LorawanUplinkDecoder takes f_port 2 STARTED");
  }

  @Test
  void anLppUplinkOnPortOneIsStoredByTheLppDecoder() {
    Answer answer = fixture.ingest("PROFILE_D", fixture.ingestKey("PROFILE_D"),
        lppUplink("A8404100010203F1", 1, "AWcA1wJogQ=="), "application/json");
    assertThat(answer.json()).as(answer.toString()).isEqualTo(new JsonObject().put("stored", 2)
        .put("duplicates", 0).put("rejectedCount", 0).put("rejected", new JsonArray()).put("warnings", new JsonArray()));
    assertThat(fixture.readBack("PROFILE_D", "A8404100010203F1", "2024-05-02", "2024-05-03")).containsExactly(
        "A8404100010203F1 CH1 AirTemp 2024-05-02T10:00:00Z 21.5",
        "A8404100010203F1 CH2 AirHum 2024-05-02T10:00:00Z 64.5");
  }

  @Test
  void lppUplinksOnPortThreeAreStillStoredByTheLppDecoder() throws IOException {
    Answer lpp = fixture.push(CAYENNE);
    assertThat(lpp.json()).as(lpp.toString()).isEqualTo(new JsonObject().put("stored", 13).put("duplicates", 0)
        .put("rejectedCount", 0).put("rejected", new JsonArray()).put("warnings", new JsonArray()));
    assertThat(fixture.readBack(CAYENNE)).containsExactlyInAnyOrderElementsOf(CAYENNE.servedReadings());
  }

  @Test
  void waterBalanceUplinksOnPortTwoAreStillDecodedByTheLorawanDecoder() throws IOException {
    Answer waterBalance = fixture.push(LORAWAN);
    assertThat(waterBalance.json()).as(waterBalance.toString()).isEqualTo(new JsonObject().put("stored", 22)
        .put("duplicates", 0).put("rejectedCount", 0).put("rejected", new JsonArray()).put("warnings", new JsonArray()));
    assertThat(fixture.readBack(LORAWAN)).containsExactlyInAnyOrderElementsOf(LORAWAN.servedReadings());
  }

  /** One The Things Stack uplink of 2024-05-02T10:00:00Z on {@code port}, its payload in base64. */
  static String lppUplink(String devEui, int port, String frmPayload) {
    return """
        {"end_device_ids": {"device_id": "node", "dev_eui": "%s"}, "received_at": "2024-05-02T10:00:00Z",
         "uplink_message": {"f_port": %d, "frm_payload": "%s"}}""".formatted(devEui, port, frmPayload);
  }
}
