package org.fieldreadings.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.devices.DevicesAddresses;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code device put|assign|unassign} and {@code subscription add} against a running server's admin API. */
class DeviceCommandsTest {

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer server;
  private static Path conf;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeAll
  static void startServer() throws Exception {
    DatabaseUrl database = TestPostgres.newDatabase();
    server = FieldReadingsServer.start(TestServers.config(dataDir,
        Map.of("FR_DATABASE_URL", database.toConfigValue())));
    TestPostgres.execute(database,
        "INSERT INTO access.entity (entity_id, email, name) VALUES ('acme', 'ops@acme.example', 'Acme')");
    conf = dataDir.resolve("cli.json");
    Files.writeString(conf, new JsonObject()
        .put("admin", new JsonObject().put("port", server.adminPort()))
        .put("data", new JsonObject().put("dir", dataDir.toString()))
        .encode());
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  private int run(String... args) {
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    String[] withConf = new String[args.length + 2];
    System.arraycopy(args, 0, withConf, 0, 2);
    withConf[2] = "--conf";
    withConf[3] = conf.toString();
    System.arraycopy(args, 2, withConf, 4, args.length - 2);
    return commandLine.execute(withConf);
  }

  private static JsonObject describeFor(String entityId, String profile, String serial) throws Exception {
    return server.vertx().eventBus().<JsonObject>request(DevicesAddresses.DESCRIBE, new JsonObject()
            .put("entityId", entityId).put("profile", profile).put("serial", serial))
        .await(10, TimeUnit.SECONDS).body();
  }

  @Test
  void operatorCreatesAssignsAndSubscribesADevice() throws Exception {
    assertThat(run("device", "put", "--profile", "PROFILE_A", "--serial", "SM-0001", "--group", "AIR",
        "--lat", "38.7", "--lon", "-9.1")).isZero();
    assertThat(run("subscription", "add", "--profile", "PROFILE_A", "--serial", "SM-0001",
        "--start", "2024-01-01", "--end", "2024-12-31")).isZero();
    assertThat(run("device", "assign", "--entity", "acme", "--profile", "PROFILE_A", "--serial", "SM-0001"))
        .isZero();

    assertThat(out.toString().lines()).containsExactly(
        "device PROFILE_A/SM-0001 saved: group AIR, location 38.7, -9.1",
        "subscription 2024-01-01 to 2024-12-31 added to device PROFILE_A/SM-0001 (1 subscription)",
        "device PROFILE_A/SM-0001 assigned to entity acme");
    assertThat(err.toString()).isEmpty();
    assertThat(describeFor("acme", "PROFILE_A", "SM-0001")).isEqualTo(new JsonObject("""
        {"group": "AIR", "location": {"latitude": 38.7, "longitude": -9.1},
         "subscriptions": [{"startDate": "2024-01-01", "endDate": "2024-12-31"}], "connectors": []}"""));
  }

  @Test
  void unassignRemovesTheAssociationAndJsonPrintsTheOutcome() {
    run("device", "put", "--profile", "PROFILE_B", "--serial", "GW-1");
    run("device", "assign", "--entity", "acme", "--profile", "PROFILE_B", "--serial", "GW-1");
    out.getBuffer().setLength(0);

    assertThat(run("device", "unassign", "--entity", "acme", "--profile", "PROFILE_B", "--serial", "GW-1",
        "--json")).isZero();

    assertThat(new JsonObject(out.toString())).isEqualTo(new JsonObject("""
        {"entityId": "acme", "profile": "PROFILE_B", "serial": "GW-1", "associated": false}"""));
    assertThatThrownBy(() -> describeFor("acme", "PROFILE_B", "GW-1"))
        .isInstanceOfSatisfying(ReplyException.class, e -> assertThat(e.failureCode()).isEqualTo(404));
  }

  @Test
  void putWithJsonPrintsTheDevice() {
    assertThat(run("device", "put", "--profile", "PROFILE_C", "--serial", "FM-1", "--json")).isZero();

    assertThat(new JsonObject(out.toString())).isEqualTo(new JsonObject("""
        {"profile": "PROFILE_C", "serial": "FM-1", "group": null, "location": null,
         "subscriptions": [], "connectors": []}"""));
  }

  @Test
  void unknownProfileIsAUsageError() {
    assertThat(run("device", "put", "--profile", "PROFILE_X", "--serial", "SM-1")).isEqualTo(2);
    assertThat(err.toString()).contains("Invalid value for option '--profile'");
  }

  @Test
  void latitudeWithoutLongitudeIsAUsageError() {
    assertThat(run("device", "put", "--profile", "PROFILE_A", "--serial", "SM-1", "--lat", "1")).isEqualTo(2);
    assertThat(err.toString()).contains("--lon");
  }

  @Test
  void refusalsOfTheServerAreOneLineAndExitOne() {
    assertThat(run("subscription", "add", "--profile", "PROFILE_A", "--serial", "NOWHERE-1",
        "--start", "2024-01-01", "--end", "2024-12-31")).isEqualTo(1);
    assertThat(run("device", "assign", "--entity", "nobody", "--profile", "PROFILE_A", "--serial", "SM-0001"))
        .isEqualTo(1);

    assertThat(err.toString().lines()).containsExactly(
        "error: 404: Unknown device PROFILE_A/NOWHERE-1.",
        "error: 404: Unknown entity nobody.");
  }
}
