package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * getReadingsBySerial (docs/api.md) against data imported through the canonical CSV; every expected value is
 * computed here, independently of the service, from the same generated readings.
 */
class ReadingsQueryTest {

  private static final String WS = "REAL_WEATHER_STATION";
  private static final Instant FROM = Instant.parse("2024-02-20T00:00:00Z");
  private static final Instant TO = Instant.parse("2024-04-10T00:00:00Z");

  @RegisterExtension
  static final ReadingsFixture fixture = ReadingsFixture.perClass();

  private static final List<Point> AIR_TEMP = new ArrayList<>();
  private static final List<Point> PRECIPITATION = new ArrayList<>();
  private static final List<Point> GUST = new ArrayList<>();
  private static final List<Point> TOTAL = new ArrayList<>();

  record Point(Instant ts, double value) {}

  @BeforeAll
  static void load() throws Exception {
    StringBuilder csv = new StringBuilder();
    int i = 0;
    for (Instant t = FROM; t.isBefore(TO); t = t.plus(Duration.ofMinutes(15)), i++) {
      double temp = 5 + 10 * Math.sin(i / 40.0) + (i % 7) * 0.125;
      AIR_TEMP.add(new Point(t, temp));
      csv.append(WS + ",WS-1,ORIGIN,AirTemp,").append(t).append(',').append(temp).append('\n');
      if (i % 3 == 0) {
        double rain = (i % 11) * 0.2;
        PRECIPITATION.add(new Point(t, rain));
        csv.append(WS + ",WS-1,ORIGIN,Precipitation,").append(t.toEpochMilli()).append(',').append(rain).append('\n');
      }
      if (i % 4 == 1) {
        double gust = 3 + (i * 7 % 13);
        GUST.add(new Point(t, gust));
        csv.append(WS + ",WS-1,ORIGIN,GustSpeed,").append(t).append(',').append(gust).append('\n');
      }
      double total = 1000 + i * 0.5;
      TOTAL.add(new Point(t, total));
      csv.append("PROFILE_C,FM-1,ORIGIN,FlowmeterTotal,").append(t).append(',').append(total).append('\n');
    }
    csv.append(WS + ",WS-1,ORIGIN,WindDir,2024-03-04T00:10:00Z,350\n");
    csv.append(WS + ",WS-1,ORIGIN,WindDir,2024-03-04T00:40:00Z,10\n");
    csv.append(WS + ",WS-1,ORIGIN,WindDir,2024-03-04T01:10:00Z,80\n");
    csv.append(WS + ",WS-1,ORIGIN,WindDir,2024-03-04T01:20:00Z,100\n");
    csv.append(WS + ",WS-1,A7,AirTemp,2024-03-04T00:00:00Z,99.5\n");
    JsonObject imported = fixture.importCsv(csv.toString());
    assertThat(imported.getLong("rejectedCount")).isZero();
    fixture.assign(WS, "WS-1");
    fixture.assign("PROFILE_C", "FM-1");
  }

  @Test
  void rawReadingsAreAscendingWithOnlyTheValuesPresentAtEachMoment() {
    Answer answer = fixture.readings(WS, "WS-1",
        "interfaces=AirTemp&interfaces=Precipitation&startDate=2024-03-01T00:00:00Z&endDate=2024-03-01T01:00:00Z");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    JsonArray expected = new JsonArray();
    for (Point p : between(AIR_TEMP, "2024-03-01T00:00:00Z", "2024-03-01T01:00:00Z")) {
      JsonObject row = new JsonObject().put("timestamp", p.ts().toEpochMilli())
          .put("AirTemp", p.value());
      PRECIPITATION.stream().filter(r -> r.ts().equals(p.ts())).findFirst()
          .ifPresent(r -> row.put("Precipitation", r.value()));
      expected.add(row);
    }
    assertThat(expected).hasSize(5);
    assertThat(answer.array()).isEqualTo(expected);
    assertThat(answer.body()).startsWith("[{\"timestamp\":1709251200000,\"AirTemp\":");
  }

  @Test
  void commaSeparatedRepeatedAndDuplicateInterfacesGiveTheSameAnswer() {
    String period = "&startDate=2024-03-01T00:00:00Z&endDate=2024-03-01T06:00:00Z";
    Answer repeated = fixture.readings(WS, "WS-1", "interfaces=AirTemp&interfaces=GustSpeed" + period);
    Answer comma = fixture.readings(WS, "WS-1", "interfaces=AirTemp,GustSpeed" + period);
    Answer mixed = fixture.readings(WS, "WS-1", "interfaces=AirTemp,GustSpeed&interfaces=AirTemp" + period);
    assertThat(repeated.status()).isEqualTo(200);
    assertThat(comma.body()).isEqualTo(repeated.body());
    assertThat(mixed.body()).isEqualTo(repeated.body());
  }

