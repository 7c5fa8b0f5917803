package org.fieldreadings.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.Connector;
import org.fieldreadings.core.bus.DevicesContract.EntityDevice;
import org.fieldreadings.core.bus.DevicesContract.EntityDeviceQuery;
import org.fieldreadings.core.bus.DevicesContract.LearnReply;
import org.fieldreadings.core.bus.DevicesContract.LearnRequest;
import org.fieldreadings.core.bus.DevicesContract.ReportedDevice;
import org.fieldreadings.core.bus.DevicesContract.ResolveRequest;
import org.fieldreadings.core.bus.DevicesContract.ResolvedDevice;
import org.fieldreadings.core.http.DeviceGroup;
import org.fieldreadings.core.testing.ModuleHarness;
import org.fieldreadings.core.testing.TestPostgres;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Location;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link DevicesContract#LEARN}, {@link DevicesContract#RESOLVE} and {@link DevicesContract#ENTITY_PAGE}, as the
 * readings module uses them.
 */
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

  /**
   * Learns devices written as JSON for readability: {@code [{"profile", "serial", "group", "location",
   * "connectors": {"ORIGIN": ["Bat"]}}]}, as the readings module reports what a batch said.
   */
  private static LearnReply learn(String devicesJson) {
    return harness.request(DevicesContract.LEARN, new LearnRequest(reported(devicesJson), null));
  }

  private static List<ReportedDevice> reported(String devicesJson) {
    List<ReportedDevice> devices = new ArrayList<>();
    for (Object item : new JsonArray(devicesJson)) {
      JsonObject device = (JsonObject) item;
      Map<String, Set<SensorInterface>> connectors = new HashMap<>();
      device.getJsonObject("connectors", new JsonObject()).forEach(connector -> connectors.put(connector.getKey(),
          ((JsonArray) connector.getValue()).stream().map(name -> InterfaceCatalog.of((String) name))
              .collect(Collectors.toSet())));
      JsonObject location = device.getJsonObject("location");
      devices.add(new ReportedDevice(DeviceRef.fromJson(device), connectors,
          Optional.ofNullable(device.getString("group")), Optional.ofNullable(location).map(l ->
              new Location(l.getDouble("latitude"), l.getDouble("longitude")))));
    }
    return devices;
  }

  private static long idOf(LearnReply reply, Profile profile, String serial) {
    return reply.ids().get(new DeviceRef(profile, serial));
  }

  private static ResolvedDevice resolve(String entityId, String profile, String serial) {
    return harness.request(DevicesContract.RESOLVE,
        new ResolveRequest(entityId, new DeviceRef(Profile.valueOf(profile), serial)));
  }

  private static String count(String sql) {
    return TestPostgres.queryString(harness.database(), sql);
  }

  @Test
  void learnCreatesUnknownDevicesAndAnswersTheirIds() {
    LearnReply reply = learn("""
        [{"profile": "PROFILE_B", "serial": "L-2", "connectors": {"ORIGIN": ["Bat"]}},
         {"profile": "PROFILE_A", "serial": "L-1", "connectors": {"ORIGIN": ["AirTemp"]}},
         {"profile": "PROFILE_B", "serial": "L-2", "connectors": {"ORIGIN": ["Rssi"]}}]""");

    assertThat(reply.ids()).containsOnlyKeys(new DeviceRef(Profile.PROFILE_B, "L-2"),
        new DeviceRef(Profile.PROFILE_A, "L-1"));
    assertThat(reply.refused()).isEmpty();
    assertThat(idOf(reply, Profile.PROFILE_A, "L-1")).isNotEqualTo(idOf(reply, Profile.PROFILE_B, "L-2"));
    assertThat(count("SELECT device_id FROM devices.device WHERE serial = 'L-2'"))
        .isEqualTo(String.valueOf(idOf(reply, Profile.PROFILE_B, "L-2")));
    assertThat(count("SELECT string_agg(interface, ',' ORDER BY interface) FROM devices.connector_interface ci "
        + "JOIN devices.device d USING (device_id) WHERE d.serial = 'L-2'")).isEqualTo("Bat,Rssi");
  }

  @Test
  void learningTheSameBatchTwiceChangesNothing() {
    String batch = """
        [{"profile": "PROFILE_B", "serial": "GW-7", "group": "GATEWAY",
          "connectors": {"ORIGIN": ["Bat", "Rssi"], "A1": ["AirTemp", "AirHum"], "A2": ["SMraw10"]}}]""";

    LearnReply first = learn(batch);
    String writtenBy = count("SELECT xmin::text FROM devices.device WHERE serial = 'GW-7'");
    LearnReply second = learn(batch);

    assertThat(second).isEqualTo(first);
    assertThat(count("SELECT count(*) FROM devices.device WHERE serial = 'GW-7'")).isEqualTo("1");
    assertThat(count("SELECT count(*) FROM devices.connector_interface WHERE device_id = "
        + idOf(first, Profile.PROFILE_B, "GW-7"))).isEqualTo("5");
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
    List<Future<LearnReply>> replies = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      LearnRequest request = new LearnRequest(reported("""
          [{"profile": "PROFILE_D", "serial": "RACE-1", "connectors": {"ORIGIN": ["AirTemp"], "N%d": ["Bat"]}},
           {"profile": "PROFILE_D", "serial": "RACE-2", "connectors": {"ORIGIN": ["AirHum"]}}]""".formatted(i % 3)),
          null);
      replies.add(DevicesContract.LEARN.request(harness.vertx().eventBus(), request));
    }

    List<LearnReply> answers = Future.all(replies).await(30, TimeUnit.SECONDS).list();

    assertThat(answers).allSatisfy(answer -> assertThat(answer).isEqualTo(answers.get(0)));
    assertThat(count("SELECT count(*) FROM devices.device WHERE serial LIKE 'RACE-%'")).isEqualTo("2");
    assertThat(count("SELECT string_agg(connector_id || ':' || interface, ',' ORDER BY connector_id) "
        + "FROM devices.connector_interface JOIN devices.device USING (device_id) WHERE serial = 'RACE-1'"))
        .isEqualTo("N0:Bat,N1:Bat,N2:Bat,ORIGIN:AirTemp");
  }

  @Test
  void aReportedGroupOutsideTheRuleFailsTheLearnWithBadRequestNamingIt() {
    assertThatThrownBy(() -> learn("""
        [{"profile": "PROFILE_A", "serial": "OK-1"},
         {"profile": "PROFILE_A", "serial": "OK-2", "group": "lower case"}]"""))
        .isInstanceOfSatisfying(ReplyException.class, e -> {
          assertThat(e.failureCode()).isEqualTo(400);
          assertThat(e.getMessage()).isEqualTo("devices[1].group: " + DeviceGroup.RULE);
        });
    assertThat(count("SELECT count(*) FROM devices.device WHERE serial = 'OK-1'")).isEqualTo("0");
  }

  @Test
  void aReportedDeviceCannotHoldAConnectorIdOutsideTheSerialSyntax() {
    assertThatThrownBy(() -> reported("""
        [{"profile": "PROFILE_A", "serial": "OK-3", "connectors": {"A 1": ["AirTemp"]}}]"""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("connector id 'A 1' " + DeviceRef.IDENTIFIER_RULE);
  }

  @Test
  void emptyLearnIsAnEmptyAnswer() {
    assertThat(learn("[]")).isEqualTo(new LearnReply(Map.of(), Map.of()));
  }

  @Test
  void resolveAnswersIdLocationAndConnectorsInAnswerOrder() {
    long deviceId = idOf(learn("""
        [{"profile": "PROFILE_B", "serial": "GW-R", "location": {"latitude": 38.7, "longitude": -9.1}, "connectors":
          {"Z9": ["AirTemp"], "ORIGIN": ["Rssi", "Bat"], "A1": ["SMmm10", "AirHum", "AirTemp"]}}]"""),
        Profile.PROFILE_B, "GW-R");
    operator.assign("farm", "PROFILE_B", "GW-R");

    ResolvedDevice resolved = resolve("farm", "PROFILE_B", "GW-R");

    assertThat(resolved.deviceId()).isEqualTo(deviceId);
    assertThat(resolved.latitude()).isEqualTo(38.7);
    assertThat(resolved.connectors()).containsExactly(new Connector("ORIGIN", interfaces("Bat", "Rssi")),
        new Connector("A1", interfaces("AirTemp", "AirHum", "SMmm10")), new Connector("Z9", interfaces("AirTemp")));
  }

  @Test
  void resolveOfAForeignOrUnknownDeviceIsTheSameNotFound() {
    learn("[{\"profile\": \"PROFILE_A\", \"serial\": \"MINE-1\"}]");
    operator.assign("farm", "PROFILE_A", "MINE-1");

    assertThat(resolve("farm", "PROFILE_A", "MINE-1").connectors()).isEmpty();
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

  @Test
  void entityPagesListTheEntitysDevicesWithIdsAndConnectorsByProfileThenSerialFromAKey() {
    LearnReply learned = learn("""
        [{"profile": "PROFILE_C", "serial": "EP-2", "group": "WATER",
          "connectors": {"B1": ["Bat"], "ORIGIN": ["FlowmeterTotal", "Flowmeter"]}},
         {"profile": "PROFILE_A", "serial": "EP-1", "connectors": {"ORIGIN": ["AirTemp"]}},
         {"profile": "PROFILE_A", "serial": "EP-10"},
         {"profile": "REAL_WEATHER_STATION", "serial": "EP-3", "group": "AIR", "connectors": {"ORIGIN": ["WindDir"]}},
         {"profile": "PROFILE_A", "serial": "EP-FARM"}]""");
    learned.ids().keySet().stream().filter(ref -> !ref.serial().equals("EP-FARM"))
        .forEach(ref -> operator.assign("other", ref.profile().name(), ref.serial()));
    operator.assign("farm", "PROFILE_A", "EP-FARM");
    EntityDevice ep2 = expected(learned, new DeviceRef(Profile.PROFILE_C, "EP-2"),
        new Connector("ORIGIN", interfaces("Flowmeter", "FlowmeterTotal")), new Connector("B1", interfaces("Bat")));
    EntityDevice ep1 = expected(learned, new DeviceRef(Profile.PROFILE_A, "EP-1"),
        new Connector("ORIGIN", interfaces("AirTemp")));
    EntityDevice ep10 = expected(learned, new DeviceRef(Profile.PROFILE_A, "EP-10"));
    EntityDevice ep3 = expected(learned, new DeviceRef(Profile.REAL_WEATHER_STATION, "EP-3"),
        new Connector("ORIGIN", interfaces("WindDir")));

    // Profiles in enumeration order (REAL_WEATHER_STATION before PROFILE_C), then serials; the key is exclusive.
    assertThat(page(null, null, null, 2)).containsExactly(ep1, ep10);
    assertThat(page(null, null, new DeviceRef(Profile.PROFILE_A, "EP-10"), 2)).containsExactly(ep3, ep2);
    assertThat(page(null, null, new DeviceRef(Profile.PROFILE_C, "EP-2"), 2)).isEmpty();
    assertThat(page(Profile.PROFILE_C, null, null, 10)).containsExactly(ep2);
    assertThat(page(null, "AIR", null, 10)).containsExactly(ep3);
  }

  private static EntityDevice expected(LearnReply learned, DeviceRef device, Connector... connectors) {
    return new EntityDevice(learned.ids().get(device), device, List.of(connectors));
  }

  private static List<SensorInterface> interfaces(String... names) {
    return Stream.of(names).map(InterfaceCatalog::of).toList();
  }

  private static List<EntityDevice> page(Profile profile, String group, DeviceRef after, int limit) {
    return harness.request(DevicesContract.ENTITY_PAGE, new EntityDeviceQuery("other", profile, group, after, limit))
        .devices();
  }

  /** A learned location gets its zone off the learning path: RESOLVE carries it within seconds, and again after a move. */
  @Test
  void resolveCarriesTheTimeZoneOfALearnedLocation() throws Exception {
    learn("""
        [{"profile": "REAL_WEATHER_STATION", "serial": "TZ-1", "location": {"latitude": 28.61, "longitude": 77.21},
          "connectors": {"ORIGIN": ["AirTemp"]}}]""");
    operator.assign("farm", "REAL_WEATHER_STATION", "TZ-1");
    assertThat(zoneOf("TZ-1", "Asia/Kolkata")).isEqualTo("Asia/Kolkata");
    learn("""
        [{"profile": "REAL_WEATHER_STATION", "serial": "TZ-1", "location": {"latitude": -23.55, "longitude": -46.63},
          "connectors": {"ORIGIN": ["AirTemp"]}}]""");
    assertThat(zoneOf("TZ-1", "America/Sao_Paulo")).isEqualTo("America/Sao_Paulo");
  }

  @Test
  void resolveHasNoTimeZoneNorLatitudeWithoutALocation() {
    learn("""
        [{"profile": "REAL_WEATHER_STATION", "serial": "TZ-2", "connectors": {"ORIGIN": ["AirTemp"]}}]""");
    operator.assign("farm", "REAL_WEATHER_STATION", "TZ-2");
    ResolvedDevice resolved = resolve("farm", "REAL_WEATHER_STATION", "TZ-2");
    assertThat(resolved.timeZone()).isNull();
    assertThat(resolved.latitude()).isNull();
  }

  /** The zone RESOLVE answers once it is the expected one, or the last answer after 30 seconds. */
  private static String zoneOf(String serial, String expected) throws InterruptedException {
    String zone = resolve("farm", "REAL_WEATHER_STATION", serial).timeZone();
    for (int i = 0; i < 300 && !expected.equals(zone); i++) {
      Thread.sleep(100);
      zone = resolve("farm", "REAL_WEATHER_STATION", serial).timeZone();
    }
    return zone;
  }
}
