package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * getReadingsBySerial with {@code timeZone}, {@code dayStart} and {@code fill} (docs/api.md) against readings
 * imported every 15 minutes around the 2024 DST changes of Europe/Lisbon and Australia/Sydney. A reading of
 * {@code Sunlight} is 15 minutes of sunshine, so a day's sum is its length in minutes; every other expected value
 * is computed here from the imported readings, with bucket boundaries found by walking local calendars.
 */
class LocalTimeReadingsTest {

  private static final String WS = "REAL_WEATHER_STATION";
  private static final List<Instant[]> PERIODS = List.of(
      new Instant[] {Instant.parse("2024-03-20T00:00:00Z"), Instant.parse("2024-04-10T00:00:00Z")},
      new Instant[] {Instant.parse("2024-09-20T00:00:00Z"), Instant.parse("2024-11-10T00:00:00Z")});

  @RegisterExtension
  static final ReadingsFixture fixture = ReadingsFixture.perClass();

  private static final List<Point> AIR_TEMP = new ArrayList<>();
  private static final List<Point> PRECIPITATION = new ArrayList<>();
  private static final List<Point> SUNLIGHT = new ArrayList<>();

  record Point(Instant ts, double value) {}

  @BeforeAll
  static void load() throws Exception {
    StringBuilder csv = new StringBuilder();
    int i = 0;
    for (Instant[] period : PERIODS) {
      for (Instant t = period[0]; t.isBefore(period[1]); t = t.plus(Duration.ofMinutes(15)), i++) {
        add(csv, "LT-1", "AirTemp", AIR_TEMP, t, 12 + 8 * Math.sin(i / 30.0) + (i % 5) * 0.1);
        add(csv, "LT-1", "Precipitation", PRECIPITATION, t, (i % 5) * 0.2);
        add(csv, "LT-1", "Sunlight", SUNLIGHT, t, 15);
      }
    }
    // Gaps for fill: AirTemp on UTC days 2, 5 and 7 of June (two readings on the 2nd), Precipitation on the 3rd.
    csv.append(WS + ",GAP-1,ORIGIN,AirTemp,2024-06-02T06:00:00Z,9\n");
    csv.append(WS + ",GAP-1,ORIGIN,AirTemp,2024-06-02T18:00:00Z,11\n");
    csv.append(WS + ",GAP-1,ORIGIN,Precipitation,2024-06-03T12:00:00Z,1.5\n");
    csv.append(WS + ",GAP-1,ORIGIN,AirTemp,2024-06-05T12:00:00Z,16\n");
    csv.append(WS + ",GAP-1,ORIGIN,AirTemp,2024-06-07T12:00:00Z,20\n");
    // Rollup proof: sunshine every 15 minutes of 1-4 May, whose 2 and 3 May point blocks are then deleted.
    for (Instant t = Instant.parse("2024-05-01T00:00:00Z"); t.isBefore(Instant.parse("2024-05-05T00:00:00Z"));
        t = t.plus(Duration.ofMinutes(15))) {
      csv.append(WS + ",RU-1,ORIGIN,Sunlight,").append(t).append(",15\n");
    }
    assertThat(fixture.importCsv(csv.toString()).getLong("rejectedCount")).isZero();
    TestPostgres.execute(fixture.database,
        "DELETE FROM readings.point_block WHERE day IN (date '2024-05-02', date '2024-05-03')");
    fixture.assign(WS, "LT-1");
    fixture.assign(WS, "GAP-1");
    fixture.assign(WS, "RU-1");
  }

  private static void add(StringBuilder csv, String serial, String iface, List<Point> points, Instant t, double v) {
    points.add(new Point(t, v));
    csv.append(WS + "," + serial + ",ORIGIN," + iface + ",").append(t).append(',').append(v).append('\n');
  }

  private static Answer query(String serial, String query) {
    Answer answer = fixture.readings(WS, serial, query);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer;
  }

  private static JsonObject row(String timestamp, String iface, double value) {
    return new JsonObject().put("timestamp", Instant.parse(timestamp).toEpochMilli()).put(iface, value);
  }

  private static JsonArray rows(JsonObject... rows) {
    JsonArray array = new JsonArray();
    for (JsonObject row : rows) {
      array.add(row);
    }
    return array;
  }

