package org.fieldreadings.core.db;

import java.util.List;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Brings every module's schema up to date; runs once at start-up, before any verticle touches the database. */
public final class Migrations {

  private static final Logger LOG = LoggerFactory.getLogger(Migrations.class);

  private Migrations() {}

  public static void migrate(DatabaseUrl url, List<ModuleSchema> schemas) {
    for (ModuleSchema schema : schemas) {
      MigrateResult result = Flyway.configure()
          .dataSource(url.jdbcUrl(), url.user(), url.password())
          .schemas(schema.schema())
          .locations(schema.location())
          .loggers("slf4j")
          .load()
          .migrate();
      LOG.info("schema {} at version {} ({} migration(s) applied)", schema.schema(),
          result.targetSchemaVersion == null ? "current" : result.targetSchemaVersion, result.migrationsExecuted);
    }
  }
}
