package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.fieldreadings.access.AccessModule;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Migrations;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.fieldreadings.devices.DevicesModule;
import org.fieldreadings.plugin.api.AggregationFunction;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.readings.ReadingsModule;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A database written by the previous version (schema readings at V1: monthly partitions of {@code readings.point}
 * and the {@code rollup_hour}/{@code rollup_day} rows its writer kept) is converted when a server starts on it: the
 * readings come back through the API exactly as independently computed from the points put in, and the old tables
 * are gone.
 */
class OldLayoutMigrationTest {

  private static final String WS = "REAL_WEATHER_STATION";
  private static final String SERIAL = "WS-OLD";
  /** Another station whose series is numbered first, so a mix-up of series ids shows. */
  private static final String NEIGHBOUR = "WS-NEXT";
  private static final Instant FROM = Instant.parse("2024-03-27T00:00:00Z");
  private static final Instant TO = Instant.parse("2024-05-08T00:00:00Z");
  private static final String PERIOD = "&startDate=" + FROM + "&endDate=2024-05-07T23:59:59.999Z";
  private static final List<String> INTERFACES = List.of("AirTemp", "Precipitation", "WindDir");

  @TempDir
  static Path dataDir;

  private static DatabaseUrl database;
  private static ReadingsFixture fixture;
  /** The old points of WS-OLD by interface, each by epoch millisecond; the neighbour's likewise. */
  private static final Map<String, TreeMap<Long, Double>> POINTS = new LinkedHashMap<>();
  private static final TreeMap<Long, Double> NEIGHBOUR_POINTS = new TreeMap<>();

  @BeforeAll
  static void startOnAnOldDatabase() throws Exception {
    generatePoints();
    database = TestPostgres.newDatabase();
    Migrations.migrateTo(database, List.of(AccessModule.SCHEMA, DevicesModule.SCHEMA, ReadingsModule.SCHEMA),
        Map.of("access", "2", "devices", "2", "readings", "1"));
    writeAsTheOldServiceDid();
    fixture = new ReadingsFixture(dataDir, Map.of("FR_DATABASE_URL", database.toConfigValue()));
    fixture.assign(WS, SERIAL);
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  @Test
  void rawReadingsAreTheOldPointsExactly() {
    Answer answer = fixture.readings(WS, SERIAL, "interfaces=" + String.join(",", INTERFACES) + PERIOD);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    TreeMap<Long, JsonObject> rows = new TreeMap<>();
    POINTS.forEach((iface, values) -> values.forEach((t, value) ->
        rows.computeIfAbsent(t, at -> new JsonObject().put("timestamp", at)).put(iface, value)));
    assertThat(answer.array()).isEqualTo(new JsonArray(new ArrayList<>(rows.values())));
  }

  @ParameterizedTest
  @ValueSource(strings = {"hour", "day", "week", "month"})
  void aggregatesAreThoseOfTheOldPoints(String aggregation) {
    Answer answer = fixture.readings(WS, SERIAL,
        "interfaces=" + String.join(",", INTERFACES) + PERIOD + "&aggregation=" + aggregation);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    Map<String, Map<Long, Double>> expected = new LinkedHashMap<>();
    POINTS.forEach((iface, points) -> expected.put(iface, aggregated(iface, points, aggregation)));
    assertAggregates(answer.array(), expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"hour", "day"})
  void bucketsCutByTheWindowCountOnlyTheOldPointsInside(String aggregation) {
    Instant start = Instant.parse("2024-04-03T10:30:00Z");
    Instant end = Instant.parse("2024-04-20T13:14:00Z");
    Answer answer = fixture.readings(WS, SERIAL, "interfaces=" + String.join(",", INTERFACES) + "&startDate="
        + start + "&endDate=" + end + "&aggregation=" + aggregation);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    Map<String, Map<Long, Double>> expected = new LinkedHashMap<>();
    POINTS.forEach((iface, points) -> expected.put(iface, aggregated(iface,
        points.subMap(start.toEpochMilli(), true, end.toEpochMilli(), true), aggregation)));
    assertAggregates(answer.array(), expected);
  }

  @Test
  void theOldTablesAndEveryPartitionAreDropped() {
    for (String table : List.of("point", "rollup_hour", "rollup_day", "point_202403", "point_202404",
        "point_202405", "point_299901")) {
      assertThat(TestPostgres.queryString(database, "SELECT to_regclass('readings." + table + "')"))
          .as(table).isNull();
    }
  }

  @Test
  void theReadingsSchemaIsAtVersion4() {
    assertThat(TestPostgres.queryString(database,
        "SELECT version FROM readings.flyway_schema_history WHERE success ORDER BY installed_rank DESC LIMIT 1"))
        .isEqualTo("4");
  }

  @Test
  void theBlocksHoldEveryOldReadingWithItsExactTimeAndValue() throws SQLException {
    Map<String, TreeMap<Long, Double>> decoded = new TreeMap<>();
    long count = 0;
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("""
            SELECT d.serial, s.interface, b.day - date '1970-01-01', b.data
            FROM readings.point_block b JOIN readings.series s USING (series_id)
            JOIN devices.device d USING (device_id)""")) {
      while (rows.next()) {
        Points day = new Points();
        PointBlock.decode(rows.getBytes(4), rows.getInt(3) * PointBlock.DAY, day);
        TreeMap<Long, Double> series = decoded.computeIfAbsent(rows.getString(1) + " " + rows.getString(2),
            k -> new TreeMap<>());
        for (int i = 0; i < day.size(); i++) {
          series.put(day.time(i), day.value(i));
        }
        count += day.size();
      }
    }
    Map<String, TreeMap<Long, Double>> inserted = new TreeMap<>();
    POINTS.forEach((iface, points) -> inserted.put(SERIAL + " " + iface, points));
    inserted.put(NEIGHBOUR + " AirTemp", NEIGHBOUR_POINTS);
    assertThat(count).isEqualTo(inserted.values().stream().mapToLong(Map::size).sum());
    // Map equality compares values with Double.equals: bit for bit, 1/3 included.
    assertThat(decoded).isEqualTo(inserted);
  }

