package org.fieldreadings.app.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.db.DatabaseRestore;
import org.fieldreadings.core.db.EmbeddedPostgresServer;
import org.fieldreadings.core.files.PrivateFiles;

/**
 * Restores a backup of {@code POST /admin/backup} into a new data directory: an embedded PostgreSQL created there,
 * the schemas and rows of the backup, and its secrets as owner-only files, ready for the server to start on.
 */
public final class DataDirRestore {

  private DataDirRestore() {}

  /** Restores {@code backup} into {@code dataDir}, which must be missing or empty; on failure it is emptied again. */
  public static DatabaseRestore.Restored restore(Path backup, Path dataDir) throws Exception {
    if (!Files.isRegularFile(backup)) {
      throw new IllegalArgumentException("cannot read " + backup);
    }
    if (Files.exists(dataDir) && !isEmptyDirectory(dataDir)) {
      throw new IllegalArgumentException(dataDir + " is not empty: restore into a new or empty data directory "
          + "(with the server stopped)");
    }
    PrivateFiles.directory(dataDir);
    try (DataDirLock lock = DataDirLock.acquire(dataDir);
         EmbeddedPostgresServer database = EmbeddedPostgresServer.start(dataDir.resolve("pg"));
         InputStream in = Files.newInputStream(backup)) {
      DatabaseRestore.Restored restored = DatabaseRestore.restore(in, database.url(),
          FieldReadingsServer.MODULES.stream().map(FieldModule::schema).toList());
      for (Map.Entry<String, String> secret : restored.secrets().entrySet()) {
        writeSecret(dataDir, secret.getKey(), secret.getValue());
      }
      return restored;
    } catch (Exception | Error e) {
      emptyDirectory(dataDir);
      throw e;
    }
  }

  private static void writeSecret(Path dataDir, String name, String value) throws IOException {
    if (!name.equals(GeneratedSecrets.ADMIN_TOKEN_FILE) && !name.equals(GeneratedSecrets.MASTER_KEY_FILE)) {
      throw new IllegalArgumentException("unexpected secret " + name + " in the backup");
    }
    PrivateFiles.writeNew(dataDir.resolve(name), value.getBytes(StandardCharsets.UTF_8));
  }

  private static boolean isEmptyDirectory(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }

  private static void emptyDirectory(Path dir) throws IOException {
    try (Stream<Path> entries = Files.walk(dir)) {
      for (Path path : entries.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(dir)).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
