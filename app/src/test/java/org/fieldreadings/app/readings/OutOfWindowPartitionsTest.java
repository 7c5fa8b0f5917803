package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database that earlier versions filled with partitions for a typo's years (a line dated 2999 made one for every
 * month up to it) recovers at the next start: empty partitions outside the accepted window are dropped, partitions
 * holding readings are kept.
 */
class OutOfWindowPartitionsTest {

  @TempDir
  Path dataDir;

  @Test
  void emptyPartitionsOutsideTheWindowAreDroppedAtStartAndThoseWithReadingsKept() {
    JsonObject firstConfig = config();
    try (FieldReadingsServer first = FieldReadingsServer.start(firstConfig)) {
      DatabaseUrl database = database(firstConfig);
      for (int month = 1; month <= 12; month++) {
        TestPostgres.execute(database, String.format("CREATE TABLE readings.point_2999%02d PARTITION OF "
            + "readings.point FOR VALUES FROM ('2999-%02d-01 00:00Z') TO ('%s')", month, month,
            month == 12 ? "3000-01-01 00:00Z" : String.format("2999-%02d-01 00:00Z", month + 1)));
      }
      TestPostgres.execute(database, "CREATE TABLE readings.point_199901 PARTITION OF readings.point "
          + "FOR VALUES FROM ('1999-01-01 00:00Z') TO ('1999-02-01 00:00Z')");
      TestPostgres.execute(database, "INSERT INTO readings.point VALUES (1, '1999-01-15 00:00Z', 1)");
      assertThat(outsideTheWindow(database)).isEqualTo(13);
    }
    JsonObject secondConfig = config();
    try (FieldReadingsServer second = FieldReadingsServer.start(secondConfig)) {
      DatabaseUrl database = database(secondConfig);
      assertThat(outsideTheWindow(database)).isEqualTo(1);
      assertThat(TestPostgres.queryString(database, "SELECT to_regclass('readings.point_199901')::text"))
          .isEqualTo("readings.point_199901");
      assertThat(TestPostgres.queryString(database, "SELECT count(*) FROM readings.point")).isEqualTo("1");
    }
  }

  private JsonObject config() {
    return TestServers.config(dataDir, Map.of());
  }

  /** The embedded database a started server wrote into its configuration. */
  private static DatabaseUrl database(JsonObject startedConfig) {
    return DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(startedConfig));
  }

  private static long outsideTheWindow(DatabaseUrl database) {
    return Long.parseLong(TestPostgres.queryString(database, "SELECT count(*) FROM pg_inherits i "
        + "JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'readings.point'::regclass "
        + "AND (c.relname LIKE 'point_2999%' OR c.relname LIKE 'point_1999%')"));
  }
}
