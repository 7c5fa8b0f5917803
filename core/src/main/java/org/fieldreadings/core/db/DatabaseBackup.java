package org.fieldreadings.core.db;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.postgresql.PGConnection;

/**
 * Writes a consistent backup of the module schemas while the service runs: every table is copied (binary COPY)
 * inside one repeatable-read, read-only transaction, so all of them show the same moment; writers are not blocked.
 * Schema objects are not saved: a restore rebuilds them with the modules' own migrations, at the saved versions.
 */
public final class DatabaseBackup {

  private static final String TABLES = """
      SELECT n.nspname, c.relname, c.relispartition,
             (SELECT quote_ident(pn.nspname) || '.' || quote_ident(p.relname)
              FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent
              JOIN pg_namespace pn ON pn.oid = p.relnamespace WHERE i.inhrelid = c.oid) AS parent,
             pg_get_expr(c.relpartbound, c.oid) AS bound,
             ARRAY(SELECT a.attname::text FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                   ORDER BY a.attnum) AS columns,
             ARRAY(SELECT a.attname::text FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                     AND pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname),
                                                a.attname) IS NOT NULL
                   ORDER BY a.attnum) AS sequence_columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY(?) AND c.relkind IN ('r', 'p') AND c.relname <> 'flyway_schema_history'
      ORDER BY n.nspname, c.relispartition, c.relname
      """;

  private DatabaseBackup() {}

  /**
   * Writes the backup of {@code schemas} and {@code secrets} (file name in the data directory → content) to
   * {@code out}, which is left open.
   */
  public static void write(DatabaseUrl url, List<ModuleSchema> schemas, Map<String, String> secrets,
      String serviceVersion, OutputStream out) throws SQLException, IOException {
    try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password())) {
      connection.setAutoCommit(false);
      connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      connection.setReadOnly(true);
      Map<String, String> versions = new LinkedHashMap<>();
      for (ModuleSchema schema : schemas) {
        versions.put(schema.schema(), schemaVersion(connection, schema.schema()));
      }
      BackupArchive archive = describe(connection, versions, secrets);
      ZipOutputStream zip = new ZipOutputStream(new FilterOutputStream(out) {
        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
          flush();
        }
      });
      zip.putNextEntry(new ZipEntry(BackupArchive.MANIFEST));
      zip.write(archive.toJson(serviceVersion, Instant.now().toString()).encodePrettily()
          .getBytes(StandardCharsets.UTF_8));
      for (Map.Entry<String, String> secret : secrets.entrySet()) {
        zip.putNextEntry(new ZipEntry("secrets/" + secret.getKey()));
        zip.write(secret.getValue().getBytes(StandardCharsets.UTF_8));
      }
      PGConnection copier = connection.unwrap(PGConnection.class);
      for (BackupArchive.Table table : archive.tables()) {
        zip.putNextEntry(new ZipEntry(table.entry()));
        copier.getCopyAPI().copyOut("COPY (SELECT " + columns(table.columns()) + " FROM " + table.qualified()
            + ") TO STDOUT (FORMAT binary)", zip);
      }
      zip.close();
      connection.commit();
    }
  }

  /** The version of a module schema's latest applied migration. */
  private static String schemaVersion(Connection connection, String schema) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("SELECT version FROM " + quote(schema)
        + ".flyway_schema_history WHERE success AND version IS NOT NULL ORDER BY installed_rank DESC LIMIT 1");
         ResultSet rows = statement.executeQuery()) {
      if (!rows.next()) {
        throw new SQLException("schema " + schema + " has no applied migration");
      }
      return rows.getString(1);
    }
  }

  private static BackupArchive describe(Connection connection, Map<String, String> versions,
      Map<String, String> secrets) throws SQLException {
    List<BackupArchive.Table> tables = new ArrayList<>();
    List<BackupArchive.Partition> partitions = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(TABLES)) {
      statement.setArray(1, connection.createArrayOf("text", versions.keySet().toArray()));
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          String schema = rows.getString("nspname");
          String name = rows.getString("relname");
          if (rows.getBoolean("relispartition")) {
            partitions.add(new BackupArchive.Partition(schema, name, rows.getString("parent"), rows.getString("bound")));
          } else {
            tables.add(new BackupArchive.Table(schema, name, strings(rows.getArray("columns")),
                strings(rows.getArray("sequence_columns"))));
          }
        }
      }
    }
    return new BackupArchive(versions, tables, partitions, secrets);
  }

  private static List<String> strings(Array array) throws SQLException {
    return List.of((String[]) array.getArray());
  }

  static String columns(List<String> columns) {
    return String.join(", ", columns.stream().map(DatabaseBackup::quote).toList());
  }

  /** A quoted SQL identifier. */
  static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }
}