  @Test
  void springForwardDayInLisbonLasts23HoursAndStartsAtLocalMidnight() {
    Answer answer = query("LT-1", "interfaces=Sunlight&startDate=2024-03-30T00:00:00Z"
        + "&endDate=2024-04-01T23:59:59.999Z&aggregation=day&timeZone=Europe/Lisbon");
    assertThat(answer.header("X-Time-Zone")).isEqualTo("Europe/Lisbon");
    assertThat(answer.array()).isEqualTo(rows(
        row("2024-03-30T00:00:00Z", "Sunlight", 1440),
        row("2024-03-31T00:00:00Z", "Sunlight", 1380),
        row("2024-03-31T23:00:00Z", "Sunlight", 1440),
        row("2024-04-01T23:00:00Z", "Sunlight", 60)));
  }

  @Test
  void fallBackDayInLisbonLasts25Hours() {
    Answer answer = query("LT-1", "interfaces=Sunlight&startDate=2024-10-26T23:00:00Z"
        + "&endDate=2024-10-27T23:59:59.999Z&aggregation=day&timeZone=Europe/Lisbon");
    assertThat(answer.array()).isEqualTo(rows(row("2024-10-26T23:00:00Z", "Sunlight", 1500)));
  }

  @Test
  void southernHemisphereDaysFollowSydneysDstTheOtherWayRound() {
    Answer april = query("LT-1", "interfaces=Sunlight&startDate=2024-04-06T13:00:00Z"
        + "&endDate=2024-04-07T13:59:59.999Z&aggregation=day&timeZone=Australia/Sydney");
    assertThat(april.array()).isEqualTo(rows(row("2024-04-06T13:00:00Z", "Sunlight", 1500)));
    Answer october = query("LT-1", "interfaces=Sunlight&startDate=2024-10-05T14:00:00Z"
        + "&endDate=2024-10-06T12:59:59.999Z&aggregation=day&timeZone=Australia/Sydney");
    assertThat(october.array()).isEqualTo(rows(row("2024-10-05T14:00:00Z", "Sunlight", 1380)));
  }

  @Test
  void halfHourZoneHoursStartAtHalfPastUtc() {
    Answer answer = query("LT-1", "interfaces=Sunlight&startDate=2024-03-25T00:00:00Z"
        + "&endDate=2024-03-25T01:59:59.999Z&aggregation=hour&timeZone=Asia/Kolkata");
    assertThat(answer.header("X-Time-Zone")).isEqualTo("Asia/Kolkata");
    assertThat(answer.array()).isEqualTo(rows(
        row("2024-03-24T23:30:00Z", "Sunlight", 30),
        row("2024-03-25T00:30:00Z", "Sunlight", 60),
        row("2024-03-25T01:30:00Z", "Sunlight", 30)));
  }

  @Test
  void halfHourZoneDaysStartAtLocalMidnight() {
    Answer answer = query("LT-1", "interfaces=Sunlight&startDate=2024-03-25T00:00:00Z"
        + "&endDate=2024-03-26T23:59:59.999Z&aggregation=day&timeZone=Asia/Kolkata");
    assertThat(answer.array()).isEqualTo(rows(
        row("2024-03-24T18:30:00Z", "Sunlight", 74 * 15),
        row("2024-03-25T18:30:00Z", "Sunlight", 1440),
        row("2024-03-26T18:30:00Z", "Sunlight", 22 * 15)));
  }

  @Test
  void weeksStartOnLocalMondays() {
    Answer answer = query("LT-1", "interfaces=Sunlight&startDate=2024-03-25T00:00:00Z"
        + "&endDate=2024-04-07T22:59:59.999Z&aggregation=week&timeZone=Europe/Lisbon");
    assertThat(answer.array()).isEqualTo(rows(
        row("2024-03-25T00:00:00Z", "Sunlight", 167 * 60),
        row("2024-03-31T23:00:00Z", "Sunlight", 168 * 60)));
  }

  @Test
  void monthsStartOnTheFirstLocalMidnight() {
    Answer answer = query("LT-1", "interfaces=Sunlight&startDate=2024-09-30T23:00:00Z"
        + "&endDate=2024-11-09T23:59:59.999Z&aggregation=month&timeZone=Europe/Lisbon");
    assertThat(answer.array()).isEqualTo(rows(
        row("2024-09-30T23:00:00Z", "Sunlight", (31 * 24 + 1) * 60),
        row("2024-11-01T00:00:00Z", "Sunlight", 9 * 1440)));
  }