  @Test
  void hourlyMeanSumMaxAndLastFollowEachInterfacesFunction() {
    String start = "2024-03-01T00:00:00Z";
    String end = "2024-03-02T23:59:59Z";
    Answer answer = fixture.readings(WS, "WS-1", "interfaces=AirTemp,Precipitation,GustSpeed&startDate=" + start
        + "&endDate=" + end + "&aggregation=hour");
    assertThat(answer.status()).isEqualTo(200);
    assertMatches(answer.array(), Map.of(
        "AirTemp", expected(AIR_TEMP, start, end, ChronoUnit.HOURS, ReadingsQueryTest::mean),
        "Precipitation", expected(PRECIPITATION, start, end, ChronoUnit.HOURS, ReadingsQueryTest::sum),
        "GustSpeed", expected(GUST, start, end, ChronoUnit.HOURS, ReadingsQueryTest::max)));
    assertThat(answer.array()).hasSize(48);
    Answer last = fixture.readings("PROFILE_C", "FM-1",
        "interfaces=FlowmeterTotal&startDate=" + start + "&endDate=" + end + "&aggregation=day");
    assertMatches(last.array(), Map.of("FlowmeterTotal",
        expected(TOTAL, start, end, ChronoUnit.DAYS, ReadingsQueryTest::last)));
  }

  @Test
  void windDirectionIsACircularMeanAcrossNorth() {
    Answer answer = fixture.readings(WS, "WS-1",
        "interfaces=WindDir&startDate=2024-03-04T00:00:00Z&endDate=2024-03-04T01:59:59Z&aggregation=hour");
    assertThat(answer.array()).isEqualTo(new JsonArray()
        .add(new JsonObject().put("timestamp", Instant.parse("2024-03-04T00:00:00Z").toEpochMilli()).put("WindDir", 0.0))
        .add(new JsonObject().put("timestamp", Instant.parse("2024-03-04T01:00:00Z").toEpochMilli())
            .put("WindDir", 90.0)));
  }

  @Test
  void weeksAreIsoWeeksStartingMondayUtc() {
    String start = "2024-02-20T00:00:00Z";
    String end = "2024-04-09T23:59:59.999Z";
    Answer answer = fixture.readings(WS, "WS-1",
        "interfaces=AirTemp,Precipitation&startDate=" + start + "&endDate=" + end + "&aggregation=week");
    JsonArray rows = answer.array();
    assertThat(rows.getJsonObject(0).getLong("timestamp"))
        .isEqualTo(Instant.parse("2024-02-19T00:00:00Z").toEpochMilli());
    assertThat(rows.getJsonObject(1).getLong("timestamp"))
        .isEqualTo(Instant.parse("2024-02-26T00:00:00Z").toEpochMilli());
    assertMatches(rows, Map.of(
        "AirTemp", expected(AIR_TEMP, start, end, ChronoUnit.WEEKS, ReadingsQueryTest::mean),
        "Precipitation", expected(PRECIPITATION, start, end, ChronoUnit.WEEKS, ReadingsQueryTest::sum)));
  }

  @Test
  void monthsAreCalendarMonthsIncludingFebruary29() {
    String start = "2024-02-20T00:00:00Z";
    String end = "2024-04-09T23:59:59.999Z";
    Answer answer = fixture.readings(WS, "WS-1",
        "interfaces=AirTemp,Precipitation,GustSpeed&startDate=" + start + "&endDate=" + end + "&aggregation=month");
    assertThat(answer.array()).hasSize(3);
    assertMatches(answer.array(), Map.of(
        "AirTemp", expected(AIR_TEMP, start, end, ChronoUnit.MONTHS, ReadingsQueryTest::mean),
        "Precipitation", expected(PRECIPITATION, start, end, ChronoUnit.MONTHS, ReadingsQueryTest::sum),
        "GustSpeed", expected(GUST, start, end, ChronoUnit.MONTHS, ReadingsQueryTest::max)));
  }

  @Test
  void bucketsHalfOutsideThePeriodCountOnlyReadingsInside() {
    String start = "2024-03-05T10:30:00Z";
    String end = "2024-03-07T13:14:00Z";
    for (String aggregation : List.of("hour", "day")) {
      Answer answer = fixture.readings(WS, "WS-1", "interfaces=AirTemp,Precipitation&startDate=" + start
          + "&endDate=" + end + "&aggregation=" + aggregation);
      ChronoUnit unit = aggregation.equals("hour") ? ChronoUnit.HOURS : ChronoUnit.DAYS;
      assertMatches(answer.array(), Map.of(
          "AirTemp", expected(AIR_TEMP, start, end, unit, ReadingsQueryTest::mean),
          "Precipitation", expected(PRECIPITATION, start, end, unit, ReadingsQueryTest::sum)));
    }
  }

