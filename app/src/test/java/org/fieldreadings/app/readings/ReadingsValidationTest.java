package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every 400 of getReadingsBySerial names the parameter and the rule (docs/api.md, "Errors"). */
class ReadingsValidationTest {

  private static final String OK = "interfaces=AirTemp&startDate=2024-03-01&endDate=2024-03-02";

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;

  @BeforeAll
  static void load() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of("FR_READINGS_LIMIT_INTERFACES", "3",
        "FR_READINGS_LIMIT_DEVICES", "2"));
    fixture.importCsv("REAL_WEATHER_STATION,WS-1,ORIGIN,AirTemp,2024-03-01T00:00:00Z,1.5\n"
        + "REAL_WEATHER_STATION,WS-2,ORIGIN,AirTemp,2024-03-01T00:00:00Z,2.5\n");
    fixture.assign("REAL_WEATHER_STATION", "WS-1");
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  private static JsonArray errorsOf(String query) {
    return errorsOf("REAL_WEATHER_STATION", "WS-1", query);
  }

  private static JsonArray errorsOf(String profile, String serial, String query) {
    Answer answer = fixture.readings(profile, serial, query);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getString("title")).isEqualTo("Bad Request");
    return answer.json().getJsonArray("errors");
  }

  private static JsonObject error(String parameter, String message) {
    return new JsonObject().put("parameter", parameter).put("message", message);
  }

  @Test
  void validRequestIs200() {
    assertThat(fixture.readings("REAL_WEATHER_STATION", "WS-1", OK).status()).isEqualTo(200);
  }

  @Test
  void missingInterfacesIs400() {
    assertThat(errorsOf("startDate=2024-03-01&endDate=2024-03-02"))
        .containsExactly(error("interfaces", "at least one interface name is required"));
  }

  @Test
  void unknownInterfaceNamesAreAllListedWithCaseHintsAndAPointerToTheApiDocumentation() {
    assertThat(errorsOf("interfaces=AirTemp,airtemp&interfaces=Foo&startDate=2024-03-01&endDate=2024-03-02"))
        .containsExactly(error("interfaces", "unknown interface name(s): airtemp (did you mean AirTemp?), Foo; "
            + "names are case-sensitive, /api/docs lists them all"));
  }

  @Test
  void tooManyInterfacesNamesTheLimit() {
    assertThat(errorsOf("interfaces=AirTemp,AirHum,WindDir,Bat&startDate=2024-03-01&endDate=2024-03-02"))
        .containsExactly(error("interfaces", "at most 3 interfaces per request (4 given)"));
  }

  @Test
  void badAndMissingDatesAreNamed() {
    assertThat(errorsOf("interfaces=AirTemp&startDate=yesterday")).containsExactly(
        error("startDate", "'yesterday' is not an RFC 3339 date-time such as 2024-05-01T00:00:00Z "
            + "(or a date such as 2024-05-01) of the years 0000 to 9999"),
        error("endDate", "is required: an RFC 3339 date-time such as 2024-05-01T00:00:00Z"));
  }

  @Test
  void datesBeyondTheFourDigitYearsAre400ForEveryAggregation() {
    for (String aggregation : new String[] {"none", "auto", "hour", "day", "week", "month"}) {
      for (String date : new String[] {"%2B9999999-01-01T00:00:00Z", "-9999999-01-01T00:00:00Z"}) {
        assertThat(errorsOf("interfaces=AirTemp&aggregation=" + aggregation + "&startDate=" + date + "&endDate="
            + date)).as(aggregation + " " + date).containsExactly(
            error("startDate", "'" + date.replace("%2B", "+") + "' is not an RFC 3339 date-time such as "
                + "2024-05-01T00:00:00Z (or a date such as 2024-05-01) of the years 0000 to 9999"),
            error("endDate", "'" + date.replace("%2B", "+") + "' is not an RFC 3339 date-time such as "
                + "2024-05-01T00:00:00Z (or a date such as 2024-05-01) of the years 0000 to 9999"));
      }
    }
  }

  @Test
  void theFirstAndLastFourDigitYearsAreAnsweredForEveryAggregation() {
    for (String aggregation : new String[] {"none", "hour", "day", "week", "month"}) {
      for (String date : new String[] {"0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"}) {
        Answer answer = fixture.readings("REAL_WEATHER_STATION", "WS-1", "interfaces=AirTemp&aggregation="
            + aggregation + "&startDate=" + date + "&endDate=" + date
            + ("none".equals(aggregation) ? "" : "&timeZone=Asia/Kolkata&dayStart=09:30"));
        assertThat(answer.status()).as(aggregation + " " + date + " " + answer).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("[]");
      }
    }
  }

  @Test
  void startAfterEndIs400() {
    assertThat(errorsOf("interfaces=AirTemp&startDate=2024-03-02&endDate=2024-03-01"))
        .containsExactly(error("startDate", "must not be after endDate"));
  }

  @Test
  void periodTooLongForTheAggregationNamesTheLimit() {
    assertThat(errorsOf("interfaces=AirTemp&startDate=2023-01-01&endDate=2024-03-01"))
        .containsExactly(error("endDate", "the period is longer than 366 days, the limit for aggregation none "
            + "(readings.limit.none)"));
    assertThat(fixture.readings("REAL_WEATHER_STATION", "WS-1",
        "interfaces=AirTemp&startDate=2023-01-01&endDate=2024-03-01&aggregation=day").status()).isEqualTo(200);
  }

  @Test
  void unknownAggregationListsTheAllowedValues() {
    assertThat(errorsOf(OK + "&aggregation=Hour"))
        .containsExactly(error("aggregation", "must be one of none, hour, day, week, month, auto"));
  }

  @Test
  void badProfileIs400NotFound() {
    assertThat(errorsOf("WEATHER", "WS-1", OK)).containsExactly(error("profile",
        "must be one of PROFILE_A, REAL_WEATHER_STATION, PROFILE_B, PROFILE_C, PROFILE_D"));
  }

  @Test
  void badSerialIs400() {
    assertThat(errorsOf("REAL_WEATHER_STATION", "WS%201", OK)).extracting(e -> ((JsonObject) e).getString("parameter"))
        .containsExactly("serial");
  }

  @Test
  void unknownAndForeignDevicesAreTheSame404() {
    Answer unknown = fixture.readings("REAL_WEATHER_STATION", "WS-404", OK);
    Answer foreign = fixture.readings("REAL_WEATHER_STATION", "WS-2", OK);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(foreign.status()).isEqualTo(404);
    assertThat(foreign.body()).isEqualTo(unknown.body().replace("WS-404", "WS-2"));
    assertThat(unknown.header("Content-Type")).isEqualTo("application/problem+json");
  }

  @Test
  void tooManyDevicesNamesTheConfiguredLimit() {
    Answer answer = fixture.api.get("/api/readings?devices=REAL_WEATHER_STATION/WS-1,REAL_WEATHER_STATION/WS-1/A1,"
        + "REAL_WEATHER_STATION/WS-1/A2&" + OK, "Authorization", "ApiKey " + fixture.apiKey);
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors"))
        .containsExactly(error("devices", "at most 2 devices per request (3 given)"));
    assertThat(fixture.api.get("/api/readings?devices=REAL_WEATHER_STATION/WS-1,REAL_WEATHER_STATION/WS-1/A1&" + OK,
        "Authorization", "ApiKey " + fixture.apiKey).status()).isEqualTo(200);
  }

  @Test
  void withoutKeyIs401() {
    Answer answer = fixture.api.get("/api/devices/REAL_WEATHER_STATION/WS-1/readings?" + OK);
    assertThat(answer.status()).isEqualTo(401);
    assertThat(answer.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
  }
}