  @Test
  void rainDayStartsAtNineInTheMorning() {
    String start = "2024-03-26T12:00:00Z";
    String end = "2024-03-29T11:59:59.999Z";
    Answer answer = query("LT-1", "interfaces=Precipitation&startDate=" + start + "&endDate=" + end
        + "&aggregation=day&timeZone=America/Sao_Paulo&dayStart=09:00");
    JsonArray expected = new JsonArray();
    for (Instant day = Instant.parse(start); day.isBefore(Instant.parse(end)); day = day.plus(Duration.ofDays(1))) {
      Instant from = day;
      Instant to = day.plus(Duration.ofDays(1));
      double rain = PRECIPITATION.stream().filter(p -> !p.ts().isBefore(from) && p.ts().isBefore(to))
          .mapToDouble(Point::value).sum();
      expected.add(new JsonObject().put("timestamp", day.toEpochMilli())
          .put("Precipitation", ReadingsFixture.aggregate("Precipitation", rain)));
    }
    assertThat(expected).hasSize(3);
    assertThat(answer.array()).isEqualTo(expected);
  }

  /** Periods with edges inside hours, every aggregation and zone, against the raw computation. */
  @Test
  void localBucketsEqualTheRawComputation() {
    record Case(String zone, String aggregation, String dayStart) {}
    List<Case> cases = List.of(new Case("Europe/Lisbon", "hour", "00:00"), new Case("Europe/Lisbon", "day", "00:00"),
        new Case("Europe/Lisbon", "week", "00:00"), new Case("Europe/Lisbon", "month", "00:00"),
        new Case("Europe/Lisbon", "day", "09:30"), new Case("Asia/Kolkata", "hour", "00:00"),
        new Case("Asia/Kolkata", "day", "00:00"), new Case("Asia/Kolkata", "week", "06:00"),
        new Case("Australia/Sydney", "day", "00:00"), new Case("America/Sao_Paulo", "day", "09:00"));
    for (String[] period : List.of(new String[] {"2024-03-24T10:20:00Z", "2024-04-08T17:45:00Z"},
        new String[] {"2024-09-22T05:10:00Z", "2024-11-08T00:00:00Z"})) {
      for (Case c : cases) {
        Answer answer = query("LT-1", "interfaces=AirTemp,Precipitation,Sunlight&startDate=" + period[0]
            + "&endDate=" + period[1] + "&aggregation=" + c.aggregation() + "&timeZone=" + c.zone()
            + "&dayStart=" + c.dayStart());
        TreeSet<Instant> starts = bucketStarts(ZoneId.of(c.zone()), c.aggregation(), LocalTime.parse(c.dayStart()),
            Instant.parse(period[0]), Instant.parse(period[1]));
        assertMatches(c + " " + period[0], answer.array(), Map.of(
            "AirTemp", expected(AIR_TEMP, period, starts, LocalTimeReadingsTest::mean),
            "Precipitation", expected(PRECIPITATION, period, starts, LocalTimeReadingsTest::sum),
            "Sunlight", expected(SUNLIGHT, period, starts, LocalTimeReadingsTest::sum)));
      }
    }
  }

  /** With 2 and 3 May's point blocks gone, whole local days of a whole-hour zone still sum to 24 hours. */
  @Test
  void wholeHourZoneDaysAreMadeOfHourRollupsNotPoints() {
    Answer answer = query("RU-1", "interfaces=Sunlight&startDate=2024-05-01T23:00:00Z"
        + "&endDate=2024-05-03T22:59:59.999Z&aggregation=day&timeZone=Europe/Lisbon");
    assertThat(answer.array()).isEqualTo(rows(
        row("2024-05-01T23:00:00Z", "Sunlight", 1440),
        row("2024-05-02T23:00:00Z", "Sunlight", 1440)));
  }

  /**
   * A Kolkata day (18:30 to 18:30 UTC) reads raw only the two UTC hours its boundaries cut: with 2 May's point
   * blocks gone, the day ending on 2 May lacks just the half hour 18:00-18:30 UTC of that day.
   */
  @Test
  void halfHourZoneDaysReadOnlyTheHoursTheirBoundariesCutRaw() {
    Answer answer = query("RU-1", "interfaces=Sunlight&startDate=2024-05-01T18:30:00Z"
        + "&endDate=2024-05-02T18:29:59.999Z&aggregation=day&timeZone=Asia/Kolkata");
    assertThat(answer.array()).isEqualTo(rows(row("2024-05-01T18:30:00Z", "Sunlight", 1440 - 30)));
  }

