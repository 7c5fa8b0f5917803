package org.fieldreadings.app.server;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.access.AccessModule;
import org.fieldreadings.app.admin.AdminUrlFile;
import org.fieldreadings.app.demo.DemoLoader;
import org.fieldreadings.app.demo.DemoTour;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.EmbeddedPostgresServer;
import org.fieldreadings.core.db.Migrations;
import org.fieldreadings.core.files.PrivateFiles;
import org.fieldreadings.core.telemetry.Telemetry;
import org.fieldreadings.devices.DevicesModule;
import org.fieldreadings.push.PushModule;
import org.fieldreadings.readings.ReadingsModule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running node: data directory lock, database (embedded or the operator's), migrations, Vert.x and the
 * root verticle. {@link #start} returns once the listeners accept requests (the demo, when enabled, then loads in
 * the background); {@link #close} shuts down in reverse order, letting in-flight requests finish.
 */
public final class FieldReadingsServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(FieldReadingsServer.class);
  private static final long STOP_TIMEOUT_SECONDS = 30;

  /** The modules of the monolith, in deployment order. */
  static final List<FieldModule> MODULES =
      List.of(new AccessModule(), new DevicesModule(), new ReadingsModule(), new PushModule());

  private final DataDirLock lock;
  private final Path dataDir;
  private final EmbeddedPostgresServer embedded;
  private final Vertx vertx;
  private final RootVerticle root;
  private final DemoLoader demo;

  private FieldReadingsServer(DataDirLock lock, Path dataDir, EmbeddedPostgresServer embedded, Vertx vertx,
      RootVerticle root, DemoLoader demo) {
    this.lock = lock;
    this.dataDir = dataDir;
    this.embedded = embedded;
    this.vertx = vertx;
    this.root = root;
    this.demo = demo;
  }

  /** Starts a node on a loaded configuration (see {@code ConfigLoader}); the configuration is completed in place. */
  public static FieldReadingsServer start(JsonObject config) {
    long started = System.nanoTime();
    Path dataDir = Path.of(ConfigKeys.DATA_DIR.get(config)).toAbsolutePath().normalize();
    FreePort.requireFree(config, ConfigKeys.HTTP_HOST, ConfigKeys.HTTP_PORT);
    FreePort.requireFree(config, ConfigKeys.ADMIN_HOST, ConfigKeys.ADMIN_PORT);
    try {
      // Everything in it is the service's alone: secrets, the database cluster, mails holding tokens.
      PrivateFiles.directory(dataDir);
    } catch (IOException e) {
      throw new StartupException("cannot create the data directory " + dataDir + ": " + e.getMessage());
    }
    DataDirLock lock = DataDirLock.acquire(dataDir);
    EmbeddedPostgresServer embedded = null;
    Vertx vertx = null;
    try {
      config.put(ConfigKeys.DATA_DIR.name(), dataDir.toString());
      GeneratedSecrets.fill(config, dataDir);
      boolean databaseCreated = false;
      if (ConfigKeys.DATABASE_URL.get(config) == null && ConfigKeys.DATABASE_REPLICA_URL.get(config) != null) {
        throw new StartupException(ConfigKeys.DATABASE_REPLICA_URL.name() + " is set but "
            + ConfigKeys.DATABASE_URL.name() + " is not: the embedded database has no replica");
      }
      if (ConfigKeys.DATABASE_URL.get(config) == null) {
        embedded = EmbeddedPostgresServer.start(dataDir.resolve("pg"));
        databaseCreated = embedded.created();
        config.put(ConfigKeys.DATABASE_URL.name(), embedded.url().toConfigValue());
      }
      if (ConfigKeys.DEMO.get(config) == null) {
        config.put(ConfigKeys.DEMO.name(), databaseCreated);
      }
      DatabaseUrl database = DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config));
      LOG.info("database {}", database);
      if (ConfigKeys.DATABASE_REPLICA_URL.get(config) != null) {
        LOG.info("replica {}", DatabaseUrl.parse(ConfigKeys.DATABASE_REPLICA_URL.get(config)));
      }
      Migrations.migrate(database, MODULES.stream().map(FieldModule::schema).toList());
      vertx = Telemetry.newVertx();
      RootVerticle root = new RootVerticle(MODULES);
      vertx.deployVerticle(root, new io.vertx.core.DeploymentOptions().setConfig(config))
          .await(60, TimeUnit.SECONDS);
      LOG.info("Field Readings started in {} ms: API on http://{}:{}/api, admin on http://{}:{}/admin",
          Duration.ofNanos(System.nanoTime() - started).toMillis(), ConfigKeys.HTTP_HOST.get(config), root.httpPort(),
          ConfigKeys.ADMIN_HOST.get(config), root.adminPort());
      writeAdminUrl(dataDir, AdminUrlFile.url(ConfigKeys.ADMIN_HOST.get(config), root.adminPort()));
      DemoLoader demo = ConfigKeys.DEMO.get(config)
          ? DemoLoader.start(config, root.httpPort(), root.adminPort()) : null;
      return new FieldReadingsServer(lock, dataDir, embedded, vertx, root, demo);
    } catch (RuntimeException | Error e) {
      closeQuietly(vertx, embedded, lock);
      throw e;
    } catch (Exception e) {
      closeQuietly(vertx, embedded, lock);
      throw new StartupException("start-up failed: " + e.getMessage());
    }
  }

  public int httpPort() {
    return root.httpPort();
  }

  public int adminPort() {
    return root.adminPort();
  }

  public Vertx vertx() {
    return vertx;
  }

  /** The demo being loaded, when {@code demo} is on: completes with its key and curl commands once printed. */
  public Optional<CompletionStage<DemoTour>> demo() {
    return Optional.ofNullable(demo).map(DemoLoader::result);
  }

  @Override
  public void close() {
    LOG.info("shutting down");
    if (demo != null) {
      demo.stop();
    }
    try {
      vertx.close().await(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      LOG.warn("Vert.x did not close cleanly: {}", e.getMessage());
    }
    if (embedded != null) {
      embedded.close();
    }
    try {
      Files.deleteIfExists(AdminUrlFile.of(dataDir));
    } catch (IOException e) {
      LOG.warn("cannot remove {}: {}", AdminUrlFile.of(dataDir), e.getMessage());
    }
    lock.close();
    LOG.info("stopped");
  }

  /** Tells operator commands run from any folder where this node's admin listener is (replaced atomically). */
  private static void writeAdminUrl(Path dataDir, String url) throws IOException {
    PrivateFiles.write(AdminUrlFile.of(dataDir), (url + "\n").getBytes(StandardCharsets.UTF_8));
  }

  private static void closeQuietly(Vertx vertx, EmbeddedPostgresServer embedded, DataDirLock lock) {
    try {
      if (vertx != null) {
        vertx.close().await(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      }
    } catch (Exception e) {
      LOG.warn("Vert.x did not close cleanly: {}", e.getMessage());
    }
    try {
      if (embedded != null) {
        embedded.close();
      }
    } finally {
      lock.close();
    }
  }
}