  @Test
  void latestValuesAreTheNewestOldPointOfEachSeries() {
    Answer answer = fixture.api.get("/api/devices/" + WS + "/" + SERIAL + "/latest",
        "Authorization", "ApiKey " + fixture.apiKey);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    JsonArray expected = new JsonArray();
    POINTS.keySet().stream().sorted(Comparator.comparingInt(iface -> InterfaceCatalog.of(iface).position()))
        .forEach(iface -> {
          Map.Entry<Long, Double> newest = POINTS.get(iface).lastEntry();
          expected.add(new JsonObject().put("connectorId", "ORIGIN").put("interface", iface)
              .put("timestamp", newest.getKey()).put("value", newest.getValue()));
        });
    assertThat(answer.array()).isEqualTo(expected);
    assertThat(TestPostgres.queryString(database, "SELECT count(latest_ts) FROM readings.series")).isEqualTo("4");
  }

  // --- the old database, as the previous version's writer left it ---

  /**
   * Half-hourly air temperatures and two-hourly rain with up to three decimals, and wind directions around north
   * at irregular times to the millisecond, some of them no short decimal (1/3) and some on the last and first
   * millisecond of a month.
   */
  private static void generatePoints() {
    TreeMap<Long, Double> airTemp = new TreeMap<>();
    TreeMap<Long, Double> rain = new TreeMap<>();
    TreeMap<Long, Double> wind = new TreeMap<>();
    int i = 0;
    for (Instant t = FROM; t.isBefore(TO); t = t.plus(30, ChronoUnit.MINUTES), i++) {
      airTemp.put(t.toEpochMilli(), Math.round((6 + 11 * Math.sin(i / 30.0) + (i % 5) * 0.037) * 1000) / 1000.0);
      if (i % 4 == 0) {
        rain.put(t.toEpochMilli(), i % 12 == 0 ? (i * 389 % 1600) / 1000.0 : 0.0);
      }
      if (i % 12 == 0) {
        NEIGHBOUR_POINTS.put(t.toEpochMilli(), 100 + i % 7 * 0.5);
      }
    }
    Random random = new Random(14);
    int k = 0;
    for (long t = FROM.toEpochMilli() + random.nextInt(3_600_000); t < TO.toEpochMilli();
        t += 420_000 + random.nextInt(6_360_000), k++) {
      double degrees = k % 17 == 0 ? 1.0 / 3 : k % 29 == 0 ? 360 - 1.0 / 3
          : Math.round(((k * 23.7 % 70) + 325) % 360 * 1000) / 1000.0;
      wind.put(t, degrees);
    }
    wind.put(Instant.parse("2024-04-30T23:59:59.999Z").toEpochMilli(), 355.125);
    wind.put(Instant.parse("2024-05-01T00:00:00Z").toEpochMilli(), 2.0 / 3);
    POINTS.put("AirTemp", airTemp);
    POINTS.put("Precipitation", rain);
    POINTS.put("WindDir", wind);
  }