  @Test
  void fillPreviousRepeatsTheLastBucketOnlyBetweenValues() {
    Answer answer = query("GAP-1", "interfaces=AirTemp,Precipitation&startDate=2024-06-01T00:00:00Z"
        + "&endDate=2024-06-09T00:00:00Z&aggregation=day&timeZone=UTC&fill=previous");
    assertThat(answer.array()).isEqualTo(rows(
        row("2024-06-02T00:00:00Z", "AirTemp", 10),
        row("2024-06-03T00:00:00Z", "AirTemp", 10).put("Precipitation", 1.5),
        row("2024-06-04T00:00:00Z", "AirTemp", 10),
        row("2024-06-05T00:00:00Z", "AirTemp", 16),
        row("2024-06-06T00:00:00Z", "AirTemp", 16),
        row("2024-06-07T00:00:00Z", "AirTemp", 20)));
  }

  @Test
  void fillLinearInterpolatesByTimeOnlyBetweenValues() {
    Answer answer = query("GAP-1", "interfaces=AirTemp,Precipitation&startDate=2024-06-01T00:00:00Z"
        + "&endDate=2024-06-09T00:00:00Z&aggregation=day&fill=linear");
    // 10 on the 2nd, 16 on the 5th: a third and two thirds of the way on the 3rd and 4th; 18 halfway to 20.
    assertThat(answer.array()).isEqualTo(rows(
        row("2024-06-02T00:00:00Z", "AirTemp", 10),
        row("2024-06-03T00:00:00Z", "AirTemp", 12).put("Precipitation", 1.5),
        row("2024-06-04T00:00:00Z", "AirTemp", 14),
        row("2024-06-05T00:00:00Z", "AirTemp", 16),
        row("2024-06-06T00:00:00Z", "AirTemp", 18),
        row("2024-06-07T00:00:00Z", "AirTemp", 20)));
  }

  @Test
  void fillNoneLeavesEmptyBucketsOut() {
    Answer answer = query("GAP-1", "interfaces=AirTemp,Precipitation&startDate=2024-06-01T00:00:00Z"
        + "&endDate=2024-06-09T00:00:00Z&aggregation=day&fill=none");
    assertThat(answer.array()).isEqualTo(rows(
        row("2024-06-02T00:00:00Z", "AirTemp", 10),
        row("2024-06-03T00:00:00Z", "Precipitation", 1.5),
        row("2024-06-05T00:00:00Z", "AirTemp", 16),
        row("2024-06-07T00:00:00Z", "AirTemp", 20)));
  }

  @Test
  void aggregatedAnswersNameTheZoneUsedAndRawAnswersDoNot() {
    String period = "interfaces=Sunlight&startDate=2024-03-25T00:00:00Z&endDate=2024-03-26T00:00:00Z";
    assertThat(query("LT-1", period + "&aggregation=day").header("X-Time-Zone")).isEqualTo("UTC");
    assertThat(query("LT-1", period + "&aggregation=auto").header("X-Time-Zone")).isNull();
    assertThat(query("LT-1", period).header("X-Time-Zone")).isNull();
  }

  /** The zone of the device's location is resolved off the request path, within seconds of the location being set. */
  @Test
  void deviceZoneIsTheZoneOfTheDevicesLocation() throws Exception {
    Answer set = fixture.admin.put("/admin/devices/" + WS + "/LT-1", new JsonObject()
        .put("location", new JsonObject().put("latitude", -33.87).put("longitude", 151.21)).encode(),
        "Authorization", "Bearer " + fixture.adminToken, "Content-Type", "application/json");
    assertThat(set.status()).as(set.toString()).isEqualTo(200);
    String sydneyApril = "interfaces=Sunlight&startDate=2024-04-06T13:00:00Z&endDate=2024-04-07T13:59:59.999Z"
        + "&aggregation=day&timeZone=device";
    Answer answer = query("LT-1", sydneyApril);
    for (int i = 0; i < 300 && !"Australia/Sydney".equals(answer.header("X-Time-Zone")); i++) {
      Thread.sleep(100);
      answer = query("LT-1", sydneyApril);
    }
    assertThat(answer.header("X-Time-Zone")).isEqualTo("Australia/Sydney");
    assertThat(answer.array()).isEqualTo(rows(row("2024-04-06T13:00:00Z", "Sunlight", 1500)));
    Answer unlocated = query("GAP-1", "interfaces=AirTemp&startDate=2024-06-01&endDate=2024-06-09&aggregation=day"
        + "&timeZone=device");
    assertThat(unlocated.header("X-Time-Zone")).isEqualTo("UTC");
  }

