package org.fieldreadings.core.db;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.postgresql.PGConnection;

/**
 * Loads a backup written by {@link DatabaseBackup} into an empty database: the module schemas are rebuilt by their
 * migrations at the saved versions, the partitions recreated, then every table's rows copied in and its sequences
 * set past the largest value, in one transaction.
 */
public final class DatabaseRestore {

  private DatabaseRestore() {}

  /** What a restore brought back besides the rows. */
  public record Restored(String service, String createdAt, int tables, Map<String, String> secrets) {}

  public static Restored restore(InputStream backup, DatabaseUrl url, List<ModuleSchema> schemas)
      throws IOException, SQLException {
    ZipInputStream zip = new ZipInputStream(backup);
    ZipEntry first = zip.getNextEntry();
    if (first == null || !first.getName().equals(BackupArchive.MANIFEST)) {
      throw new IllegalArgumentException("not a Field Readings backup (no " + BackupArchive.MANIFEST + " first)");
    }
    Map<String, String> secrets = new LinkedHashMap<>();
    JsonObject manifest;
    BackupArchive archive;
    try {
      manifest = new JsonObject(new String(zip.readAllBytes(), StandardCharsets.UTF_8));
      archive = BackupArchive.fromJson(manifest, secrets);
    } catch (DecodeException | ClassCastException | NullPointerException e) {
      throw new IllegalArgumentException("the backup's " + BackupArchive.MANIFEST + " is not a manifest of this "
          + "service");
    }
    Migrations.migrateTo(url, schemas, archive.schemas());
    try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password())) {
      connection.setAutoCommit(false);
      // Every name the file gives is checked against the tables the migrations just created, before any SQL uses it.
      ModuleTables known = ModuleTables.read(connection, schemas);
      archive.tables().forEach(known::check);
      List<String> partitions = archive.partitions().stream().map(known::createStatement).toList();
      try (Statement statement = connection.createStatement()) {
        // Rows arrive table by table, not in foreign-key order: checks and triggers wait for the whole load.
        statement.execute("SET LOCAL session_replication_role = replica");
        for (String partition : partitions) {
          statement.execute(partition);
        }
      }
      PGConnection copier = connection.unwrap(PGConnection.class);
      int tables = 0;
      for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
        if (entry.getName().startsWith("secrets/")) {
          secrets.put(entry.getName().substring("secrets/".length()),
              new String(zip.readAllBytes(), StandardCharsets.UTF_8));
          continue;
        }
        String name = entry.getName();
        BackupArchive.Table table = archive.tables().stream().filter(t -> t.entry().equals(name))
            .findFirst().orElseThrow(() -> new IllegalArgumentException("unexpected entry " + name));
        copier.getCopyAPI().copyIn("COPY " + table.qualified() + " (" + DatabaseBackup.columns(table.columns())
            + ") FROM STDIN (FORMAT binary)", zip);
        resetSequences(connection, table);
        tables++;
      }
      if (tables != archive.tables().size()) {
        throw new IllegalArgumentException("the backup is incomplete: " + tables + " of " + archive.tables().size()
            + " tables");
      }
      connection.commit();
      return new Restored(manifest.getString("service"), manifest.getString("createdAt"), tables, Map.copyOf(secrets));
    }
  }

  private static void resetSequences(Connection connection, BackupArchive.Table table) throws SQLException {
    for (String column : table.sequenceColumns()) {
      try (var statement = connection.prepareStatement("SELECT setval(pg_get_serial_sequence(?, ?), coalesce(max("
          + DatabaseBackup.quote(column) + "), 0) + 1, false) FROM " + table.qualified())) {
        statement.setString(1, table.qualified());
        statement.setString(2, column);
        statement.execute();
      }
    }
  }
}
