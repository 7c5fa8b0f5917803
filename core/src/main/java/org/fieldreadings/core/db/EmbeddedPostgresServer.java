package org.fieldreadings.core.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded PostgreSQL 17 of the default set-up: its cluster lives in a directory that survives restarts.
 * Used when {@code database.url} is not configured, and by the tests.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPostgresServer.class);

  private final EmbeddedPostgres postgres;
  private final boolean created;

  private EmbeddedPostgresServer(EmbeddedPostgres postgres, boolean created) {
    this.postgres = postgres;
    this.created = created;
  }

  /** Starts the cluster in {@code directory}, creating it on first use. */
  public static EmbeddedPostgresServer start(Path directory) {
    boolean created = !Files.exists(directory.resolve("PG_VERSION"));
    stopOrphan(directory);
    try {
      EmbeddedPostgres postgres = EmbeddedPostgres.builder()
          .setDataDirectory(directory)
          .setCleanDataDirectory(false)
          .setRegisterShutdownHook(false)
          .setPGStartupWait(Duration.ofSeconds(60))
          .setServerConfig("max_connections", "100")
          // The library's test-oriented defaults trade durability for speed; a service's data must survive a crash.
          .setServerConfig("fsync", "on")
          .setServerConfig("synchronous_commit", "on")
          .setServerConfig("full_page_writes", "on")
          .setServerConfig("listen_addresses", "127.0.0.1")
          // Sized for a service's bulk writes rather than the stock minimum: WAL buffered in memory instead of being
          // written by the inserting sessions, and checkpoints (each followed by full-page images) spaced out.
          .setServerConfig("shared_buffers", "256MB")
          .setServerConfig("wal_buffers", "16MB")
          .setServerConfig("max_wal_size", "4GB")
          .setServerConfig("checkpoint_timeout", "15min")
          .start();
      LOG.info("embedded PostgreSQL {} in {} on port {}", created ? "created" : "started", directory,
          postgres.getPort());
      return new EmbeddedPostgresServer(postgres, created);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded PostgreSQL in " + directory, e);
    }
  }

  /**
   * Stops a postmaster that a killed predecessor left running on this directory. The caller holds the data
   * directory lock, so no live instance of ours owns it.
   */
  private static void stopOrphan(Path directory) {
    Path pidFile = directory.resolve("postmaster.pid");
    if (!Files.exists(pidFile)) {
      return;
    }
    try {
      long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
      ProcessHandle.of(pid).filter(ProcessHandle::isAlive).ifPresent(orphan -> {
        LOG.warn("stopping the embedded PostgreSQL (pid {}) left running by a previous instance", pid);
        orphan.destroy();
        orphan.onExit().orTimeout(30, TimeUnit.SECONDS).join();
      });
    } catch (IOException | RuntimeException e) {
      LOG.warn("cannot check {}: {}", pidFile, e.getMessage());
    }
  }

  /** Whether this start created the cluster (the first start on a data directory). */
  public boolean created() {
    return created;
  }

  public DatabaseUrl url() {
    return new DatabaseUrl("127.0.0.1", postgres.getPort(), "postgres", "postgres", "");
  }

  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot stop the embedded PostgreSQL", e);
    }
  }
}