  @Test
  void multiDeviceQueryGivesEachDeviceItsLocalDays() {
    String options = "interfaces=Sunlight&startDate=2024-03-30T00:00:00Z&endDate=2024-04-01T23:59:59.999Z"
        + "&aggregation=day&timeZone=Europe/Lisbon&fill=previous";
    Answer answer = fixture.api.get("/api/readings?devices=" + WS + "/RU-1," + WS + "/LT-1&" + options,
        "Authorization", "ApiKey " + fixture.apiKey);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.header("X-Time-Zone")).isEqualTo("Europe/Lisbon");
    assertThat(answer.array()).isEqualTo(new JsonArray()
        .add(new JsonObject().put("profile", WS).put("serial", "RU-1").put("connectorId", "ORIGIN")
            .put("readings", new JsonArray()))
        .add(new JsonObject().put("profile", WS).put("serial", "LT-1").put("connectorId", "ORIGIN")
            .put("readings", rows(
                row("2024-03-30T00:00:00Z", "Sunlight", 1440),
                row("2024-03-31T00:00:00Z", "Sunlight", 1380),
                row("2024-03-31T23:00:00Z", "Sunlight", 1440),
                row("2024-04-01T23:00:00Z", "Sunlight", 60)))));
  }

  @Test
  void multiDeviceQueryInEachDevicesZoneNamesEveryZoneInTheOrderGiven() throws Exception {
    Answer set = fixture.admin.put("/admin/devices/" + WS + "/LT-1", new JsonObject()
        .put("location", new JsonObject().put("latitude", -33.87).put("longitude", 151.21)).encode(),
        "Authorization", "Bearer " + fixture.adminToken, "Content-Type", "application/json");
    assertThat(set.status()).as(set.toString()).isEqualTo(200);
    String multi = "/api/readings?devices=" + WS + "/RU-1," + WS + "/LT-1&interfaces=Sunlight"
        + "&startDate=2024-04-06T13:00:00Z&endDate=2024-04-07T13:59:59.999Z&aggregation=day&timeZone=device";
    Answer answer = fixture.api.get(multi, "Authorization", "ApiKey " + fixture.apiKey);
    for (int i = 0; i < 300 && !answer.header("X-Time-Zone").contains("Sydney"); i++) {
      Thread.sleep(100);
      answer = fixture.api.get(multi, "Authorization", "ApiKey " + fixture.apiKey);
    }
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("X-Time-Zone")).isEqualTo("UTC, Australia/Sydney");
    assertThat(answer.array().getJsonObject(1).getJsonArray("readings"))
        .isEqualTo(rows(row("2024-04-06T13:00:00Z", "Sunlight", 1500)));
  }

  @Test
  void explicitUtcAndMidnightGiveTheDefaultAnswer() {
    String period = "interfaces=AirTemp,Precipitation&startDate=2024-03-24T10:20:00Z&endDate=2024-04-08T17:45:00Z";
    for (String aggregation : List.of("hour", "day", "week", "month")) {
      assertThat(query("LT-1", period + "&aggregation=" + aggregation + "&timeZone=UTC&dayStart=00:00&fill=none")
          .body()).isEqualTo(query("LT-1", period + "&aggregation=" + aggregation).body());
    }
  }

  @Test
  void malformedTimeZoneDayStartAndFillAre400NamingTheParameter() {
    String ok = "interfaces=AirTemp&startDate=2024-03-25&endDate=2024-04-25&aggregation=day";
    assertThat(errorsOf(ok + "&timeZone=Mars/Olympus")).containsExactly(error("timeZone",
        "'Mars/Olympus' is not an IANA time zone such as Europe/Lisbon, UTC or device (the zone of the device's "
        + "location)"));
    for (String dayStart : List.of("9:00", "24:00", "09:60", "09:00:00", "")) {
      assertThat(errorsOf(ok + "&dayStart=" + dayStart)).containsExactly(error("dayStart",
          "'" + dayStart + "' is not a local time HH:MM such as 09:00"));
    }
    assertThat(errorsOf(ok + "&fill=zero")).containsExactly(error("fill", "must be one of none, previous, linear"));
    assertThat(errorsOf("interfaces=AirTemp&startDate=2024-03-25&endDate=2024-03-26&fill=linear"))
        .containsExactly(error("fill", "applies to aggregated readings only (aggregation none)"));
    assertThat(errorsOf("interfaces=AirTemp&startDate=2024-03-25&endDate=2024-03-26&aggregation=auto&fill=previous"))
        .containsExactly(error("fill", "applies to aggregated readings only (aggregation auto resolved to none)"));
  }

  private static JsonArray errorsOf(String query) {
    Answer answer = fixture.readings(WS, "LT-1", query);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    return answer.json().getJsonArray("errors");
  }

  private static JsonObject error(String parameter, String message) {
    return new JsonObject().put("parameter", parameter).put("message", message);
  }

  /**
   * Every bucket start near a period, found by walking the zone's calendar: hours are the quarter hours at which the
   * local minute is 0; days, weeks and months begin at dayStart of each local date, Monday or first of the month.
   */
  private static TreeSet<Instant> bucketStarts(ZoneId zone, String aggregation, LocalTime dayStart, Instant from,
      Instant to) {
    TreeSet<Instant> starts = new TreeSet<>();
    if (aggregation.equals("hour")) {
      Instant first = Instant.ofEpochSecond(from.getEpochSecond() / 900 * 900).minus(Duration.ofHours(2));
      for (Instant t = first; t.isBefore(to.plus(Duration.ofHours(2))); t = t.plus(Duration.ofMinutes(15))) {
        if (t.atZone(zone).getMinute() == 0) {
          starts.add(t);
        }
      }
      return starts;
    }
    LocalDate last = to.atZone(zone).toLocalDate().plusDays(1);
    for (LocalDate d = from.atZone(zone).toLocalDate().minusDays(40); !d.isAfter(last); d = d.plusDays(1)) {
      boolean first = switch (aggregation) {
        case "day" -> true;
        case "week" -> d.getDayOfWeek() == DayOfWeek.MONDAY;
        default -> d.getDayOfMonth() == 1;
      };
      if (first) {
        starts.add(d.atTime(dayStart).atZone(zone).toInstant());
      }
    }
    return starts;
  }

  private static Map<Long, Double> expected(List<Point> points, String[] period, TreeSet<Instant> starts,
      Function<List<Point>, Double> function) {
    Instant from = Instant.parse(period[0]);
    Instant to = Instant.parse(period[1]);
    Map<Long, List<Point>> buckets = new TreeMap<>();
    for (Point p : points) {
      if (!p.ts().isBefore(from) && !p.ts().isAfter(to)) {
        buckets.computeIfAbsent(starts.floor(p.ts()).toEpochMilli(), b -> new ArrayList<>()).add(p);
      }
    }
    Map<Long, Double> values = new TreeMap<>();
    buckets.forEach((bucket, inBucket) -> values.put(bucket, function.apply(inBucket)));
    return values;
  }

  private static double mean(List<Point> points) {
    return points.stream().mapToDouble(Point::value).average().orElseThrow();
  }

  private static double sum(List<Point> points) {
    return points.stream().mapToDouble(Point::value).sum();
  }

  private static void assertMatches(String what, JsonArray rows, Map<String, Map<Long, Double>> expected) {
    TreeMap<Long, Map<String, Double>> byBucket = new TreeMap<>();
    expected.forEach((iface, values) -> values.forEach((bucket, value) ->
        byBucket.computeIfAbsent(bucket, b -> new TreeMap<>()).put(iface, value)));
    assertThat(rows.size()).as(what).isEqualTo(byBucket.size());
    int i = 0;
    for (Map.Entry<Long, Map<String, Double>> bucket : byBucket.entrySet()) {
      JsonObject row = rows.getJsonObject(i++);
      assertThat(row.getLong("timestamp")).as(what).isEqualTo(bucket.getKey());
      assertThat(row.fieldNames()).hasSize(bucket.getValue().size() + 1);
      bucket.getValue().forEach((iface, value) ->
          assertThat(row.getDouble(iface)).as(what + " " + iface + " at " + Instant.ofEpochMilli(bucket.getKey()))
              .isCloseTo(value, within(0.5 * Math.pow(10, -InterfaceCatalog.of(iface).decimals())
                  + 1e-9 * Math.max(1, Math.abs(value)))));
    }
  }
}
