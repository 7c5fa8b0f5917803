package org.fieldreadings.app.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.TestHttp;

/** One node of the service, the fat jar started as an operator starts it, its log in {@code <dir>/node.log}. */
final class NodeProcess implements AutoCloseable {

  private static final Path JAR = Path.of(System.getProperty("test.jar", "target/field-readings.jar"))
      .toAbsolutePath();

  private final Process process;
  private final Path dir;
  final int httpPort;
  final int adminPort;
  final TestHttp api;
  final TestHttp admin;

  private NodeProcess(Process process, Path dir, int httpPort, int adminPort) {
    this.process = process;
    this.dir = dir;
    this.httpPort = httpPort;
    this.adminPort = adminPort;
    this.api = new TestHttp(httpPort);
    this.admin = new TestHttp(adminPort);
  }

  /** Starts a node with its data in {@code dir}, the given {@code FR_*} variables on top of loopback defaults. */
  static NodeProcess start(Path dir, Map<String, String> env) throws Exception {
    Files.createDirectories(dir);
    int httpPort = TestServers.freePort();
    int adminPort = TestServers.freePort();
    ProcessBuilder builder = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xmx512m", "-jar", JAR.toString()))
        .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("node.log").toFile());
    builder.environment().keySet().removeIf(name -> name.startsWith("FR_") || name.equals("JAVA_OPTS"));
    builder.environment().putAll(Map.of("FR_HTTP_HOST", "127.0.0.1", "FR_HTTP_PORT", String.valueOf(httpPort),
        "FR_ADMIN_PORT", String.valueOf(adminPort), "FR_DATA_DIR", dir.resolve("data").toString(),
        "FR_PLUGINS_DIR", TestServers.pluginsDir().toAbsolutePath().toString(), "FR_DEMO", "false",
        "FR_HTTP_INSTANCES", "1"));
    builder.environment().putAll(env);
    NodeProcess node = new NodeProcess(builder.start(), dir, httpPort, adminPort);
    try {
      node.awaitHealthy();
    } catch (Exception | Error e) {
      node.close();
      throw e;
    }
    return node;
  }

  private void awaitHealthy() throws Exception {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new AssertionError("node exited; log:\n" + log());
      }
      try {
        if (api.get("/api/health").status() == 200 && Files.exists(dir.resolve("data/admin.url"))) {
          return;
        }
      } catch (RuntimeException notYet) {
        // not listening yet
      }
      Thread.sleep(250);
    }
    throw new AssertionError("node not healthy within 120 s; log:\n" + log());
  }

  String adminToken() throws IOException {
    return Files.readString(dir.resolve("data/admin.token")).trim();
  }

  String log() throws IOException {
    return Files.readString(dir.resolve("node.log"));
  }

  /** Stops the node as systemd would (SIGTERM), forcibly after a minute. */
  @Override
  public void close() throws Exception {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
  }
}