  @Test
  void rollupsGiveTheSameDaysAsTheRawComputation() {
    String start = "2024-02-20T00:00:00Z";
    String end = "2024-04-09T23:59:59.999Z";
    Answer answer = fixture.readings(WS, "WS-1",
        "interfaces=AirTemp,Precipitation,GustSpeed&startDate=" + start + "&endDate=" + end + "&aggregation=day");
    assertThat(answer.array()).hasSize(50);
    assertMatches(answer.array(), Map.of(
        "AirTemp", expected(AIR_TEMP, start, end, ChronoUnit.DAYS, ReadingsQueryTest::mean),
        "Precipitation", expected(PRECIPITATION, start, end, ChronoUnit.DAYS, ReadingsQueryTest::sum),
        "GustSpeed", expected(GUST, start, end, ChronoUnit.DAYS, ReadingsQueryTest::max)));
  }

  @Test
  void autoPicksTheBucketFromThePeriodAndSaysWhich() {
    Answer threeDays = fixture.readings(WS, "WS-1",
        "interfaces=AirTemp&startDate=2024-03-01&endDate=2024-03-04&aggregation=auto");
    assertThat(threeDays.header("X-Aggregation")).isEqualTo("none");
    Answer month = fixture.readings(WS, "WS-1",
        "interfaces=AirTemp&startDate=2024-03-01&endDate=2024-03-20&aggregation=auto");
    assertThat(month.header("X-Aggregation")).isEqualTo("hour");
    assertThat(month.array()).hasSize(19 * 24 + 1);
    Answer year = fixture.readings(WS, "WS-1",
        "interfaces=AirTemp&startDate=2024-01-01&endDate=2024-12-31&aggregation=auto");
    assertThat(year.header("X-Aggregation")).isEqualTo("day");
    assertThat(fixture.readings(WS, "WS-1", "interfaces=AirTemp&startDate=2024-03-01&endDate=2024-03-02")
        .header("X-Aggregation")).isNull();
  }

  @Test
  void periodWithoutDataIsAnEmptyArray() {
    Answer answer = fixture.readings(WS, "WS-1", "interfaces=AirTemp&startDate=2023-01-01&endDate=2023-01-02");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("[]");
  }

  @Test
  void unknownConnectorIsAnEmptyArrayAndGatewayConnectorsAreReadable() {
    assertThat(fixture.readings(WS, "WS-1",
        "interfaces=AirTemp&connectorId=NOPE&startDate=2024-03-01&endDate=2024-03-05").body()).isEqualTo("[]");
    assertThat(fixture.readings(WS, "WS-1",
        "interfaces=AirTemp&connectorId=A7&startDate=2024-03-04&endDate=2024-03-05").array())
        .isEqualTo(new JsonArray().add(new JsonObject().put("timestamp",
            Instant.parse("2024-03-04T00:00:00Z").toEpochMilli()).put("AirTemp", 99.5)));
  }

  @Test
  void offsetsAreConvertedToUtcAndBareDatesMeanMidnight() {
    Answer offset = fixture.readings(WS, "WS-1",
        "interfaces=AirTemp&startDate=2024-03-01T02:00:00%2B02:00&endDate=2024-03-01T00:30:00");
    Answer utc = fixture.readings(WS, "WS-1",
        "interfaces=AirTemp&startDate=2024-03-01&endDate=2024-03-01T00:30:00Z");
    assertThat(offset.status()).isEqualTo(200);
    assertThat(offset.array()).hasSize(3).isEqualTo(utc.array());
  }

  @Test
  void csvIsTheSameTableWithAHeader() {
    Answer answer = fixture.readings(WS, "WS-1", "interfaces=Precipitation,AirTemp"
        + "&startDate=2024-03-01T00:00:00Z&endDate=2024-03-01T00:30:00Z", "Accept", "text/csv");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("text/csv");
    StringBuilder expected = new StringBuilder("timestamp,Precipitation,AirTemp\r\n");
    for (Point temp : between(AIR_TEMP, "2024-03-01T00:00:00Z", "2024-03-01T00:30:00Z")) {
      String rain = PRECIPITATION.stream().filter(p -> p.ts().equals(temp.ts())).findFirst()
          .map(p -> Double.toString(p.value())).orElse("");
      expected.append(temp.ts()).append(',').append(rain).append(',').append(temp.value())
          .append("\r\n");
    }
    assertThat(answer.body()).isEqualTo(expected.toString());
  }

