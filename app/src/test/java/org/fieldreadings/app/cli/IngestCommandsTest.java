package org.fieldreadings.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ingest --profile P FILE...} and {@code plugins list} against a running server's admin API. */
class IngestCommandsTest {

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer server;
  private static Path conf;
  private static String sample;
  private static Path moreFrames;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeAll
  static void startServer() throws Exception {
    server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()));
    conf = dataDir.resolve("cli.json");
    Files.writeString(conf, new JsonObject()
        .put("admin", new JsonObject().put("port", server.adminPort()))
        .put("data", new JsonObject().put("dir", dataDir.toString()))
        .encode());
    sample = Files.readString(Path.of(System.getProperty("test.plugins.sources", "../plugins"),
        "profile-b-gateway/src/test/resources/gateway-frames.txt"));
    moreFrames = Files.writeString(dataDir.resolve("more-frames.txt"), "$GWD,GW-0042,1714557600,-,vbat=4012*00\n");
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  /**
   * The PROFILE_B plugin's sample as a file, for a gateway of its own: a serial with the same characters as the
   * sample's {@code GW-0007} in another order keeps every frame's XOR checksum valid.
   */
  private static Path frames(String serial) throws IOException {
    return Files.writeString(dataDir.resolve(serial + ".txt"), sample.replace("GW-0007", serial));
  }

  /** Runs a command line with {@code --conf} added after the command words. */
  private int run(int commandWords, String... args) {
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(commandWords, List.of("--conf", conf.toString()));
    return commandLine.execute(all.toArray(String[]::new));
  }

  @Test
  void ingestSendsEachFileAndPrintsWhatEachStored() throws IOException {
    Path frames = frames("GW-0070");
    assertThat(run(1, "ingest", "--profile", "PROFILE_B", frames.toString(), moreFrames.toString())).isZero();

    assertThat(out.toString().lines()).containsExactly(
        frames + ": 24 stored, 0 duplicates, 0 rejected",
        moreFrames + ": 0 stored, 0 duplicates, 1 rejected",
        "  #0: checksum 00 does not match the frame (computed " + String.format("%02X",
            "GWD,GW-0042,1714557600,-,vbat=4012".chars().reduce(0, (a, b) -> a ^ b)) + ")",
        "total: 24 stored, 0 duplicates, 1 rejected in 2 file(s)");
    assertThat(err.toString()).contains("ingesting 2/2 more-frames.txt", "100%");
  }

  @Test
  void ingestingAgainStoresNothingTwiceAndJsonPrintsEveryAnswer() throws IOException {
    Path frames = frames("GW-0700");
    run(1, "ingest", "--profile", "PROFILE_B", frames.toString());
    out.getBuffer().setLength(0);

    assertThat(run(1, "ingest", "--profile", "PROFILE_B", "--json", frames.toString())).isZero();

    JsonObject answer = new JsonObject(out.toString());
    assertThat(answer).isEqualTo(new JsonObject().put("files", new JsonArray().add(new JsonObject()
            .put("file", frames.toString()).put("stored", 0).put("duplicates", 24).put("rejectedCount", 0).put("rejected", new JsonArray())
            .put("warnings", new JsonArray())))
        .put("stored", 0).put("duplicates", 24).put("rejectedCount", 0));
  }

  @Test
  void ingestExitsWithOneWhenEverythingSentWasRejected() {
    assertThat(run(1, "ingest", "--profile", "PROFILE_B", moreFrames.toString())).isEqualTo(1);

    assertThat(out.toString().lines()).last().isEqualTo("total: 0 stored, 0 duplicates, 1 rejected in 1 file(s)");
  }

  @Test
  void aFileThatCannotBeReadStopsBeforeAnythingIsSent() {
    assertThat(run(1, "ingest", "--profile", "PROFILE_B", moreFrames.toString(), "nowhere.txt")).isEqualTo(1);
    assertThat(err.toString()).contains("error: cannot read nowhere.txt");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void aRefusedFileIsNamedWithWhatWasIngestedBeforeIt() throws IOException {
    Path frames = frames("GW-7000");
    Path tooLarge = Files.writeString(dataDir.resolve("too-large.txt"), "\n".repeat(4 * 1024 * 1024 + 1));

    assertThat(run(1, "ingest", "--profile", "PROFILE_B", "--content-type", "text/plain", frames.toString(),
        tooLarge.toString())).isEqualTo(1);

    assertThat(err.toString().lines()).last().isEqualTo("error: " + tooLarge + ": 413: The payload is over the "
        + "ingest limit of 4194304 bytes; send it in smaller parts. (the 1 file(s) before it were ingested; sending "
        + "them again stores nothing twice)");
  }

  @Test
  void anUnknownProfileIsAUsageError() {
    assertThat(run(1, "ingest", "--profile", "PROFILE_X", moreFrames.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("Invalid value for option '--profile'");
  }

  @Test
  void pluginsListPrintsATable() {
    assertThat(run(2, "plugins", "list")).isZero();

    assertThat(out.toString().lines()).containsExactly(
        "PLUGIN                    VERSION           PROFILE               RANK  STATE     JAR",
        "profile-a-soil            1.0.0             PROFILE_A             1     STARTED   "
            + "profile-a-soil-1.0.0.jar",
        "  org.fieldreadings.plugins.soil.SoilProbeDecoder takes any payload it accepts",
        "profile-b-gateway         1.0.0             PROFILE_B             1     STARTED   "
            + "profile-b-gateway-1.0.0.jar",
        "  org.fieldreadings.plugins.gateway.GatewayFrameDecoder takes any payload it accepts",
        "profile-c-flow            1.0.0             PROFILE_C             1     STARTED   "
            + "profile-c-flow-1.0.0.jar",
        "  org.fieldreadings.plugins.flow.FlowLoggerDecoder takes any payload it accepts",
        "profile-d-cayenne         1.0.0             PROFILE_D             1     STARTED   "
            + "profile-d-cayenne-1.0.0.jar",
        "  org.fieldreadings.plugins.cayenne.CayenneUplinkDecoder takes any f_port but 2",
        "profile-d-lorawan         1.0.0             PROFILE_D             2     STARTED   "
            + "profile-d-lorawan-1.0.0.jar",
        "  org.fieldreadings.plugins.lorawan.LorawanUplinkDecoder takes f_port 2",
        "real-weather-station      1.0.0             REAL_WEATHER_STATION  1     STARTED   "
            + "real-weather-station-1.0.0.jar",
        "  org.fieldreadings.plugins.weather.WeatherStationDecoder takes any payload it accepts");
  }

  @Test
  void pluginsListWithJsonPrintsTheAdminAnswer() {
    assertThat(run(2, "plugins", "list", "--json")).isZero();

    assertThat(new JsonArray(out.toString()).getJsonObject(1)).isEqualTo(new JsonObject()
        .put("pluginId", "profile-b-gateway").put("version", "1.0.0").put("profile", "PROFILE_B")
        .put("rank", 1).put("decoder", "org.fieldreadings.plugins.gateway.GatewayFrameDecoder")
        .put("claims", "any payload it accepts").put("state", "STARTED").put("jar", "profile-b-gateway-1.0.0.jar")
        .putNull("reason"));
  }

  @Test
  void pluginsReloadAsksTheServerToLoadItsPluginsFolderAgain() {
    assertThat(run(2, "plugins", "reload")).isZero();

    assertThat(out.toString().lines()).startsWith("loaded: none", "unloaded: none", "replaced: none",
        "PLUGIN                    VERSION           PROFILE               RANK  STATE     JAR");
  }
}
