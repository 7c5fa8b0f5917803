package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * getAgronomyBySerial (docs/api.md, "Agronomy") over generated station data: four and a half days of 15-minute
 * AirTemp, AirHum, WindSpeed, SolarIrradiance and Pressure of a station in Lisbon, with a day without solar
 * irradiance (no ET0), a day without pressure (ET0 at 101.3 kPa) and a day of wind only (no element). Every expected
 * value is computed here from the generated readings, with the equations written out again in this test.
 */
class AgronomyTest {

  private static final String WS = "REAL_WEATHER_STATION";
  private static final ZoneId LISBON = ZoneId.of("Europe/Lisbon");
  private static final double LATITUDE = 38.72;
  /** 2024-06-09 20:00Z to 2024-06-14 12:00Z: the local days 10 to 13 June whole, and parts of 9 and 14 June. */
  private static final Instant FROM = Instant.parse("2024-06-09T20:00:00Z");
  private static final Instant UNTIL = Instant.parse("2024-06-14T12:00:00Z");
  private static final LocalDate NO_SUN = LocalDate.parse("2024-06-12");
  private static final LocalDate NO_PRESSURE = LocalDate.parse("2024-06-13");
  private static final LocalDate WIND_ONLY = LocalDate.parse("2024-06-14");
  private static final String PERIOD = "startDate=2024-06-10T12:00:00Z&endDate=2024-06-14T03:00:00Z";

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;
  /** interface → time → value, as imported (DewPoint of DP-1, the rest of AG-1). */
  private static final Map<String, TreeMap<Instant, Double>> READINGS = new LinkedHashMap<>();

