package org.fieldreadings.devices;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.fieldreadings.core.testing.ModuleHarness;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The operator's device endpoints under {@code /admin}: devices, subscriptions, associations. */
class AdminDeviceEndpointsTest {

  private static ModuleHarness harness;
  private static TestHttp http;
  private static Operator operator;

  @BeforeAll
  static void start() {
    harness = ModuleHarness.start(new DevicesModule())
        .apiKeys(Map.of("key-0123456789abcdefghij0123456789abcdefghij-acme", "acme"))
        .entities("acme");
    http = harness.http();
    operator = new Operator(http);
  }

  @AfterAll
  static void stop() {
    harness.close();
  }

  @Test
  void putCreatesWith201ThenUpdatesWith200() {
    Answer created = operator.putDevice("PROFILE_A", "PUT-1", """
        {"group": "AIR", "location": {"latitude": 38.7, "longitude": -9.1},
         "connectors": [{"connectorId": "ORIGIN", "interfaces": ["AirHum", "AirTemp"]}]}""");

    assertThat(created.status()).isEqualTo(201);
    assertThat(created.header("Content-Type")).isEqualTo("application/json");
    assertThat(created.json()).isEqualTo(new JsonObject("""
        {"profile": "PROFILE_A", "serial": "PUT-1", "group": "AIR", "location": {"latitude": 38.7, "longitude": -9.1},
         "subscriptions": [], "connectors": [{"connectorId": "ORIGIN", "interfaces": ["AirTemp", "AirHum"]}]}"""));

    Answer updated = operator.putDevice("PROFILE_A", "PUT-1", "{\"group\": \"SOIL\"}");

    assertThat(updated.status()).isEqualTo(200);
    assertThat(updated.json()).isEqualTo(created.json().put("group", "SOIL"));
  }

  @Test
  void declaredConnectorsReplaceTheDevicesConnectors() {
    operator.putDevice("PROFILE_B", "GW-9", """
        {"connectors": [{"connectorId": "ORIGIN", "interfaces": ["Bat"]},
                        {"connectorId": "N1", "interfaces": ["AirTemp"]}]}""");

    Answer answer = operator.putDevice("PROFILE_B", "GW-9", """
        {"connectors": [{"connectorId": "N2", "interfaces": ["AirHum"]},
                        {"connectorId": "N2", "interfaces": ["AirTemp"]}]}""");

    assertThat(answer.json().getJsonArray("connectors")).isEqualTo(new JsonArray("""
        [{"connectorId": "N2", "interfaces": ["AirTemp", "AirHum"]}]"""));
  }