  /**
   * The devices, their learned connectors, the series, the monthly partitions (and one empty one far ahead), the
   * points and the rollups the old writer computed from them with SQL aggregates in a UTC session.
   */
  private static void writeAsTheOldServiceDid() throws SQLException {
    try (Connection connection = connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(false);
      statement.execute("SET TIME ZONE 'UTC'");
      long neighbour = device(connection, NEIGHBOUR, List.of("AirTemp"));
      long device = device(connection, SERIAL, INTERFACES);
      int neighbourSeries = series(connection, neighbour, "AirTemp");
      TreeSet<YearMonth> months = new TreeSet<>(List.of(YearMonth.of(2999, 1)));
      try (PreparedStatement insert = connection.prepareStatement(
          "INSERT INTO readings.point (series_id, ts, value) VALUES (?, ?, ?)")) {
        Map<Integer, TreeMap<Long, Double>> bySeries = new LinkedHashMap<>();
        bySeries.put(neighbourSeries, NEIGHBOUR_POINTS);
        for (String iface : INTERFACES) {
          bySeries.put(series(connection, device, iface), POINTS.get(iface));
        }
        bySeries.forEach((id, points) -> points.keySet().forEach(t ->
            months.add(YearMonth.from(Instant.ofEpochMilli(t).atZone(ZoneOffset.UTC)))));
        for (YearMonth month : months) {
          statement.execute(String.format("CREATE TABLE readings.point_%04d%02d PARTITION OF readings.point"
              + " FOR VALUES FROM ('%s') TO ('%s')", month.getYear(), month.getMonthValue(),
              month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant(),
              month.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant()));
        }
        for (Map.Entry<Integer, TreeMap<Long, Double>> series : bySeries.entrySet()) {
          for (Map.Entry<Long, Double> point : series.getValue().entrySet()) {
            insert.setInt(1, series.getKey());
            insert.setObject(2, OffsetDateTime.ofInstant(Instant.ofEpochMilli(point.getKey()), ZoneOffset.UTC));
            insert.setDouble(3, point.getValue());
            insert.addBatch();
          }
        }
        insert.executeBatch();
      }
      for (String span : List.of("hour", "day")) {
        statement.execute("""
            INSERT INTO readings.rollup_%1$s (series_id, bucket, n, sum, min, max, last_ts, last_value, sin_sum,
              cos_sum)
            SELECT series_id, date_trunc('%1$s', ts), count(*), sum(value), min(value), max(value), max(ts),
              (array_agg(value ORDER BY ts DESC))[1], sum(sin(radians(value))), sum(cos(radians(value)))
            FROM readings.point GROUP BY 1, 2""".formatted(span));
      }
      connection.commit();
    }
    assertThat(TestPostgres.queryString(database, "SELECT count(*) FROM readings.point_299901")).isEqualTo("0");
  }