  @Test
  void acceptOfAnotherTypeIs406() {
    Answer answer = fixture.readings(WS, "WS-1", "interfaces=AirTemp&startDate=2024-03-01&endDate=2024-03-02",
        "Accept", "application/xml");
    assertThat(answer.status()).isEqualTo(406);
    assertThat(fixture.readings(WS, "WS-1", "interfaces=AirTemp&startDate=2024-03-01&endDate=2024-03-02",
        "Accept", "application/json, application/problem+json").status()).isEqualTo(200);
  }

  @Test
  void aLargeResponseStreamsInChunks() throws Exception {
    var request = fixture.api.request("/api/devices/" + WS + "/WS-1/readings?interfaces=AirTemp"
        + "&startDate=2024-02-20&endDate=2024-04-10").header("Authorization", "ApiKey " + fixture.apiKey).build();
    HttpResponse<InputStream> response = HttpClient.newHttpClient().send(request,
        HttpResponse.BodyHandlers.ofInputStream());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Length")).isEmpty();
    long rows = 0;
    long bytes = 0;
    try (InputStream body = response.body()) {
      byte[] buffer = new byte[8192];
      for (int n; (n = body.read(buffer)) > 0; ) {
        bytes += n;
        for (int i = 0; i < n; i++) {
          if (buffer[i] == '{') {
            rows++;
          }
        }
      }
    }
    assertThat(rows).isEqualTo(AIR_TEMP.size());
    assertThat(bytes).isGreaterThan(100_000);
  }

  // --- the independent computation of expected values ---

  private static List<Point> between(List<Point> points, String start, String end) {
    Instant from = Instant.parse(start);
    Instant to = Instant.parse(end);
    return points.stream().filter(p -> !p.ts().isBefore(from) && !p.ts().isAfter(to)).toList();
  }

  private static Map<Long, Double> expected(List<Point> points, String start, String end, ChronoUnit unit,
      Function<List<Point>, Double> function) {
    Map<Long, List<Point>> buckets = new TreeMap<>();
    for (Point p : between(points, start, end)) {
      buckets.computeIfAbsent(bucketOf(p.ts(), unit), b -> new ArrayList<>()).add(p);
    }
    Map<Long, Double> values = new TreeMap<>();
    buckets.forEach((bucket, inBucket) -> values.put(bucket, function.apply(inBucket)));
    return values;
  }

  private static long bucketOf(Instant t, ChronoUnit unit) {
    ZonedDateTime utc = t.atZone(ZoneOffset.UTC);
    ZonedDateTime start = switch (unit) {
      case HOURS -> utc.truncatedTo(ChronoUnit.HOURS);
      case DAYS -> utc.truncatedTo(ChronoUnit.DAYS);
      case WEEKS -> utc.truncatedTo(ChronoUnit.DAYS).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      case MONTHS -> utc.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
      default -> throw new IllegalArgumentException();
    };
    return start.toInstant().toEpochMilli();
  }

  private static double mean(List<Point> points) {
    return points.stream().mapToDouble(Point::value).average().orElseThrow();
  }

  private static double sum(List<Point> points) {
    return points.stream().mapToDouble(Point::value).sum();
  }

  private static double max(List<Point> points) {
    return points.stream().mapToDouble(Point::value).max().orElseThrow();
  }

  private static double last(List<Point> points) {
    return points.get(points.size() - 1).value();
  }

  /**
   * Every row of the answer holds exactly the expected interfaces of its bucket, each the expected value served at
   * its interface's resolution: within half a resolution step (and floating-point rounding) of it.
   */
  private static void assertMatches(JsonArray rows, Map<String, Map<Long, Double>> expected) {
    TreeMap<Long, Map<String, Double>> byBucket = new TreeMap<>();
    expected.forEach((iface, values) -> values.forEach((bucket, value) ->
        byBucket.computeIfAbsent(bucket, b -> new TreeMap<>()).put(iface, value)));
    assertThat(rows.size()).isEqualTo(byBucket.size());
    int i = 0;
    for (Map.Entry<Long, Map<String, Double>> bucket : byBucket.entrySet()) {
      JsonObject row = rows.getJsonObject(i++);
      assertThat(row.getLong("timestamp")).isEqualTo(bucket.getKey());
      assertThat(row.fieldNames()).hasSize(bucket.getValue().size() + 1);
      bucket.getValue().forEach((iface, value) ->
          assertThat(row.getDouble(iface)).as(iface + " at " + Instant.ofEpochMilli(bucket.getKey()))
              .isCloseTo(value, within(0.5 * Math.pow(10, -InterfaceCatalog.of(iface).decimals())
                  + 1e-9 * Math.max(1, Math.abs(value)))));
    }
  }
}
