package org.fieldreadings.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.testing.ModuleHarness;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link DevicesContract#LEARN} and {@link DevicesContract#RESOLVE}, as the readings module uses them. */
class DeviceBusContractTest {

  private static ModuleHarness harness;
  private static Operator operator;

  @BeforeAll
  static void start() {
    harness = ModuleHarness.start(new DevicesModule()).entities("farm", "other");
    operator = new Operator(harness.http());
  }

  @AfterAll
  static void stop() {
    harness.close();
  }

  private static JsonObject learn(String devicesJson) {
    return harness.request(DevicesContract.LEARN, new JsonObject().put("devices", new JsonArray(devicesJson)));
  }

  private static JsonObject resolve(String entityId, String profile, String serial) {
    return harness.request(DevicesContract.RESOLVE,
        new JsonObject().put("entityId", entityId).put("profile", profile).put("serial", serial));
  }

  private static String count(String sql) {
    return TestPostgres.queryString(harness.database(), sql);
  }

  @Test
  void learnCreatesUnknownDevicesAndAnswersTheirIdsInRequestOrder() {
    JsonObject reply = learn("""
        [{"profile": "PROFILE_B", "serial": "L-2", "connectors": {"ORIGIN": ["Bat"]}},
         {"profile": "PROFILE_A", "serial": "L-1", "connectors": {"ORIGIN": ["AirTemp"]}},
         {"profile": "PROFILE_B", "serial": "L-2", "connectors": {"ORIGIN": ["Rssi"]}}]""");

    JsonArray devices = reply.getJsonArray("devices");
    assertThat(devices).hasSize(3);
    assertThat(devices.getJsonObject(0).fieldNames()).containsExactly("profile", "serial", "deviceId");
    assertThat(devices.getJsonObject(0).getString("serial")).isEqualTo("L-2");
    assertThat(devices.getJsonObject(1).getString("serial")).isEqualTo("L-1");
    assertThat(devices.getJsonObject(2).getLong("deviceId")).isEqualTo(devices.getJsonObject(0).getLong("deviceId"));
    assertThat(devices.getJsonObject(1).getLong("deviceId")).isNotEqualTo(devices.getJsonObject(0).getLong("deviceId"));
    assertThat(count("SELECT string_agg(interface, ',' ORDER BY interface) FROM devices.connector_interface ci "
        + "JOIN devices.device d USING (device_id) WHERE d.serial = 'L-2'")).isEqualTo("Bat,Rssi");
  }

  @Test
  void learningTheSameBatchTwiceChangesNothing() {
    String batch = """
        [{"profile": "PROFILE_B", "serial": "GW-7", "group": "GATEWAY",
          "connectors": {"ORIGIN": ["Bat", "Rssi"], "A1": ["AirTemp", "AirHum"], "A2": ["SMraw10"]}}]""";

    JsonObject first = learn(batch);
    String writtenBy = count("SELECT xmin::text FROM devices.device WHERE serial = 'GW-7'");
    JsonObject second = learn(batch);

    assertThat(second).isEqualTo(first);
    assertThat(count("SELECT count(*) FROM devices.device WHERE serial = 'GW-7'")).isEqualTo("1");
    assertThat(count("SELECT count(*) FROM devices.connector_interface WHERE device_id = "
        + first.getJsonArray("devices").getJsonObject(0).getLong("deviceId"))).isEqualTo("5");
    assertThat(count("SELECT xmin::text FROM devices.device WHERE serial = 'GW-7'"))
        .as("nothing new: not even a no-op update")
        .isEqualTo(writtenBy);
  }

  @Test
  void learnAddsOnlyWhatIsNewAndKeepsFactsItIsNotGiven() {
    operator.putDevice("PROFILE_C", "KNOWN-1", """
        {"group": "WATER", "location": {"latitude": 1.5, "longitude": 2.5},
         "connectors": [{"connectorId": "ORIGIN", "interfaces": ["Flowmeter"]}]}""");
    String xminBefore = count("SELECT xmin::text FROM devices.device WHERE serial = 'KNOWN-1'");

    learn("""
        [{"profile": "PROFILE_C", "serial": "KNOWN-1", "connectors": {"ORIGIN": ["FlowmeterTotal", "Flowmeter"]}}]""");

    assertThat(count("SELECT xmin::text FROM devices.device WHERE serial = 'KNOWN-1'")).isEqualTo(xminBefore);
    JsonObject device = operator.putDevice("PROFILE_C", "KNOWN-1", "{}").json();
    assertThat(device.getString("group")).isEqualTo("WATER");
    assertThat(device.getJsonObject("location")).isEqualTo(new JsonObject("{\"latitude\": 1.5, \"longitude\": 2.5}"));
    assertThat(device.getJsonArray("connectors")).isEqualTo(new JsonArray("""
        [{"connectorId": "ORIGIN", "interfaces": ["Flowmeter", "FlowmeterTotal"]}]"""));

    learn("""
        [{"profile": "PROFILE_C", "serial": "KNOWN-1", "group": "IRRIGATION",
          "location": {"latitude": -3, "longitude": 4}}]""");

    JsonObject updated = operator.putDevice("PROFILE_C", "KNOWN-1", "{}").json();
    assertThat(updated.getString("group")).isEqualTo("IRRIGATION");
    assertThat(updated.getJsonObject("location")).isEqualTo(new JsonObject("{\"latitude\": -3.0, \"longitude\": 4.0}"));
  }