  /** A device with the interfaces its ORIGIN connector was learned to carry; answers its id. */
  private static long device(Connection connection, String serial, List<String> interfaces) throws SQLException {
    long id;
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO devices.device (profile, serial) VALUES (?::devices.device_profile, ?) RETURNING device_id")) {
      insert.setString(1, WS);
      insert.setString(2, serial);
      try (ResultSet rows = insert.executeQuery()) {
        rows.next();
        id = rows.getLong(1);
      }
    }
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO devices.connector_interface (device_id, connector_id, interface) VALUES (?, 'ORIGIN', ?)")) {
      for (String iface : interfaces) {
        insert.setLong(1, id);
        insert.setString(2, iface);
        insert.addBatch();
      }
      insert.executeBatch();
    }
    return id;
  }

  private static int series(Connection connection, long device, String iface) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO readings.series (device_id,"
        + " connector_id, interface) VALUES (?, 'ORIGIN', ?) RETURNING series_id")) {
      insert.setLong(1, device);
      insert.setString(2, iface);
      try (ResultSet rows = insert.executeQuery()) {
        rows.next();
        return rows.getInt(1);
      }
    }
  }

  private static Connection connect() throws SQLException {
    return DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
  }

  // --- the independent computation of expected values ---

  /** Each UTC bucket's value of the interface's aggregation function. */
  private static Map<Long, Double> aggregated(String iface, Map<Long, Double> points, String aggregation) {
    Map<Long, List<Double>> buckets = new TreeMap<>();
    points.forEach((t, value) -> buckets.computeIfAbsent(bucketOf(t, aggregation), b -> new ArrayList<>()).add(value));
    Map<Long, Double> values = new TreeMap<>();
    buckets.forEach((bucket, inBucket) -> values.put(bucket, switch (InterfaceCatalog.of(iface).aggregation()) {
      case MEAN -> inBucket.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
      case SUM -> inBucket.stream().mapToDouble(Double::doubleValue).sum();
      case CIRCULAR_MEAN -> circularMean(inBucket);
      default -> throw new IllegalArgumentException(iface);
    }));
    return values;
  }

  private static long bucketOf(long time, String aggregation) {
    ZonedDateTime utc = Instant.ofEpochMilli(time).atZone(ZoneOffset.UTC);
    ZonedDateTime start = switch (aggregation) {
      case "hour" -> utc.truncatedTo(ChronoUnit.HOURS);
      case "day" -> utc.truncatedTo(ChronoUnit.DAYS);
      case "week" -> utc.truncatedTo(ChronoUnit.DAYS).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      case "month" -> utc.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
      default -> throw new IllegalArgumentException(aggregation);
    };
    return start.toInstant().toEpochMilli();
  }

  /** The direction of the summed unit vectors, in degrees within [0, 360). */
  private static double circularMean(List<Double> degrees) {
    double sines = 0;
    double cosines = 0;
    for (double d : degrees) {
      sines += Math.sin(Math.toRadians(d));
      cosines += Math.cos(Math.toRadians(d));
    }
    double mean = Math.toDegrees(Math.atan2(sines, cosines));
    return mean < 0 ? mean + 360 : mean;
  }

  /**
   * The answer has one row per expected timestamp, in order, holding exactly the interfaces expected there, each
   * the expected aggregate as served at its interface's resolution ({@link ReadingsFixture#aggregate}). Where the value
   * lies halfway between two steps (up to floating-point noise, which differs with the order of summation), either
   * step is right.
   */
  private static void assertAggregates(JsonArray rows, Map<String, ? extends Map<Long, Double>> expected) {
    TreeMap<Long, Map<String, Double>> byTime = new TreeMap<>();
    expected.forEach((iface, values) -> values.forEach((t, value) ->
        byTime.computeIfAbsent(t, b -> new TreeMap<>()).put(iface, value)));
    assertThat(rows.size()).isEqualTo(byTime.size());
    int i = 0;
    for (Map.Entry<Long, Map<String, Double>> moment : byTime.entrySet()) {
      JsonObject row = rows.getJsonObject(i++);
      assertThat(row.getLong("timestamp")).isEqualTo(moment.getKey());
      assertThat(row.fieldNames()).hasSize(moment.getValue().size() + 1);
      moment.getValue().forEach((iface, value) -> {
        double scale = Math.pow(10, InterfaceCatalog.of(iface).decimals());
        double scaled = value * scale;
        List<Double> steps = Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6
            ? List.of(Math.floor(scaled) / scale, Math.ceil(scaled) / scale)
            : List.of(ReadingsFixture.aggregate(iface, value));
        assertThat(row.getDouble(iface)).as(iface + " at " + Instant.ofEpochMilli(moment.getKey()))
            .isIn(steps.stream().map(step -> normalized(iface, step)).toList());
      });
    }
  }

  /**
   * A step as the API serves it: a direction of 360 (a mean just below it, such as 1/3 and 360 - 1/3 make) is
   * north, 0; and -0.0 is 0.0.
   */
  private static double normalized(String iface, double step) {
    boolean circular = InterfaceCatalog.of(iface).aggregation() == AggregationFunction.CIRCULAR_MEAN;
    return (circular && step == 360 ? 0 : step) + 0.0;
  }
}
