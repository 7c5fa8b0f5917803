package org.fieldreadings.app.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;

/** One node of the service, the fat jar started as an operator starts it, its log in {@code <dir>/node.log}. */
final class NodeProcess implements AutoCloseable {

  /** The profile of the devices the cluster tests write. */
  static final String PROFILE = "REAL_WEATHER_STATION";
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

  /** An entity and an API key of it, made through this node's admin API. */
  record Tenant(String entityId, String apiKey) {}

  Tenant newTenant(String email) {
    String entityId = adminPost("/admin/entities", new JsonObject().put("email", email).encode()).json()
        .getString("entityId");
    return new Tenant(entityId, adminPost("/admin/entities/" + entityId + "/key", null).json().getString("apiKey"));
  }

  /** Creates the device (as the first reading of it would) and assigns it to the entity. */
  void assign(String entityId, String serial) {
    Answer created = admin.put("/admin/devices/" + PROFILE + "/" + serial, "{}", "Authorization", bearer(),
        "Content-Type", "application/json");
    assertThat(created.status()).as(created.toString()).isIn(200, 201);
    Answer assigned = admin.put("/admin/entities/" + entityId + "/devices/" + PROFILE + "/" + serial, null,
        "Authorization", bearer());
    assertThat(assigned.status()).as(assigned.toString()).isEqualTo(204);
  }

  /** Imports one AirTemp reading of the device through the admin API, answering whatever the node answered. */
  Answer importAirTemp(String serial, Instant at, String value) {
    return admin.post("/admin/readings", "profile,serial,connectorId,interface,timestamp,value\n"
        + PROFILE + "," + serial + ",ORIGIN,AirTemp," + at + "," + value + "\n",
        "Authorization", bearer(), "Content-Type", "text/csv");
  }

  /** The device's raw AirTemp readings from {@code from} to {@code to}, as the text of each value. */
  Map<Long, String> airTemp(String apiKey, String serial, Instant from, Instant to) {
    Answer answer = api.get("/api/devices/" + PROFILE + "/" + serial + "/readings?interfaces=AirTemp"
        + "&startDate=" + from + "&endDate=" + to.plusMillis(1), "Authorization", "ApiKey " + apiKey);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    Map<Long, String> values = new HashMap<>();
    // The text of each value as it came over the wire, not a double's rendering of it.
    JsonArray rows = answer.array();
    for (int i = 0; i < rows.size(); i++) {
      values.put(rows.getJsonObject(i).getLong("timestamp"), rawNumber(answer.body(), i));
    }
    return values;
  }

  /** The i-th {@code "AirTemp":<number>} of a readings answer, as written. */
  private static String rawNumber(String body, int index) {
    int at = -1;
    for (int i = 0; i <= index; i++) {
      at = body.indexOf("\"AirTemp\":", at + 1);
    }
    int start = at + "\"AirTemp\":".length();
    int end = start;
    while (end < body.length() && "-+.eE0123456789".indexOf(body.charAt(end)) >= 0) {
      end++;
    }
    return body.substring(start, end);
  }

  /** The admin {@code GET /health} answer. */
  JsonObject health() {
    return admin.get("/health").json();
  }

  private Answer adminPost(String path, String body) {
    Answer answer = admin.post(path, body, "Authorization", bearer(), "Content-Type", "application/json");
    assertThat(answer.status()).as(path + " " + answer).isBetween(200, 299);
    return answer;
  }

  private String bearer() {
    try {
      return "Bearer " + adminToken();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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