  @Test
  void invalidGroupAndCoordinatesAre400NamingEachParameter() {
    Answer answer = operator.putDevice("PROFILE_A", "BAD-1", """
        {"group": "air", "location": {"latitude": 90.5, "longitude": -180.01}}""");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray("""
        [{"parameter": "group", "message": "must be 1 to 32 characters of A-Z, 0-9 and '_'"},
         {"parameter": "location.latitude", "message": "must be a number from -90 to 90"},
         {"parameter": "location.longitude", "message": "must be a number from -180 to 180"}]"""));
    assertThat(operator.putDevice("PROFILE_A", "BAD-1", "{}").status()).isEqualTo(201);
  }

  @Test
  void coordinatesOnTheLimitsAreValid() {
    Answer answer = operator.putDevice("PROFILE_A", "EDGE-1", """
        {"location": {"latitude": -90, "longitude": 180}}""");

    assertThat(answer.status()).isEqualTo(201);
    assertThat(answer.json().getJsonObject("location")).isEqualTo(new JsonObject("""
        {"latitude": -90.0, "longitude": 180.0}"""));
  }

  @Test
  void locationNeedsBothCoordinates() {
    Answer answer = operator.putDevice("PROFILE_A", "HALF-1", "{\"location\": {\"latitude\": 1}}");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray("""
        [{"parameter": "location.longitude", "message": "must be a number from -180 to 180"}]"""));
  }

  @Test
  void unknownInterfacesAre400ListingThem() {
    Answer answer = operator.putDevice("PROFILE_A", "IF-1", """
        {"connectors": [{"connectorId": "ORIGIN", "interfaces": ["AirTemp", "airtemp", "SMraw11"]}]}""");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray("""
        [{"parameter": "connectors[0].interfaces", "message": "unknown interface name(s): airtemp (did you mean \
        AirTemp?), SMraw11; names are case-sensitive, /api/docs lists them all"}]"""));
  }

  @Test
  void malformedConnectorIdAndUnknownFieldsAre400() {
    Answer answer = operator.putDevice("PROFILE_A", "IF-2", """
        {"grop": "AIR", "connectors": [{"connectorId": "has space", "interfaces": ["Bat"]}]}""");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray("""
        [{"parameter": "grop", "message": "unknown field"},
         {"parameter": "connectors[0].connectorId",
          "message": "'has space' must be 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':' and '-'"}]"""));
  }

  @Test
  void bodiesMustBeJsonObjectsOfBoundedSize() {
    Answer notJson = http.put("/admin/devices/PROFILE_A/BODY-1", "group=AIR",
        "Content-Type", "application/x-www-form-urlencoded");
    Answer unparsable = operator.putDevice("PROFILE_A", "BODY-1", "{\"group\": ");
    Answer array = operator.putDevice("PROFILE_A", "BODY-1", "[]");
    Answer huge = operator.putDevice("PROFILE_A", "BODY-1", "{\"group\": \"" + "A".repeat(300_000) + "\"}");

    assertThat(notJson.status()).isEqualTo(415);
    assertThat(notJson.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(unparsable.status()).isEqualTo(400);
    assertThat(unparsable.json().getJsonArray("errors")).isEqualTo(new JsonArray("""
        [{"parameter": "body", "message": "must be a JSON object"}]"""));
    assertThat(array.status()).isEqualTo(400);
    assertThat(huge.status()).isEqualTo(413);
  }

  @Test
  void badPathProfileOrSerialIs400() {
    Answer answer = operator.putDevice("PROFILE_Z", "no*star", "{}");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors").stream().map(e -> ((JsonObject) e).getString("parameter")))
        .containsExactly("profile", "serial");
  }

  @Test
  void subscriptionIsAddedOnceAndListedByStartDate() {
    operator.putDevice("PROFILE_C", "SUB-1", "{}");
    String body = "{\"startDate\": \"2024-01-01\", \"endDate\": \"2024-12-31\"}";

    Answer first = operator.addSubscription("PROFILE_C", "SUB-1", body);
    Answer again = operator.addSubscription("PROFILE_C", "SUB-1", body);
    Answer oneDay = operator.addSubscription("PROFILE_C", "SUB-1",
        "{\"startDate\": \"2023-06-01\", \"endDate\": \"2023-06-01\"}");

    assertThat(first.status()).isEqualTo(201);
    assertThat(first.header("Content-Type")).isEqualTo("application/json");
    assertThat(again.status()).isEqualTo(201);
    assertThat(oneDay.json()).isEqualTo(new JsonObject("""
        {"profile": "PROFILE_C", "serial": "SUB-1", "group": null, "location": null,
         "subscriptions": [{"startDate": "2023-06-01", "endDate": "2023-06-01"},
                           {"startDate": "2024-01-01", "endDate": "2024-12-31"}],
         "connectors": []}"""));
  }

  @Test
  void subscriptionStartingAfterItsEndIs400() {
    operator.putDevice("PROFILE_C", "SUB-2", "{}");

    Answer answer = operator.addSubscription("PROFILE_C", "SUB-2",
        "{\"startDate\": \"2024-12-31\", \"endDate\": \"2024-01-01\"}");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json()).isEqualTo(new JsonObject("""
        {"type": "https://field-readings.org/problems/400", "title": "Bad Request", "status": 400,
         "detail": "startDate: must not be after endDate",
         "errors": [{"parameter": "startDate", "message": "must not be after endDate"}]}"""));
  }

  @Test
  void subscriptionDatesMustBeCalendarDays() {
    Answer answer = operator.addSubscription("PROFILE_C", "SUB-2",
        "{\"startDate\": \"2024-02-30\", \"endDate\": \"2024-12-31T00:00:00Z\"}");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors")).isEqualTo(new JsonArray("""
        [{"parameter": "startDate", "message": "must be a date YYYY-MM-DD"},
         {"parameter": "endDate", "message": "must be a date YYYY-MM-DD"}]"""));
  }

  @Test
  void subscriptionOfAnUnknownDeviceIs404() {
    Answer answer = operator.addSubscription("PROFILE_C", "NOWHERE-1",
        "{\"startDate\": \"2024-01-01\", \"endDate\": \"2024-12-31\"}");

    assertThat(answer.status()).isEqualTo(404);
    assertThat(answer.json().getString("detail")).isEqualTo("Unknown device PROFILE_C/NOWHERE-1.");
  }

  @Test
  void assignIsIdempotentAndUnassignRemovesTheAssociation() {
    operator.putDevice("PROFILE_D", "ASSIGN-1", "{}");

    assertThat(operator.assign("acme", "PROFILE_D", "ASSIGN-1").status()).isEqualTo(204);
    assertThat(operator.assign("acme", "PROFILE_D", "ASSIGN-1").status()).isEqualTo(204);
    assertThat(readAsAcme("ASSIGN-1").status()).isEqualTo(200);

    Answer removed = operator.unassign("acme", "PROFILE_D", "ASSIGN-1");

    assertThat(removed.status()).isEqualTo(204);
    assertThat(removed.body()).isEmpty();
    assertThat(readAsAcme("ASSIGN-1").status()).isEqualTo(404);
    assertThat(operator.unassign("acme", "PROFILE_D", "ASSIGN-1").status()).isEqualTo(204);
  }

  @Test
  void associationsOfUnknownDevicesOrEntitiesAre404() {
    operator.putDevice("PROFILE_D", "ASSIGN-2", "{}");

    Answer unknownEntity = operator.assign("nobody", "PROFILE_D", "ASSIGN-2");
    Answer unknownDevice = operator.assign("acme", "PROFILE_D", "NOWHERE-2");

    assertThat(unknownEntity.status()).isEqualTo(404);
    assertThat(unknownEntity.json().getString("detail")).isEqualTo("Unknown entity nobody.");
    assertThat(unknownDevice.status()).isEqualTo(404);
    assertThat(unknownDevice.json().getString("detail")).isEqualTo("Unknown device PROFILE_D/NOWHERE-2.");
    assertThat(operator.unassign("acme", "PROFILE_D", "NOWHERE-2").status()).isEqualTo(404);
  }

  private static Answer readAsAcme(String serial) {
    return http.get("/api/devices/PROFILE_D/" + serial, "Authorization", "ApiKey key-0123456789abcdefghij0123456789abcdefghij-acme");
  }
}
