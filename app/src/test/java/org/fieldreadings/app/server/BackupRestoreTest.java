package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.fieldreadings.app.cli.FieldReadingsCommand;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.db.DatabaseBackup;
import org.fieldreadings.core.db.DatabaseRestore;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.EmbeddedPostgresServer;
import org.fieldreadings.core.db.Migrations;
import org.fieldreadings.core.db.ModuleSchema;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.fieldreadings.readings.block.Aggregates;
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;
import org.fieldreadings.readings.block.RollupBlock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code backup FILE} from a running server and {@code restore FILE} into a new data directory: every schema comes
 * back with the same content, the secrets with it, and a backup taken under writes is one consistent moment.
 */
class BackupRestoreTest {

  private static final List<String> SCHEMAS = List.of("access", "devices", "readings");

  @TempDir
  static Path dir;

  private static DatabaseUrl database;
  private static DatabaseUrl monthlyPartitions;
  private static FieldReadingsServer server;
  private static TestHttp admin;
  private static String adminToken;
  private static String apiKey;

  @BeforeAll
  static void startAndFill() throws Exception {
    database = TestPostgres.newDatabase();
    Path dataDir = dir.resolve("source");
    server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of("FR_DATABASE_URL", database.toConfigValue())));
    admin = new TestHttp(server.adminPort());
    adminToken = Files.readString(dataDir.resolve("admin.token"));
    String entityId = post("/admin/entities", "{\"email\": \"farm@example.com\", \"name\": \"Farm\"}").json()
        .getString("entityId");
    apiKey = post("/admin/entities/" + entityId + "/key", null).json().getString("apiKey");
    post("/admin/entities", "{\"email\": \"second@example.com\"}");
    new TestHttp(server.httpPort()).post("/api/access/token", "{\"email\": \"farm@example.com\"}",
        "Content-Type", "application/json");
    admin.put("/admin/devices/PROFILE_A/SM-1", "{\"group\": \"SOIL\", \"location\": {\"latitude\": 1.5, \"longitude\": 2.5}}",
        "Authorization", "Bearer " + adminToken, "Content-Type", "application/json");
    post("/admin/devices/PROFILE_A/SM-1/subscriptions", "{\"startDate\": \"2024-01-01\", \"endDate\": \"2024-12-31\"}");
    admin.put("/admin/entities/" + entityId + "/devices/PROFILE_A/SM-1", null, "Authorization", "Bearer " + adminToken);
    post("/admin/ingest-keys", "{\"profile\": \"PROFILE_B\"}");
    importCsv("SM-1", 0, 3000);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Answer post(String path, String body) {
    Answer answer = admin.post(path, body, "Authorization", "Bearer " + adminToken, "Content-Type",
        body != null && body.startsWith("profile,") ? "text/csv" : "application/json");
    assertThat(answer.status()).as(path + " " + answer).isBetween(200, 299);
    return answer;
  }

  /** {@code count} readings every 15 minutes from 2024-01-01 plus {@code offset} readings, over several months. */
  private static void importCsv(String serial, int offset, int count) {
    StringBuilder csv = new StringBuilder("profile,serial,connectorId,interface,timestamp,value\n");
    long start = java.time.Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
    for (int i = offset; i < offset + count; i++) {
      csv.append("PROFILE_A,").append(serial).append(",ORIGIN,SMmm10,").append(start + i * 900_000L).append(',')
          .append(i % 97).append('\n');
    }
    post("/admin/readings", csv.toString());
  }

  private static int run(String... args) {
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(new StringWriter(), true));
    StringWriter err = new StringWriter();
    commandLine.setErr(new PrintWriter(err, true));
    int exit = commandLine.execute(args);
    assertThat(exit).as(err.toString()).isZero();
    return exit;
  }

  @Test
  void aRestoredBackupHoldsEverySchemaWithTheSameContentAndTheSecrets() throws Exception {
    Path backup = dir.resolve("full.zip");
    run("backup", backup.toString(), "--data-dir", dir.resolve("source").toString());
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(backup))).isEqualTo("rw-------");

    Path restored = dir.resolve("restored");
    run("restore", backup.toString(), "--data-dir", restored.toString());

    assertThat(Files.readString(restored.resolve("admin.token"))).isEqualTo(adminToken);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(restored.resolve("master.key"))))
        .isEqualTo("rw-------");
    try (EmbeddedPostgresServer copy = EmbeddedPostgresServer.start(restored.resolve("pg"))) {
      assertThat(contents(copy.url())).isEqualTo(contents(database)).containsKey("readings.point_block");
    }
    try (FieldReadingsServer second = FieldReadingsServer.start(TestServers.config(restored, Map.of()))) {
      Answer readings = new TestHttp(second.httpPort()).get("/api/devices/PROFILE_A/SM-1/readings?interfaces=SMmm10"
          + "&startDate=2024-01-01&endDate=2024-02-01&aggregation=month", "Authorization", "ApiKey " + apiKey);
      assertThat(readings.status()).isEqualTo(200);
      assertThat(readings.array().getJsonObject(0).getDouble("SMmm10")).isPositive();
    }
  }

  @Test
  void aBackupTakenWhileReadingsAreWrittenIsOneConsistentMoment() throws Exception {
    AtomicBoolean writing = new AtomicBoolean(true);
    Thread writer = new Thread(() -> {
      for (int part = 0; writing.get() && part < 200; part++) {
        importCsv("SM-LIVE", part * 500, 500);
      }
    });
    writer.start();
    Path backup = dir.resolve("live.zip");
    try {
      Thread.sleep(300);
      run("backup", backup.toString(), "--data-dir", dir.resolve("source").toString());
    } finally {
      writing.set(false);
      writer.join();
    }
    Path restored = dir.resolve("live");
    run("restore", backup.toString(), "--data-dir", restored.toString());
    try (EmbeddedPostgresServer copy = EmbeddedPostgresServer.start(restored.resolve("pg"));
         Connection connection = connect(copy.url());
         Statement statement = connection.createStatement()) {
      long points = 0;
      try (ResultSet rows = statement.executeQuery(
          "SELECT day - date '1970-01-01', data FROM readings.point_block")) {
        while (rows.next()) {
          Points day = new Points();
          PointBlock.decode(rows.getBytes(2), rows.getInt(1) * PointBlock.DAY, day);
          points += day.size();
        }
      }
      assertThat(points).isPositive();
      assertThat(rolledUp(statement, BlockKind.HOURS)).isEqualTo(points);
      assertThat(rolledUp(statement, BlockKind.DAYS)).isEqualTo(points);
    }
  }

  /** How many readings the blocks of {@code rollup} count. */
  private static long rolledUp(Statement statement, BlockKind rollup) throws SQLException {
    long n = 0;
    try (ResultSet rows = statement.executeQuery("SELECT " + rollup.key() + " - date '1970-01-01', data FROM "
        + rollup.table())) {
      while (rows.next()) {
        Aggregates block = RollupBlock.decode(rows.getBytes(2), rows.getInt(1) * PointBlock.DAY, rollup.width());
        for (int i = 0; i < block.size(); i++) {
          n += block.n(i);
        }
      }
    }
    return n;
  }

  @Test
  void restoreRefusesADataDirectoryThatIsNotEmpty() throws Exception {
    Path backup = dir.resolve("refused.zip");
    run("backup", backup.toString(), "--data-dir", dir.resolve("source").toString());
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    StringWriter err = new StringWriter();
    commandLine.setErr(new PrintWriter(err, true));

    int exit = commandLine.execute("restore", backup.toString(), "--data-dir", dir.resolve("source").toString());

    assertThat(exit).isEqualTo(1);
    assertThat(err.toString()).isEqualTo("error: " + dir.resolve("source") + " is not empty: restore into a new or "
        + "empty data directory (with the server stopped)" + System.lineSeparator());
  }

  @Test
  void aBackupOfTheMonthlyPartitionLayoutComesBackWithItsPartitionsAndRows() throws Exception {
    DatabaseUrl restored = TestPostgres.newDatabase();
    try (InputStream backup = Files.newInputStream(monthlyPartitionBackup())) {
      DatabaseRestore.restore(backup, restored, FieldReadingsServer.MODULES.stream().map(FieldModule::schema).toList());
    }

    assertThat(contents(restored)).isEqualTo(contents(monthlyPartitions))
        .containsEntry("partition readings.point_202401 FOR VALUES FROM ('2024-01-01 00:00:00+00') TO "
            + "('2024-02-01 00:00:00+00')", "");
    assertThat(TestPostgres.queryString(restored, "SELECT value FROM readings.point_202401")).isEqualTo("1.678");
  }

  @Test
  void restoreRefusesAPartitionBoundThatIsNotARangeOfTimestamps() throws Exception {
    Path marker = Path.of("/tmp/pwned-" + UUID.randomUUID());
    Path backup = tampered(monthlyPartitionBackup(), "bound.zip", manifest -> manifest.getJsonArray("partitions")
        .getJsonObject(0).put("bound", "FOR VALUES FROM ('2024-01-01 00:00:00+00') TO ('2024-02-01 00:00:00+00'); "
            + "COPY (SELECT 1) TO PROGRAM 'touch " + marker + "'"));
    Path target = dir.resolve("bound-target");

    assertThat(refusedRestore(backup, target)).isEqualTo("error: the backup has a partition bound that is not a range "
        + "of two timestamps" + System.lineSeparator());
    assertThat(marker).doesNotExist();
    assertThat(target).isEmptyDirectory();
  }

  /**
   * A backup of the readings schema's first layout, points in monthly partitions ({@link #monthlyPartitions}):
   * PostgreSQL's own text of a partition bound, in the manifest.
   */
  private static synchronized Path monthlyPartitionBackup() throws Exception {
    Path backup = dir.resolve("monthly.zip");
    if (monthlyPartitions == null) {
      // That layout predates the push module: its backups have no push schema, which a restore creates empty.
      List<ModuleSchema> schemas = FieldReadingsServer.MODULES.stream().map(FieldModule::schema)
          .filter(schema -> !schema.schema().equals("push")).toList();
      monthlyPartitions = TestPostgres.newDatabase();
      Migrations.migrateTo(monthlyPartitions, schemas, Map.of("access", "2", "devices", "2", "readings", "1"));
      TestPostgres.execute(monthlyPartitions, "CREATE TABLE readings.point_202401 PARTITION OF readings.point FOR "
          + "VALUES FROM ('2024-01-01 00:00:00+00') TO ('2024-02-01 00:00:00+00');"
          + "INSERT INTO readings.series (device_id, connector_id, interface) VALUES (1, 'ORIGIN', 'SMmm10');"
          + "INSERT INTO readings.point SELECT series_id, '2024-01-15T12:00:00Z', 1.678 FROM readings.series");
      try (OutputStream out = Files.newOutputStream(backup)) {
        DatabaseBackup.write(monthlyPartitions, schemas, Map.of(), "test", out);
      }
    }
    return backup;
  }

  @Test
  void restoreRefusesAPartitionWhoseParentIsNotAPartitionedTableOfTheService() throws Exception {
    Path marker = Path.of("/tmp/pwned-" + UUID.randomUUID());
    Path backup = tampered("parent.zip", manifest -> manifest.getJsonArray("partitions").add(new JsonObject()
        .put("schema", "readings").put("name", "series")
        .put("parent", "readings.series DEFAULT; COPY (SELECT 1) TO PROGRAM 'touch " + marker + "'; --")
        .put("bound", "FOR VALUES FROM ('2024-01-01 00:00:00+00') TO ('2024-02-01 00:00:00+00')")));
    Path target = dir.resolve("parent-target");

    assertThat(refusedRestore(backup, target)).isEqualTo("error: the backup names a partition of a table that is not "
        + "one of the service's partitioned tables" + System.lineSeparator());
    assertThat(marker).doesNotExist();
    assertThat(target).isEmptyDirectory();
  }

  @Test
  void restoreRefusesATableThatIsNotOneOfTheService() throws Exception {
    Path marker = Path.of("/tmp/pwned-" + UUID.randomUUID());
    String name = "series\" FROM STDIN; COPY (SELECT 1) TO PROGRAM 'touch " + marker + "'; --";
    Path backup = tampered("table.zip", manifest -> manifest.getJsonArray("tables").getJsonObject(0)
        .put("name", name));
    Path target = dir.resolve("table-target");

    assertThat(refusedRestore(backup, target)).startsWith("error: the backup names a table that is not one of the "
        + "service's: access.series\" FROM STDIN; COPY (SELECT 1) TO PROGRAM 'touch /tmp/pwned-");
    assertThat(marker).doesNotExist();
    assertThat(target).isEmptyDirectory();
  }

  @Test
  void restoreRefusesAColumnThatTheTableDoesNotHave() throws Exception {
    Path backup = tampered("column.zip", manifest -> manifest.getJsonArray("tables").getJsonObject(0)
        .getJsonArray("columns").add("x\") FROM STDIN; SELECT 1; --"));
    Path target = dir.resolve("column-target");

    assertThat(refusedRestore(backup, target)).isEqualTo("error: the backup names columns that table "
        + manifestTable(backup) + " does not have" + System.lineSeparator());
    assertThat(target).isEmptyDirectory();
  }

  /** A backup of the running server whose manifest {@code change} edits. */
  private static Path tampered(String name, Consumer<JsonObject> change) throws Exception {
    Path genuine = dir.resolve("genuine-" + name);
    run("backup", genuine.toString(), "--data-dir", dir.resolve("source").toString());
    return tampered(genuine, name, change);
  }

  /** {@code genuine} with its manifest edited by {@code change}. */
  private static Path tampered(Path genuine, String name, Consumer<JsonObject> change) throws Exception {
    Path tampered = dir.resolve(name);
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(genuine));
         ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(tampered))) {
      for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
        out.putNextEntry(new ZipEntry(entry.getName()));
        byte[] content = in.readAllBytes();
        if (entry.getName().equals("backup.json")) {
          JsonObject manifest = new JsonObject(new String(content, StandardCharsets.UTF_8));
          change.accept(manifest);
          content = manifest.encode().getBytes(StandardCharsets.UTF_8);
        }
        out.write(content);
      }
    }
    return tampered;
  }

  /** The first table of a backup's manifest, as schema.name. */
  private static String manifestTable(Path backup) throws Exception {
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(backup))) {
      in.getNextEntry();
      JsonObject table = new JsonObject(new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .getJsonArray("tables").getJsonObject(0);
      return table.getString("schema") + "." + table.getString("name");
    }
  }

  /** Runs a restore that must fail with exit code 1; its standard error. */
  private static String refusedRestore(Path backup, Path target) {
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(new StringWriter(), true));
    StringWriter err = new StringWriter();
    commandLine.setErr(new PrintWriter(err, true));
    assertThat(commandLine.execute("restore", backup.toString(), "--data-dir", target.toString())).as(err.toString())
        .isEqualTo(1);
    return err.toString();
  }

  /**
   * Per table of the three schemas (partitions through their parent): row count and a digest of every row. The
   * nodes' heartbeats ({@code access.cluster_node}) are liveness, rewritten every few seconds by the running node,
   * not content.
   */
  private static Map<String, String> contents(DatabaseUrl url) throws SQLException {
    Map<String, String> contents = new TreeMap<>();
    try (Connection connection = connect(url); Statement statement = connection.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rows = statement.executeQuery("""
          SELECT n.nspname || '.' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname IN ('access', 'devices', 'readings') AND c.relkind IN ('r', 'p') AND NOT c.relispartition
            AND c.relname NOT IN ('flyway_schema_history', 'cluster_node')""")) {
        while (rows.next()) {
          tables.add(rows.getString(1));
        }
      }
      for (String table : tables) {
        try (ResultSet rows = statement.executeQuery("SELECT count(*) || ' ' || md5(coalesce(string_agg(t::text, "
            + "E'\\n' ORDER BY t::text), '')) FROM " + table + " t")) {
          rows.next();
          contents.put(table, rows.getString(1));
        }
      }
      try (ResultSet rows = statement.executeQuery("""
          SELECT n.nspname || '.' || c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid)
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname IN ('access', 'devices', 'readings') AND c.relispartition""")) {
        while (rows.next()) {
          contents.put("partition " + rows.getString(1), "");
        }
      }
      for (String schema : SCHEMAS) {
        try (ResultSet rows = statement.executeQuery("SELECT string_agg(version || ' ' || checksum, ',' ORDER BY "
            + "installed_rank) FROM " + schema + ".flyway_schema_history WHERE success")) {
          rows.next();
          contents.put(schema + " migrations", rows.getString(1));
        }
      }
    }
    return contents;
  }

  private static Connection connect(DatabaseUrl url) throws SQLException {
    return DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
  }
}