  @BeforeAll
  static void load() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of());
    StringBuilder csv = new StringBuilder();
    int i = 0;
    for (Instant t = FROM; t.isBefore(UNTIL); t = t.plus(Duration.ofMinutes(15)), i++) {
      LocalDate day = t.atZone(LISBON).toLocalDate();
      double hourOfDay = t.atZone(LISBON).getHour() + t.atZone(LISBON).getMinute() / 60.0;
      double phase = 2 * Math.PI * (hourOfDay - 9) / 24;
      add(csv, "AG-1", "WindSpeed", t, 2.5 + Math.sin(i / 7.0));
      if (day.equals(WIND_ONLY)) {
        continue;
      }
      // From about 1 °C before dawn to 17 °C in the afternoon, so that some hours chill and the days grow.
      add(csv, "AG-1", "AirTemp", t, 9 + 8 * Math.sin(phase) + (i % 3) * 0.1);
      add(csv, "AG-1", "AirHum", t, 65 - 25 * Math.sin(phase) + (i % 4) * 0.5);
      if (!day.equals(NO_SUN)) {
        add(csv, "AG-1", "SolarIrradiance", t, Math.max(0, 850 * Math.sin(Math.PI * (hourOfDay - 6.5) / 15)));
      }
      if (!day.equals(NO_PRESSURE)) {
        add(csv, "AG-1", "Pressure", t, 1008 + 3 * Math.cos(i / 40.0));
      }
      add(csv, "DP-1", "DewPoint", t, 4 + Math.sin(i / 9.0));
      csv.append(WS + ",DP-1,ORIGIN,AirTemp,").append(t).append(",20\n");
    }
    csv.append(WS + ",OTHER-1,ORIGIN,AirTemp,2024-06-10T12:00:00Z,20\n");
    assertThat(fixture.importCsv(csv.toString()).getLong("rejectedCount")).isZero();
    fixture.adminPut("/admin/devices/" + WS + "/AG-1", new JsonObject()
        .put("location", new JsonObject().put("latitude", LATITUDE).put("longitude", -9.14)).encode());
    fixture.assign(WS, "AG-1");
    fixture.assign(WS, "DP-1");
  }

  private static void add(StringBuilder csv, String serial, String iface, Instant t, double value) {
    double v = round(value, 2);
    READINGS.computeIfAbsent(iface, k -> new TreeMap<>()).put(t, v);
    csv.append(WS + "," + serial + ",ORIGIN," + iface + ",").append(t).append(',').append(v).append('\n');
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  private static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }

  private static Answer agronomy(String serial, String query, String... headers) {
    String[] all = new String[headers.length + 2];
    all[0] = "Authorization";
    all[1] = "ApiKey " + fixture.apiKey;
    System.arraycopy(headers, 0, all, 2, headers.length);
    return fixture.api.get("/api/devices/" + WS + "/" + serial + "/agronomy?" + query, all);
  }

  private static Answer ok(String serial, String query) {
    Answer answer = agronomy(serial, query);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    return answer;
  }

  // ---- the expected values, computed from READINGS ----

  private static Instant start(LocalDate day) {
    return start(day, LISBON);
  }

  private static Instant start(LocalDate day, ZoneId zone) {
    return day.atStartOfDay(zone).toInstant();
  }

  /** The readings of an interface within a local day. */
  private static List<Double> day(String iface, LocalDate day, ZoneId zone) {
    return new ArrayList<>(READINGS.getOrDefault(iface, new TreeMap<>())
        .subMap(start(day, zone), start(day.plusDays(1), zone)).values());
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
  }

  private static double max(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
  }

  private static double min(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
  }

  /** The hourly means of an interface within a local day, by local hour. */
  private static Map<Instant, Double> hourly(String iface, LocalDate day, ZoneId zone) {
    Map<Instant, List<Double>> hours = new TreeMap<>();
    READINGS.getOrDefault(iface, new TreeMap<>()).subMap(start(day, zone), start(day.plusDays(1), zone))
        .forEach((t, v) -> hours.computeIfAbsent(t.atZone(zone).truncatedTo(ChronoUnit.HOURS).toInstant(),
            k -> new ArrayList<>()).add(v));
    Map<Instant, Double> means = new TreeMap<>();
    hours.forEach((hour, values) -> means.put(hour, mean(values)));
    return means;
  }

  private static double saturation(double t) {
    return 0.6108 * Math.exp(17.27 * t / (t + 237.3));
  }

  private static double et0(LocalDate day, ZoneId zone) {
    double tMax = max(day("AirTemp", day, zone));
    double tMin = min(day("AirTemp", day, zone));
    double rhMax = max(day("AirHum", day, zone));
    double rhMin = min(day("AirHum", day, zone));
    double u2 = mean(day("WindSpeed", day, zone));
    double rs = mean(day("SolarIrradiance", day, zone)) * 86_400 / 1_000_000;
    List<Double> pressures = day("Pressure", day, zone);
    double p = pressures.isEmpty() ? 101.3 : mean(pressures) / 10;
    double z = pressures.isEmpty() ? 0 : (293 - 293 * Math.pow(p / 101.3, 1 / 5.26)) / 0.0065;
    double tMean = (tMax + tMin) / 2;
    double slope = 4098 * saturation(tMean) / Math.pow(tMean + 237.3, 2);
    double gamma = 0.000665 * p;
    double es = (saturation(tMax) + saturation(tMin)) / 2;
    double ea = (saturation(tMin) * rhMax / 100 + saturation(tMax) * rhMin / 100) / 2;
    int j = day.getDayOfYear();
    double phi = Math.toRadians(LATITUDE);
    double dr = 1 + 0.033 * Math.cos(2 * Math.PI * j / 365);
    double delta = 0.409 * Math.sin(2 * Math.PI * j / 365 - 1.39);
    double ws = Math.acos(-Math.tan(phi) * Math.tan(delta));
    double ra = 24 * 60 / Math.PI * 0.082 * dr
        * (ws * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(ws));
    double rso = (0.75 + 0.00002 * z) * ra;
    double rnl = 4.903e-9 * (Math.pow(tMax + 273.16, 4) + Math.pow(tMin + 273.16, 4)) / 2
        * (0.34 - 0.14 * Math.sqrt(ea)) * (1.35 * Math.min(1, rs / rso) - 0.35);
    double rn = 0.77 * rs - rnl;
    return (0.408 * slope * rn + gamma * 900 / (tMean + 273) * u2 * (es - ea)) / (slope + gamma * (1 + 0.34 * u2));
  }

  private static double gdd(LocalDate day, ZoneId zone, double base, double cap) {
    double tMax = max(day("AirTemp", day, zone));
    double tMin = min(day("AirTemp", day, zone));
    return Math.max(0, (Math.min(tMax, cap) + Math.max(tMin, base)) / 2 - base);
  }

  private static long chillHours(LocalDate day, ZoneId zone) {
    return hourly("AirTemp", day, zone).values().stream().filter(t -> t >= 0 && t <= 7.2).count();
  }

  /** The mean over the day's hours of a quantity of the hourly mean temperature and humidity. */
  private static double hourlyMean(LocalDate day, ZoneId zone, BiFunction<Double, Double, Double> of) {
    Map<Instant, Double> t = hourly("AirTemp", day, zone);
    Map<Instant, Double> rh = hourly("AirHum", day, zone);
    return mean(t.keySet().stream().filter(rh::containsKey).map(h -> of.apply(t.get(h), rh.get(h))).toList());
  }

  private static double vpd(LocalDate day, ZoneId zone) {
    return hourlyMean(day, zone, (t, rh) -> saturation(t) * (1 - rh / 100));
  }

  private static double dewPoint(LocalDate day, ZoneId zone) {
    return hourlyMean(day, zone, (t, rh) -> {
      double g = Math.log(rh / 100) + 17.625 * t / (243.04 + t);
      return 243.04 * g / (17.625 - g);
    });
  }

  /** Each served value within half a unit of its last decimal of the expected value (sums differ in order). */
  private static void assertDay(JsonObject served, LocalDate day, Map<String, Double> expected) {
    assertDay(served, day, LISBON, expected);
  }

  private static void assertDay(JsonObject served, LocalDate day, ZoneId zone, Map<String, Double> expected) {
    assertThat(served.getLong("timestamp")).as(day.toString()).isEqualTo(start(day, zone).toEpochMilli());
    assertThat(served.fieldNames()).as(day.toString())
        .containsExactlyInAnyOrderElementsOf(concat("timestamp", expected.keySet()));
    expected.forEach((metric, value) -> {
      int decimals = switch (metric) {
        case "ChillHours" -> 0;
        case "VPD" -> 3;
        default -> 2;
      };
      assertThat(served.getDouble(metric)).as(day + " " + metric)
          .isCloseTo(value, within(0.5 * Math.pow(10, -decimals) + 1e-9));
    });
  }

  private static List<String> concat(String first, java.util.Collection<String> rest) {
    List<String> all = new ArrayList<>(List.of(first));
    all.addAll(rest);
    return all;
  }

  private static Map<String, Double> all(LocalDate day, ZoneId zone) {
    Map<String, Double> values = new LinkedHashMap<>();
    if (!day("SolarIrradiance", day, zone).isEmpty()) {
      values.put("ET0", et0(day, zone));
    }
    values.put("GDD", gdd(day, zone, 10, 30));
    values.put("ChillHours", (double) chillHours(day, zone));
    values.put("VPD", vpd(day, zone));
    values.put("DewPoint", dewPoint(day, zone));
    return values;
  }

  // ---- the tests ----

  @Test
  void everyMetricOfEachWholeLocalDayAndNoneWhereItsInputsAreMissing() {
    Answer answer = ok("AG-1", "metrics=ET0,GDD,ChillHours,VPD,DewPoint&" + PERIOD + "&timeZone=Europe/Lisbon");
    assertThat(answer.header("X-Time-Zone")).isEqualTo("Europe/Lisbon");
    JsonArray days = answer.array();
    assertThat(days).hasSize(4);
    for (int d = 0; d < 4; d++) {
      LocalDate day = LocalDate.parse("2024-06-10").plusDays(d);
      assertDay(days.getJsonObject(d), day, all(day, LISBON));
    }
    assertThat(days.getJsonObject(2).containsKey("ET0")).as("no solar irradiance on " + NO_SUN).isFalse();
    assertThat(days.getJsonObject(3).containsKey("ET0")).as("no pressure on " + NO_PRESSURE).isTrue();
    assertThat(days.getJsonObject(0).getLong("ChillHours")).isPositive();
    assertThat(days.getJsonObject(0).getDouble("ET0")).isBetween(1.0, 10.0);
  }

  @Test
  void inWholeHourZonesTheMetricsAreComputedFromTheHourRollupsAlone() {
    StringBuilder csv = new StringBuilder();
    for (String iface : List.of("AirTemp", "AirHum")) {
      READINGS.get(iface).subMap(Instant.parse("2024-06-10T00:00:00Z"), Instant.parse("2024-06-12T00:00:00Z"))
          .forEach((t, v) -> csv.append(WS + ",RU-1,ORIGIN," + iface + ",").append(t).append(',').append(v)
              .append('\n'));
    }
    assertThat(fixture.importCsv(csv.toString()).getLong("rejectedCount")).isZero();
    fixture.assign(WS, "RU-1");
    String query = "metrics=GDD,ChillHours,VPD,DewPoint&startDate=2024-06-10&endDate=2024-06-11&timeZone=UTC";
    String before = ok("RU-1", query).body();
    TestPostgres.execute(fixture.database, "DELETE FROM readings.point_block WHERE series_id IN (SELECT s.series_id "
        + "FROM readings.series s JOIN devices.device d ON d.device_id = s.device_id WHERE d.serial = 'RU-1')");
    assertThat(ok("RU-1", query).array()).hasSize(2);
    assertThat(ok("RU-1", query).body()).isEqualTo(before);
  }

  @Test
  void aDayWithTheInputsOfNoRequestedMetricHasNoElement() {
    assertThat(ok("AG-1", "metrics=GDD&" + PERIOD + "&timeZone=Europe/Lisbon").array().stream()
        .map(day -> ((JsonObject) day).getLong("timestamp")).toList())
        .containsExactly(start(LocalDate.parse("2024-06-10")).toEpochMilli(),
            start(LocalDate.parse("2024-06-11")).toEpochMilli(), start(NO_SUN).toEpochMilli(),
            start(NO_PRESSURE).toEpochMilli());
  }

  @Test
  void accumulatedGrowingDegreeDaysRunFromTheFirstDayWithTheGivenBaseAndCap() {
    JsonArray days = ok("AG-1", "metrics=GDD&" + PERIOD + "&timeZone=Europe/Lisbon&gddBase=5&gddCap=15"
        + "&accumulate=true").array();
    double total = 0;
    for (int d = 0; d < 4; d++) {
      LocalDate day = LocalDate.parse("2024-06-10").plusDays(d);
      total += gdd(day, LISBON, 5, 15);
      assertDay(days.getJsonObject(d), day, Map.of("GDD", total));
    }
    assertThat(days.getJsonObject(3).getDouble("GDD")).isGreaterThan(days.getJsonObject(0).getDouble("GDD"));
  }

  @Test
  void localDaysOfTheAskedZoneAreWholeDaysFromTheDayOfStartDateToTheDayOfEndDate() {
    JsonArray days = ok("AG-1", "metrics=ChillHours,GDD&startDate=2024-06-10T00:00:00Z"
        + "&endDate=2024-06-10T00:00:00Z&timeZone=UTC").array();
    Instant utcMidnight = Instant.parse("2024-06-10T00:00:00Z");
    List<Double> temps = new ArrayList<>(READINGS.get("AirTemp").subMap(utcMidnight, utcMidnight.plus(Duration
        .ofDays(1))).values());
    double gdd = Math.max(0, (Math.min(max(temps), 30) + Math.max(min(temps), 10)) / 2 - 10);
    Map<Instant, List<Double>> hours = new TreeMap<>();
    READINGS.get("AirTemp").subMap(utcMidnight, utcMidnight.plus(Duration.ofDays(1))).forEach((t, v) ->
        hours.computeIfAbsent(t.truncatedTo(ChronoUnit.HOURS), k -> new ArrayList<>()).add(v));
    long chill = hours.values().stream().map(AgronomyTest::mean).filter(t -> t >= 0 && t <= 7.2).count();
    assertThat(days).hasSize(1);
    assertThat(days.getJsonObject(0).getLong("timestamp")).isEqualTo(utcMidnight.toEpochMilli());
    assertThat(days.getJsonObject(0).getLong("ChillHours")).isEqualTo(chill);
    assertThat(days.getJsonObject(0).getDouble("GDD")).isCloseTo(gdd, within(0.005 + 1e-9));
  }

  @Test
  void inAHalfHourZoneTheDaysAndHoursAreLocal() {
    ZoneId kolkata = ZoneId.of("Asia/Kolkata");
    JsonArray days = ok("AG-1", "metrics=ET0,GDD,ChillHours,VPD,DewPoint&startDate=2024-06-10T20:00:00Z"
        + "&endDate=2024-06-11T20:00:00Z&timeZone=Asia/Kolkata").array();
    assertThat(days).hasSize(2);
    for (int d = 0; d < 2; d++) {
      LocalDate day = LocalDate.parse("2024-06-11").plusDays(d);
      assertDay(days.getJsonObject(d), day, kolkata, all(day, kolkata));
    }
    assertThat(days.getJsonObject(0).getLong("timestamp"))
        .isEqualTo(Instant.parse("2024-06-10T18:30:00Z").toEpochMilli());
  }

  @Test
  void theStoredDewPointIsServedWhenTheStationMeasuresIt() {
    JsonArray days = ok("DP-1", "metrics=DewPoint,VPD&" + PERIOD + "&timeZone=Europe/Lisbon").array();
    assertThat(days).hasSize(4);
    for (int d = 0; d < 4; d++) {
      LocalDate day = LocalDate.parse("2024-06-10").plusDays(d);
      assertDay(days.getJsonObject(d), day, Map.of("DewPoint", mean(day("DewPoint", day, LISBON))));
    }
  }

  @Test
  void aStationWithoutLocationHasNoEt0() {
    JsonArray days = ok("DP-1", "metrics=ET0&metrics=GDD&" + PERIOD + "&timeZone=Europe/Lisbon").array();
    assertThat(days).hasSize(4);
    assertThat(days.getJsonObject(0).fieldNames()).containsExactlyInAnyOrder("timestamp", "GDD");
  }

  @Test
  void theDefaultZoneIsTheZoneOfTheStationsLocation() throws Exception {
    String query = "metrics=GDD&" + PERIOD;
    Answer answer = ok("AG-1", query);
    for (int i = 0; i < 300 && !"Europe/Lisbon".equals(answer.header("X-Time-Zone")); i++) {
      Thread.sleep(100);
      answer = ok("AG-1", query);
    }
    assertThat(answer.header("X-Time-Zone")).isEqualTo("Europe/Lisbon");
    assertThat(answer.array().getJsonObject(0).getLong("timestamp"))
        .isEqualTo(Instant.parse("2024-06-09T23:00:00Z").toEpochMilli());
    assertThat(ok("DP-1", query).header("X-Time-Zone")).isEqualTo("UTC");
  }

  @Test
  void aConnectorTheStationLacksGivesAnEmptyArray() {
    assertThat(ok("AG-1", "metrics=GDD&" + PERIOD + "&connectorId=N-1").body()).isEqualTo("[]");
  }

  @Test
  void unknownMetricsAreListedInA400() {
    Answer answer = agronomy("AG-1", "metrics=ET0,et0,Frost,Frost&" + PERIOD);
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    JsonObject error = answer.json().getJsonArray("errors").getJsonObject(0);
    assertThat(error.getString("parameter")).isEqualTo("metrics");
    assertThat(error.getString("message")).isEqualTo("unknown metrics et0, Frost; the metrics are ET0, GDD, "
        + "ChillHours, VPD, DewPoint (case-sensitive)");
  }

  @Test
  void invalidParametersAreNamedInA400() {
    Map<String, String> cases = new LinkedHashMap<>();
    cases.put("metrics=GDD&startDate=2014-01-01&endDate=2024-01-01T00:00:00.001Z", "endDate");
    cases.put("metrics=GDD&startDate=2024-01-02&endDate=2024-01-01", "startDate");
    cases.put("metrics=GDD&" + PERIOD + "&gddBase=12&gddCap=12", "gddCap");
    cases.put("metrics=GDD&" + PERIOD + "&gddBase=warm", "gddBase");
    cases.put("metrics=GDD&" + PERIOD + "&accumulate=yes", "accumulate");
    cases.put("metrics=GDD&" + PERIOD + "&timeZone=Mars/Olympus", "timeZone");
    cases.put(PERIOD, "metrics");
    cases.forEach((query, parameter) -> {
      Answer answer = agronomy("AG-1", query);
      assertThat(answer.status()).as(query).isEqualTo(400);
      assertThat(answer.json().getJsonArray("errors").stream()
          .map(e -> ((JsonObject) e).getString("parameter")).toList()).as(query).containsExactly(parameter);
    });
    assertThat(agronomy("AG-1", "metrics=GDD&startDate=2014-01-01&endDate=2024-01-01").status()).isEqualTo(200);
  }

  @Test
  void datesBeyondTheFourDigitYearsAre400AndTheLastDayOfTheYearsIsAnswered() {
    for (String date : new String[] {"%2B9999999-01-01T00:00:00Z", "-9999999-01-01T00:00:00Z"}) {
      Answer answer = agronomy("AG-1", "metrics=ET0,GDD,ChillHours,VPD,DewPoint&startDate=" + date + "&endDate=" + date);
      assertThat(answer.status()).as(date).isEqualTo(400);
      assertThat(answer.json().getJsonArray("errors").stream()
          .map(e -> ((JsonObject) e).getString("parameter")).toList()).containsExactly("startDate", "endDate");
    }
    assertThat(ok("AG-1", "metrics=ET0,GDD,ChillHours,VPD,DewPoint&startDate=9999-12-31&endDate="
        + "9999-12-31T23:59:59.999Z&timeZone=Pacific/Kiritimati").body()).isEqualTo("[]");
    assertThat(ok("AG-1", "metrics=ET0,GDD,ChillHours,VPD,DewPoint&startDate=0000-01-01&endDate="
        + "0000-01-01T00:00:00Z&timeZone=America/Adak").body()).isEqualTo("[]");
  }

  @Test
  void anUnknownOrAnotherEntitysStationIs404AndNoKeyIs401() {
    for (String serial : List.of("NOPE-1", "OTHER-1")) {
      Answer answer = agronomy(serial, "metrics=GDD&" + PERIOD);
      assertThat(answer.status()).as(serial).isEqualTo(404);
      assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    }
    Answer anonymous = fixture.api.get("/api/devices/" + WS + "/AG-1/agronomy?metrics=GDD&" + PERIOD);
    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
  }
}