  @Test
  void concurrentLearnersOfTheSameNewDeviceAgreeOnOneDevice() throws Exception {
    List<Future<JsonObject>> replies = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      JsonObject request = new JsonObject().put("devices", new JsonArray()
          .add(new JsonObject().put("profile", "PROFILE_D").put("serial", "RACE-1")
              .put("connectors", new JsonObject().put("ORIGIN", new JsonArray().add("AirTemp"))
                  .put("N" + (i % 3), new JsonArray().add("Bat"))))
          .add(new JsonObject().put("profile", "PROFILE_D").put("serial", "RACE-2")
              .put("connectors", new JsonObject().put("ORIGIN", new JsonArray().add("AirHum")))));
      replies.add(harness.vertx().eventBus().<JsonObject>request(DevicesContract.LEARN, request).map(m -> m.body()));
    }

    List<JsonObject> answers = Future.all(replies).await(30, TimeUnit.SECONDS).list();

    assertThat(answers).allSatisfy(answer -> assertThat(answer).isEqualTo(answers.get(0)));
    assertThat(count("SELECT count(*) FROM devices.device WHERE serial LIKE 'RACE-%'")).isEqualTo("2");
    assertThat(count("SELECT string_agg(connector_id || ':' || interface, ',' ORDER BY connector_id) "
        + "FROM devices.connector_interface JOIN devices.device USING (device_id) WHERE serial = 'RACE-1'"))
        .isEqualTo("N0:Bat,N1:Bat,N2:Bat,ORIGIN:AirTemp");
  }

  @Test
  void invalidLearnRequestsFailWithBadRequestNamingEachProblem() {
    assertThatThrownBy(() -> learn("""
        [{"profile": "PROFILE_Q", "serial": "OK-1"},
         {"profile": "PROFILE_A", "serial": "bad serial", "connectors": {"ORIGIN": ["Temperature"]}}]"""))
        .isInstanceOfSatisfying(ReplyException.class, e -> {
          assertThat(e.failureCode()).isEqualTo(400);
          assertThat(e.getMessage()).isEqualTo("devices[0].profile: must be one of PROFILE_A, REAL_WEATHER_STATION, "
              + "PROFILE_B, PROFILE_C, PROFILE_D; devices[1].serial: must be 1 to 64 characters of A-Z, a-z, 0-9, "
              + "'.', '_', ':' and '-'; devices[1].connectors.ORIGIN: unknown interface name(s): Temperature; "
              + "names are case-sensitive, /api/docs lists them all");
        });
    assertThat(count("SELECT count(*) FROM devices.device WHERE serial = 'OK-1'")).isEqualTo("0");
  }

  @Test
  void emptyLearnIsAnEmptyAnswer() {
    assertThat(learn("[]")).isEqualTo(new JsonObject("{\"devices\": []}"));
  }

  @Test
  void resolveAnswersIdAndConnectorsInAnswerOrder() {
    long deviceId = learn("""
        [{"profile": "PROFILE_B", "serial": "GW-R", "connectors":
          {"Z9": ["AirTemp"], "ORIGIN": ["Rssi", "Bat"], "A1": ["SMmm10", "AirHum", "AirTemp"]}}]""")
        .getJsonArray("devices").getJsonObject(0).getLong("deviceId");
    operator.assign("farm", "PROFILE_B", "GW-R");

    JsonObject resolved = resolve("farm", "PROFILE_B", "GW-R");

    assertThat(resolved).isEqualTo(new JsonObject().put("deviceId", deviceId).put("connectors", new JsonObject("""
        {"ORIGIN": ["Bat", "Rssi"], "A1": ["AirTemp", "AirHum", "SMmm10"], "Z9": ["AirTemp"]}""")));
    assertThat(resolved.getJsonObject("connectors").fieldNames()).containsExactly("ORIGIN", "A1", "Z9");
  }

  @Test
  void resolveOfAForeignOrUnknownDeviceIsTheSameNotFound() {
    learn("[{\"profile\": \"PROFILE_A\", \"serial\": \"MINE-1\"}]");
    operator.assign("farm", "PROFILE_A", "MINE-1");

    assertThat(resolve("farm", "PROFILE_A", "MINE-1").getJsonObject("connectors")).isEmpty();
    assertThatThrownBy(() -> resolve("other", "PROFILE_A", "MINE-1"))
        .isInstanceOfSatisfying(ReplyException.class, e -> {
          assertThat(e.failureCode()).isEqualTo(404);
          assertThat(e.getMessage()).isEqualTo("No device PROFILE_A/MINE-1 is associated with this API key.");
        });
    assertThatThrownBy(() -> resolve("farm", "PROFILE_A", "NONE-1"))
        .isInstanceOfSatisfying(ReplyException.class, e -> {
          assertThat(e.failureCode()).isEqualTo(404);
          assertThat(e.getMessage()).isEqualTo("No device PROFILE_A/NONE-1 is associated with this API key.");
        });
  }
}
