package org.fieldreadings.core.db;

/**
 * The PostgreSQL schema a module owns. Its Flyway migrations live in {@code db/<schema>/} on the classpath and
 * its migration history in {@code <schema>.flyway_schema_history}, so modules migrate independently.
 */
public record ModuleSchema(String schema) {
  public String location() {
    return "classpath:db/" + schema;
  }
}
