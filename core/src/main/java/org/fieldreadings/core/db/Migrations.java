package org.fieldreadings.core.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.migration.JavaMigration;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Brings every module's schema up to date; runs once at start-up, before any verticle touches the database. */
public final class Migrations {

  private static final Logger LOG = LoggerFactory.getLogger(Migrations.class);

  /**
   * Applied migrations whose file changed afterwards in comments only, with the checksum Flyway recorded then and
   * the one of the file now: devices V1 named a contract document outside the repository, and now names
   * docs/api.md. Databases that applied the old text get the new checksum, so validation still guards every other
   * change.
   */
  private static final List<Reworded> REWORDED = List.of(new Reworded("devices", "1", -357699947, -89269390));

  private record Reworded(String schema, String version, int before, int after) {}

  private Migrations() {}

  public static void migrate(DatabaseUrl url, List<ModuleSchema> schemas) {
    checkConnection(url);
    for (ModuleSchema schema : schemas) {
      acceptRewordings(url, schema);
      log(schema, flyway(url, schema).load().migrate());
    }
  }

  /**
   * Fails with one line when the database cannot be reached as configured (a server without TLS under
   * {@code sslmode=require}, a certificate that does not verify, a wrong password), rather than Flyway's report.
   */
  private static void checkConnection(DatabaseUrl url) {
    try {
      DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password()).close();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot connect to the database of database.url, " + url + ": "
          + e.getMessage());
    }
  }

  private static void acceptRewordings(DatabaseUrl url, ModuleSchema schema) {
    List<Reworded> reworded = REWORDED.stream().filter(r -> r.schema().equals(schema.schema())).toList();
    if (reworded.isEmpty()) {
      return;
    }
    String history = schema.schema() + ".flyway_schema_history";
    try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
         Statement probe = connection.createStatement();
         ResultSet exists = probe.executeQuery("SELECT to_regclass('" + history + "') IS NOT NULL")) {
      exists.next();
      if (!exists.getBoolean(1)) {
        return;
      }
      for (Reworded r : reworded) {
        try (PreparedStatement update = connection.prepareStatement(
            "UPDATE " + history + " SET checksum = ? WHERE version = ? AND checksum = ?")) {
          update.setInt(1, r.after());
          update.setString(2, r.version());
          update.setInt(3, r.before());
          if (update.executeUpdate() > 0) {
            LOG.info("schema {} migration {}: checksum of its reworded comments recorded", schema.schema(),
                r.version());
          }
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the migration history of " + schema.schema() + ": "
          + e.getMessage(), e);
    }
  }

  /**
   * Brings each schema to exactly the given version (a restore rebuilds the schemas a backup was taken at); fails
   * when this build has no such migration, i.e. the backup comes from a newer version of the service. A schema the
   * backup does not have (a module newer than the backup) is left out: the next start creates it empty.
   */
  public static void migrateTo(DatabaseUrl url, List<ModuleSchema> schemas, Map<String, String> versions) {
    for (ModuleSchema schema : schemas) {
      String version = versions.get(schema.schema());
      if (version == null) {
        LOG.info("schema {} is not in the backup (it is newer): created empty at the next start", schema.schema());
        continue;
      }
      Flyway flyway = flyway(url, schema).target(version).load();
      boolean known = Arrays.stream(flyway.info().all())
          .anyMatch(m -> m.getVersion() != null && m.getVersion().getVersion().equals(version));
      if (!known) {
        throw new IllegalArgumentException("schema " + schema.schema() + " of the backup is at version " + version
            + ", which this version of the service does not know: restore with the version that took the backup");
      }
      log(schema, flyway.migrate());
    }
  }

  private static FluentConfiguration flyway(DatabaseUrl url, ModuleSchema schema) {
    return Flyway.configure()
        .dataSource(url.jdbcUrl(), url.user(), url.password())
        .schemas(schema.schema())
        .locations(schema.location())
        .javaMigrations(schema.javaMigrations().toArray(JavaMigration[]::new))
        .loggers("slf4j");
  }

  private static void log(ModuleSchema schema, MigrateResult result) {
    LOG.info("schema {} at version {} ({} migration(s) applied)", schema.schema(),
        result.targetSchemaVersion == null ? "current" : result.targetSchemaVersion, result.migrationsExecuted);
  }
}
