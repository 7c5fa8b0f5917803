package org.fieldreadings.core.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tables the module migrations created, read from a freshly migrated database's catalog: what a restore checks
 * every name of a backup's manifest against before any of them reaches SQL.
 */
final class ModuleTables {

  private static final String CATALOG = """
      SELECT n.nspname, c.relname, c.relkind = 'p' AS partitioned,
             ARRAY(SELECT a.attname::text FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '')
               AS columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY(?) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname <> 'flyway_schema_history'
      """;

  /** A partition's name as the service makes them ({@code point_202401}): lower-case letters, digits, underscores. */
  private static final String PARTITION_NAME = "[a-z0-9_]{1,63}";

  private record Name(String schema, String table) {}

  private final Map<Name, Set<String>> columns;
  private final Set<Name> partitioned;

  private ModuleTables(Map<Name, Set<String>> columns, Set<Name> partitioned) {
    this.columns = columns;
    this.partitioned = partitioned;
  }

  static ModuleTables read(Connection connection, List<ModuleSchema> schemas) throws SQLException {
    Map<Name, Set<String>> columns = new HashMap<>();
    Set<Name> partitioned = new HashSet<>();
    try (PreparedStatement statement = connection.prepareStatement(CATALOG)) {
      statement.setArray(1, connection.createArrayOf("text",
          schemas.stream().map(ModuleSchema::schema).toArray()));
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          Name name = new Name(rows.getString("nspname"), rows.getString("relname"));
          columns.put(name, Set.of((String[]) rows.getArray("columns").getArray()));
          if (rows.getBoolean("partitioned")) {
            partitioned.add(name);
          }
        }
      }
    }
    return new ModuleTables(columns, partitioned);
  }

  /** Refuses a table that is not one of the modules', or columns it does not have. */
  void check(BackupArchive.Table table) {
    Set<String> known = columns.get(new Name(table.schema(), table.name()));
    if (known == null) {
      throw new IllegalArgumentException("the backup names a table that is not one of the service's: "
          + printable(table.schema() + "." + table.name()));
    }
    if (!known.containsAll(table.columns()) || !table.columns().containsAll(table.sequenceColumns())) {
      throw new IllegalArgumentException("the backup names columns that table " + table.schema() + "."
          + table.name() + " does not have");
    }
  }

  /**
   * The DDL recreating {@code partition}: its parent must be one of the modules' partitioned tables in the same
   * schema, its name a plain one, its bound a range of timestamps; the statement holds quoted known names and
   * the formatted bound only.
   */
  String createStatement(BackupArchive.Partition partition) {
    Name parent = partitioned.stream()
        // The backup wrote quote_ident(schema).quote_ident(table), which leaves the modules' plain names unquoted.
        .filter(p -> p.schema().equals(partition.schema()) && (p.schema() + "." + p.table()).equals(partition.parent()))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("the backup names a partition of a table that is not "
            + "one of the service's partitioned tables"));
    if (partition.name() == null || !partition.name().matches(PARTITION_NAME)) {
      throw new IllegalArgumentException("the backup names a partition that is not a plain name: "
          + printable(partition.name()));
    }
    return "CREATE TABLE IF NOT EXISTS " + DatabaseBackup.quote(parent.schema()) + "."
        + DatabaseBackup.quote(partition.name()) + " PARTITION OF " + DatabaseBackup.quote(parent.schema()) + "."
        + DatabaseBackup.quote(parent.table()) + " " + PartitionBound.parse(partition.bound()).toSql();
  }

  /** A name from the file, shortened and without control characters, for the one line the operator reads. */
  private static String printable(String name) {
    String shown = String.valueOf(name).replaceAll("\\p{Cntrl}", "?");
    return shown.length() > 80 ? shown.substring(0, 80) + "…" : shown;
  }
}
