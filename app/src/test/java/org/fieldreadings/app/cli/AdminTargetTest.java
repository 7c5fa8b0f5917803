package org.fieldreadings.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Operator commands find the running server from any folder: by its data directory, or by address and token file. */
class AdminTargetTest {

  @TempDir
  static Path dataDir;

  @TempDir
  static Path elsewhere;

  private static FieldReadingsServer server;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeAll
  static void startServer() throws Exception {
    server = FieldReadingsServer.start(TestServers.config(dataDir,
        Map.of("FR_DATABASE_URL", TestPostgres.newDatabase().toConfigValue())));
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  private int run(String... args) {
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    return commandLine.execute(args);
  }

  @Test
  void theServerWritesItsAdminAddressIntoTheDataDirectory() throws Exception {
    assertThat(Files.readString(dataDir.resolve("admin.url")).trim())
        .isEqualTo("http://127.0.0.1:" + server.adminPort());
  }

  @Test
  void dataDirAfterTheCommandFindsTheServer() {
    assertThat(run("entity", "add", "--email", "after@example.com", "--data-dir", dataDir.toString())).isZero();
    assertThat(out.toString()).startsWith("entity ").contains(" created for after@example.com");
  }

  @Test
  void dataDirBeforeTheCommandFindsTheServer() {
    assertThat(run("--data-dir", dataDir.toString(), "entity", "list", "--json")).isZero();
    assertThat(out.toString()).startsWith("[");
  }

  @Test
  void adminUrlAndTokenFileFindTheServerWithoutItsDataDirectory() {
    assertThat(run("entity", "list", "--json", "--data-dir", elsewhere.toString(),
        "--admin-url", "http://127.0.0.1:" + server.adminPort() + "/",
        "--admin-token-file", dataDir.resolve("admin.token").toString())).isZero();
    assertThat(out.toString()).startsWith("[");
  }

  @Test
  void aDataDirectoryWithoutTokenSaysWhatToPass() {
    assertThat(run("entity", "list", "--data-dir", elsewhere.toString())).isEqualTo(1);
    assertThat(err.toString()).isEqualTo("error: no admin token: " + elsewhere.resolve("admin.token")
        + " does not exist; pass --data-dir DIR (the server's data directory) or --admin-token-file FILE, or set "
        + "admin.token" + System.lineSeparator());
  }
}
