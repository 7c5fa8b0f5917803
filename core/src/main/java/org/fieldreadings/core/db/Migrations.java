package org.fieldreadings.core.db;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Brings every module's schema up to date; runs once at start-up, before any verticle touches the database. */
public final class Migrations {

  private static final Logger LOG = LoggerFactory.getLogger(Migrations.class);

  private Migrations() {}

  public static void migrate(DatabaseUrl url, List<ModuleSchema> schemas) {
    for (ModuleSchema schema : schemas) {
      log(schema, flyway(url, schema).load().migrate());
    }
  }

  /**
   * Brings each schema to exactly the given version (a restore rebuilds the schemas a backup was taken at); fails
   * when this build has no such migration, i.e. the backup comes from a newer version of the service.
   */
  public static void migrateTo(DatabaseUrl url, List<ModuleSchema> schemas, Map<String, String> versions) {
    for (ModuleSchema schema : schemas) {
      String version = versions.get(schema.schema());
      if (version == null) {
        throw new IllegalArgumentException("the backup has no schema " + schema.schema());
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
        .loggers("slf4j");
  }

  private static void log(ModuleSchema schema, MigrateResult result) {
    LOG.info("schema {} at version {} ({} migration(s) applied)", schema.schema(),
        result.targetSchemaVersion == null ? "current" : result.targetSchemaVersion, result.migrationsExecuted);
  }
}
