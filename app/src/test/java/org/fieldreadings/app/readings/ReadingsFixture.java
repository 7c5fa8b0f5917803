package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.PluginTestKit;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A running server with one entity, its key, and helpers to declare devices, import canonical CSV and ingest raw
 * payloads. A test class shares one as its static {@code @RegisterExtension} field ({@link #perClass}), or starts
 * its own with the constructor.
 */
final class ReadingsFixture implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

  private final Map<String, String> env;
  /** The data folder the fixture made for itself, per class; deleted once the server stops. */
  private Path ownDataDir;
  FieldReadingsServer server;
  DatabaseUrl database;
  TestHttp api;
  TestHttp admin;
  String adminToken;
  String entityId;
  String apiKey;
  /** The ingest key of each profile that {@link #push} uses. */
  private final Map<String, String> sampleKeys = new HashMap<>();

  /** A server started at once in {@code dataDir}, with {@code env} over the test configuration. */
  ReadingsFixture(Path dataDir, Map<String, String> env) throws Exception {
    this(env);
    start(dataDir);
  }

  private ReadingsFixture(Map<String, String> env) {
    this.env = env;
  }

  /**
   * The fixture of a test class: its server starts, in a folder of its own, before the class's {@code @BeforeAll}
   * methods and stops after its tests.
   */
  static ReadingsFixture perClass() {
    return new ReadingsFixture(Map.of());
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    ownDataDir = Files.createTempDirectory("readings-fixture");
    start(ownDataDir);
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    close();
    try (Stream<Path> paths = Files.walk(ownDataDir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  private void start(Path dataDir) throws Exception {
    // Readings tests query far faster than a key's rate limit allows (access tests cover the limit itself).
    Map<String, String> all = new HashMap<>(Map.of("FR_RATELIMIT_KEY_RPS", "100000", "FR_RATELIMIT_KEY_BURST",
        "100000"));
    all.putAll(env);
    JsonObject config = TestServers.config(dataDir, all);
    server = FieldReadingsServer.start(config);
    database = DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config));
    api = new TestHttp(server.httpPort());
    admin = new TestHttp(server.adminPort());
    adminToken = Files.readString(dataDir.resolve("admin.token"));
    Entity reader = newEntity("reader@example.com");
    entityId = reader.entityId();
    apiKey = reader.apiKey();
  }

  /** An entity of the admin API and its API key. */
  record Entity(String entityId, String apiKey) {}

  /** A new entity with its key. */
  Entity newEntity(String email) {
    String id = adminPost("/admin/entities", new JsonObject().put("email", email).encode(), "application/json").json()
        .getString("entityId");
    return new Entity(id, adminPost("/admin/entities/" + id + "/key", null, "application/json").json()
        .getString("apiKey"));
  }

  Answer adminPost(String path, String body, String contentType) {
    Answer answer = admin.post(path, body, "Authorization", "Bearer " + adminToken, "Content-Type", contentType);
    assertThat(answer.status()).as(path + " " + answer).isBetween(200, 299);
    return answer;
  }

  /** A JSON (or empty) PUT to the admin API that must succeed. */
  Answer adminPut(String path, String body) {
    Answer answer = admin.put(path, body, "Authorization", "Bearer " + adminToken, "Content-Type", "application/json");
    assertThat(answer.status()).as(path + " " + answer).isBetween(200, 299);
    return answer;
  }

  /** Imports canonical CSV rows (the header is added) and returns the import's answer. */
  JsonObject importCsv(String rows) {
    return adminPost("/admin/readings", "profile,serial,connectorId,interface,timestamp,value\n" + rows, "text/csv")
        .json();
  }

  /** A new ingest key for a profile, from the admin API. */
  String ingestKey(String profile) {
    return adminPost("/admin/ingest-keys", new JsonObject().put("profile", profile).encode(), "application/json")
        .json().getString("ingestKey");
  }

  /** Pushes a raw payload to the public ingest API with the given key. */
  Answer ingest(String profile, String key, String body, String contentType) {
    return api.post("/api/ingest/" + profile, body, "Authorization", "ApiKey " + key, "Content-Type", contentType);
  }

  /**
   * Pushes a plugin's sample with the fixture's ingest key of its profile (one per profile: a device is written by
   * the key that first reported it).
   */
  Answer push(PluginSample sample) throws IOException {
    String key = sampleKeys.computeIfAbsent(sample.profile(), this::ingestKey);
    return ingest(sample.profile(), key, sample.text(), sample.contentType());
  }

  /** Every reading of the sample's devices on its day, 2024-05-01 ({@link #readBack(String, String, String, String)}). */
  List<String> readBack(PluginSample sample) {
    List<String> lines = new ArrayList<>();
    for (String serial : sample.serials()) {
      lines.addAll(readBack(sample.profile(), serial, "2024-05-01", "2024-05-02"));
    }
    return lines;
  }

  /** Associates an (imported) device with the fixture's entity. */
  void assign(String profile, String serial) {
    Answer answer = admin.put("/admin/entities/" + entityId + "/devices/" + profile + "/" + serial, null,
        "Authorization", "Bearer " + adminToken);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(204);
  }

  Answer readings(String profile, String serial, String query, String... headers) {
    String[] all = new String[headers.length + 2];
    all[0] = "Authorization";
    all[1] = "ApiKey " + apiKey;
    System.arraycopy(headers, 0, all, 2, headers.length);
    return api.get("/api/devices/" + profile + "/" + serial + "/readings?" + query, all);
  }

  /** A device of the fixture's entity through the public API ({@code GET /api/devices/{profile}/{serial}}). */
  JsonObject device(String profile, String serial) {
    Answer answer = api.get("/api/devices/" + profile + "/" + serial, "Authorization", "ApiKey " + apiKey);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.json();
  }

  /**
   * Every reading of a device between two dates, through the public API (the device is assigned to the fixture's
   * entity first), as {@link PluginTestKit#readings} writes observations: {@code serial connectorId interface
   * timestamp value}.
   */
  List<String> readBack(String profile, String serial, String startDate, String endDate) {
    assign(profile, serial);
    List<String> lines = new ArrayList<>();
    for (Object item : device(profile, serial).getJsonArray("connectors")) {
      JsonObject connector = (JsonObject) item;
      List<String> interfaces = connector.getJsonArray("interfaces").stream().map(Object::toString).toList();
      Answer answer = readings(profile, serial, "connectorId=" + connector.getString("connectorId")
          + "&interfaces=" + String.join(",", interfaces) + "&startDate=" + startDate + "&endDate=" + endDate);
      assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
      for (Object row : answer.array()) {
        JsonObject reading = (JsonObject) row;
        String at = Instant.ofEpochMilli(reading.getLong("timestamp")).toString();
        interfaces.stream().filter(reading::containsKey).forEach(iface -> lines.add(String.join(" ", serial,
            connector.getString("connectorId"), iface, at, PluginTestKit.format(reading.getDouble(iface)))));
      }
    }
    return lines;
  }

  /** How many point blocks (series-days of readings) are stored. */
  long blocks() {
    return Long.parseLong(TestPostgres.queryString(database, "SELECT count(*) FROM readings.point_block"));
  }

  /** How many point blocks are stored for the UTC days from this instant's on. */
  long blocksFrom(String instant) {
    return Long.parseLong(TestPostgres.queryString(database,
        "SELECT count(*) FROM readings.point_block WHERE day >= ('" + instant
        + "'::timestamptz AT TIME ZONE 'UTC')::date"));
  }

  /** How many point blocks are stored for the UTC days before this instant's. */
  long blocksBefore(String instant) {
    return Long.parseLong(TestPostgres.queryString(database,
        "SELECT count(*) FROM readings.point_block WHERE day < ('" + instant
        + "'::timestamptz AT TIME ZONE 'UTC')::date"));
  }

  @Override
  public void close() {
    server.close();
  }

  /**
   * An aggregate as the API serves it: rounded to its interface's resolution (the interface catalog of docs/api.md),
   * halves away from zero.
   */
  static double aggregate(String iface, double value) {
    double scale = Math.pow(10, InterfaceCatalog.of(iface).decimals());
    double rounded = Math.round(Math.abs(value) * scale) / scale;
    return value < 0 && rounded != 0 ? -rounded : rounded;
  }
}
