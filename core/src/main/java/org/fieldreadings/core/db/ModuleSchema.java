package org.fieldreadings.core.db;

import java.util.List;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * The PostgreSQL schema a module owns. Its Flyway migrations live in {@code db/<schema>/} on the classpath, plus
 * those written in Java (data conversions that need the module's code), and its migration history in
 * {@code <schema>.flyway_schema_history}, so modules migrate independently.
 */
public record ModuleSchema(String schema, List<JavaMigration> javaMigrations) {

  public ModuleSchema(String schema) {
    this(schema, List.of());
  }

  public String location() {
    return "classpath:db/" + schema;
  }
}
