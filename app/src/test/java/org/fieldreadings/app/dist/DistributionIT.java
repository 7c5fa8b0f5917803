package org.fieldreadings.app.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.app.server.TestServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution archive as an operator meets it: unpacked into a temporary folder, started through
 * {@code bin/field-readings} from another working directory, serving with its bundled plugins.
 */
class DistributionIT {

  private static final String VERSION = System.getProperty("test.project.version");

  @TempDir
  static Path dir;

  private static Path home;
  private static Path work;
  private static Process server;
  private static int adminPort;
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void unpackAndStart() throws Exception {
    Path archive = Path.of(System.getProperty("test.distribution"));
    Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", dir.toString()).inheritIO().start();
    assertThat(tar.waitFor()).isZero();
    home = dir.resolve(System.getProperty("test.distribution.root"));
    work = Files.createDirectories(dir.resolve("elsewhere"));
    adminPort = TestServers.freePort();
    ProcessBuilder start = launcher(List.of())
        .redirectOutput(dir.resolve("server.log").toFile())
        .redirectErrorStream(true);
    start.environment().putAll(Map.of("FR_HTTP_HOST", "127.0.0.1", "FR_HTTP_PORT", String.valueOf(TestServers.freePort()),
        "FR_ADMIN_PORT", String.valueOf(adminPort), "FR_DEMO", "false"));
    server = start.start();
  }

  /** Stops the server as systemd would (SIGTERM); a clean run, start to stop, logs no warning and no error. */
  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.destroy();
      if (!server.waitFor(60, TimeUnit.SECONDS)) {
        server.descendants().forEach(ProcessHandle::destroyForcibly);
        server.destroyForcibly();
      }
      assertThat(log().lines().filter(line -> line.contains(" WARN ") || line.contains(" ERROR ")))
          .as("warnings and errors of a clean run").isEmpty();
      assertThat(log()).contains("stopped");
    }
  }

  private static ProcessBuilder launcher(List<String> args) {
    List<String> command = new java.util.ArrayList<>(List.of(home.resolve("bin/field-readings").toString()));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile());
    builder.environment().keySet().removeIf(name -> name.startsWith("FR_") || name.equals("JAVA_OPTS"));
    return builder;
  }

  @Test
  void holdsTheLauncherTheJarThePluginsTheExamplesAndTheLicence() throws IOException {
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("bin/field-readings"))))
        .isEqualTo("rwxr-xr-x");
    for (String file : List.of("field-readings.jar", "conf/config.example.json", "systemd/field-readings.service",
        "LICENSE", "README.md", "CHANGELOG.md")) {
      assertThat(home.resolve(file)).as(file).isRegularFile();
    }
    try (var plugins = Files.list(home.resolve("plugins"))) {
      assertThat(plugins.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
          "real-weather-station-" + VERSION + ".jar", "profile-a-soil-" + VERSION + ".jar",
          "profile-b-gateway-" + VERSION + ".jar", "profile-c-flow-" + VERSION + ".jar",
          "profile-d-lorawan-" + VERSION + ".jar", "profile-d-cayenne-" + VERSION + ".jar");
    }
  }

  @Test
  void servesFromAnotherWorkingDirectoryWithTheBundledPlugins() throws Exception {
    awaitHealthy();
    String token = Files.readString(work.resolve("data/admin.token")).trim();
    HttpResponse<String> plugins = HTTP.send(HttpRequest.newBuilder(adminUri("/admin/plugins"))
        .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(plugins.statusCode()).isEqualTo(200);
    JsonArray list = new JsonArray(plugins.body());
    assertThat(list).hasSize(6);
    list.forEach(plugin -> assertThat(((io.vertx.core.json.JsonObject) plugin).getString("state")).isEqualTo("STARTED"));
    list.forEach(plugin -> assertThat(((io.vertx.core.json.JsonObject) plugin).getString("version")).isEqualTo(VERSION));
  }

  @Test
  void commandsFindTheRunningServerByItsDataDirectoryFromAnyFolder() throws Exception {
    awaitHealthy();
    ProcessBuilder list = launcher(List.of("plugins", "list", "--json", "--data-dir", work.resolve("data").toString()))
        .directory(dir.toFile()).redirectErrorStream(true);
    Process process = list.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor()).as(out).isZero();
    assertThat(new JsonArray(out)).hasSize(6);
  }

  @Test
  void printsTheVersionAndTheCommitAndHonoursJavaOpts() throws Exception {
    ProcessBuilder version = launcher(List.of("--version")).redirectErrorStream(true);
    version.environment().put("JAVA_OPTS", "-XX:+PrintCommandLineFlags -Xmx64m");
    Process process = version.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor()).isZero();
    assertThat(out).contains("-XX:MaxHeapSize=67108864");
    assertThat(out).containsPattern("field-readings " + VERSION.replace(".", "\\.") + " \\(commit [0-9a-f]{7,}\\)");
  }

  private static void awaitHealthy() throws Exception {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
    while (Instant.now().isBefore(deadline)) {
      assertThat(server.isAlive()).as("server alive; log: %s", log()).isTrue();
      try {
        HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(adminUri("/health")).build(),
            HttpResponse.BodyHandlers.ofString());
        // The node writes admin.url once both listeners are up, just after /health starts answering.
        if (health.statusCode() == 200 && Files.exists(work.resolve("data/admin.url"))) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(250);
    }
    throw new AssertionError("not healthy within 120 s; log: " + log());
  }

  private static String log() {
    try {
      return Files.readString(dir.resolve("server.log"));
    } catch (IOException e) {
      return e.toString();
    }
  }

  private static URI adminUri(String path) {
    return URI.create("http://127.0.0.1:" + adminPort + path);
  }
}
