package org.fieldreadings.app.server;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseBackup;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.files.PrivateFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /admin/backup}: a consistent backup of every module schema and of the secrets in effect, taken while
 * the service serves, written to an owner-only file of the data directory and then streamed as one zip.
 */
final class BackupRoutes {

  private static final Logger LOG = LoggerFactory.getLogger(BackupRoutes.class);
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
      .withZone(ZoneOffset.UTC);

  private final Vertx vertx;
  private final JsonObject config;

  private BackupRoutes(Vertx vertx, JsonObject config) {
    this.vertx = vertx;
    this.config = config;
  }

  static void mount(Router admin, Vertx vertx, JsonObject config) {
    admin.post("/backup").handler(new BackupRoutes(vertx, config)::backup);
  }

  private void backup(RoutingContext ctx) {
    String name = "field-readings-backup-" + STAMP.format(Instant.now()) + ".zip";
    vertx.executeBlocking(this::writeBackup, false)
        .onSuccess(file -> ctx.response()
            .putHeader("Content-Type", "application/zip")
            .putHeader("Content-Disposition", "attachment; filename=\"" + name + "\"")
            .putHeader("Cache-Control", "no-store")
            .sendFile(file.toString())
            .onComplete(sent -> delete(file)))
        .onFailure(ctx::fail);
  }

  private Path writeBackup() throws Exception {
    Path dataDir = Path.of(ConfigKeys.DATA_DIR.get(config));
    Path file = PrivateFiles.createTemporary(dataDir, "backup-", ".zip.tmp");
    long started = System.nanoTime();
    try (OutputStream out = Files.newOutputStream(file)) {
      DatabaseBackup.write(DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config)),
          FieldReadingsServer.MODULES.stream().map(FieldModule::schema).toList(), secrets(), BuildVersion.version(),
          out);
    } catch (Exception e) {
      delete(file);
      throw e;
    }
    LOG.info("backup of {} bytes written in {} ms", Files.size(file), (System.nanoTime() - started) / 1_000_000);
    return file;
  }

  /** The secrets in effect, under the names of the data directory's files, so a restore needs no configuration. */
  private Map<String, String> secrets() {
    Map<String, String> secrets = new LinkedHashMap<>();
    secrets.put(GeneratedSecrets.MASTER_KEY_FILE, ConfigKeys.SECURITY_MASTER_KEY.get(config));
    secrets.put(GeneratedSecrets.ADMIN_TOKEN_FILE, ConfigKeys.ADMIN_TOKEN.get(config));
    return secrets;
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      LOG.warn("cannot remove {}: {}", file, e.getMessage());
    }
  }
}
