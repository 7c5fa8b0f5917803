package org.fieldreadings.app.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.app.server.TestServers;

/**
 * The repository's own recipe, {@code deploy/local-cluster/cluster.sh}: a pg_auto_failover monitor, a primary and
 * a synchronous standby on loopback, driven as an operator would drive it. Its output goes to
 * {@code cluster.log} beside the cluster's directory.
 */
final class LocalCluster implements AutoCloseable {

  private static final Path SCRIPT = Path.of(System.getProperty("test.deploy.dir", "../deploy"))
      .resolve("local-cluster/cluster.sh").toAbsolutePath();

  private final Path dir;
  private final Map<String, String> ports;

  private LocalCluster(Path dir, Map<String, String> ports) {
    this.dir = dir;
    this.ports = ports;
  }

  /**
   * A new directory for a cluster under the system's temporary folder: pg_autoctl runs as the {@code postgres} user,
   * who must be able to reach it (JUnit's temporary folders are the test user's alone). {@link #close()} removes it.
   */
  static Path newDirectory() throws IOException {
    Path parent = Files.createTempDirectory("fr-cluster-");
    Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
    return parent.resolve("cluster");
  }

  /** Stands the database up in {@code dir} on free ports; the multi-host URL is then {@link #databaseUrl()}. */
  static LocalCluster up(Path dir) throws Exception {
    Map<String, String> ports = Map.of("FRC_MONITOR_PORT", port(), "FRC_PG1_PORT", port(), "FRC_PG2_PORT", port());
    LocalCluster cluster = new LocalCluster(dir, ports);
    try {
      cluster.run(600, "up", dir.toString());
    } catch (Exception | Error e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  private static String port() {
    return String.valueOf(TestServers.freePort());
  }

  String databaseUrl() throws IOException {
    return Files.readString(dir.resolve("database.url")).trim();
  }

  /** A planned failover ({@code pg_autoctl perform failover}), done when the new primary is there. */
  void failover() throws Exception {
    run(300, "failover", dir.toString());
  }

  /** kill -9 of the primary's keeper and postmaster; the node is restarted to rejoin as a standby. */
  void killPrimary() throws Exception {
    run(300, "kill-primary", dir.toString(), "--restart");
  }

  /** Runs SQL as the superuser on a data node ({@code node1}: the first primary, {@code node2}: its standby). */
  void sql(String node, String sql) throws Exception {
    run(60, "psql", dir.toString(), node, "-c", sql);
  }

  /** HAProxy on {@code port} in front of the nodes' public ports. */
  void haproxy(int port, List<Integer> nodePorts) throws Exception {
    List<String> args = new ArrayList<>(List.of("haproxy", dir.toString(), String.valueOf(port)));
    nodePorts.forEach(p -> args.add(String.valueOf(p)));
    run(120, args.toArray(String[]::new));
  }

  private Path log() {
    return dir.resolveSibling("cluster.log");
  }

  private void run(long timeoutSeconds, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
    builder.environment().putAll(ports);
    Files.createDirectories(dir.getParent());
    Process process = builder.start();
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      throw new AssertionError("cluster.sh " + String.join(" ", args) + " took over " + timeoutSeconds + " s; see "
          + log());
    }
    if (process.exitValue() != 0) {
      throw new AssertionError("cluster.sh " + String.join(" ", args) + " failed (" + process.exitValue() + "):\n"
          + Files.readString(log()));
    }
  }

  /** Tears everything down and removes the directory; nothing it started outlives it. */
  @Override
  public void close() throws Exception {
    try {
      run(300, "down", dir.toString(), "--purge");
    } finally {
      // The test's output keeps what the script said.
      System.out.println("cluster.sh log:\n" + Files.readString(log()));
      Files.deleteIfExists(log());
      Files.deleteIfExists(dir.getParent());
    }
  }
}
