package org.fieldreadings.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code readings import FILE.csv}: a file sent in several parts adds up to one answer in the file's line numbers. */
class ReadingsImportCommandTest {

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer server;

  @BeforeAll
  static void startServer() {
    server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()));
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @Test
  void aFileOfSeveralPartsIsImportedWithRejectedLinesNumberedInTheFile() throws Exception {
    StringBuilder csv = new StringBuilder("profile,serial,connectorId,interface,timestamp,value\n");
    Instant start = Instant.parse("2024-01-01T00:00:00Z");
    int readings = 45_000;
    for (int i = 0; i < readings; i++) {
      csv.append("PROFILE_A,SM-CLI,ORIGIN,SMraw10,").append(start.plusSeconds(60L * i)).append(',').append(i)
          .append('\n');
    }
    csv.append("PROFILE_A,SM-CLI,ORIGIN,SMraw10,not-a-time,1\n");
    Path file = dataDir.resolve("big.csv");
    Files.writeString(file, csv);
    Path conf = dataDir.resolve("cli.json");
    Files.writeString(conf, new JsonObject().put("admin.port", server.adminPort())
        .put("data.dir", dataDir.toString()).encode());

    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int exit = commandLine.execute("--conf", conf.toString(), "readings", "import", "--json", file.toString());

    assertThat(exit).isZero();
    // No terminal here: a few progress lines, not a redraw per part.
    assertThat(err.toString()).doesNotContain("\r");
    assertThat(err.toString().lines()).hasSizeBetween(1, 10).allMatch(line -> line.startsWith("importing big.csv "))
        .last().asString().contains("100%");
    assertThat(new JsonObject(out.toString())).isEqualTo(new JsonObject()
        .put("stored", readings).put("duplicates", 0).put("rejectedCount", 1)
        .put("rejected", new JsonArray().add(new JsonObject().put("line", readings + 2)
            .put("reason", "timestamp 'not-a-time' is neither RFC 3339 nor epoch milliseconds"))));
  }

  @Test
  void importExitsWithOneWhenEveryLineWasRejected() throws Exception {
    Path file = Files.writeString(dataDir.resolve("bad.csv"), "profile,serial,connectorId,interface,timestamp,value\n"
        + "PROFILE_A,SM-CLI,ORIGIN,NoSuchInterface,2024-01-01T00:00:00Z,1\n");
    StringWriter out = new StringWriter();
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(new StringWriter(), true));

    int exit = commandLine.execute("readings", "import", "--data-dir", dataDir.toString(), file.toString());

    assertThat(exit).isEqualTo(1);
    assertThat(out.toString()).startsWith("0 stored, 0 duplicates, 1 rejected lines");
  }
}
