package org.fieldreadings.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class FieldReadingsCommandTest {

  @TempDir
  Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    return commandLine.execute(args);
  }

  @Test
  void helpListsTheCommandsAndExitsZero() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString()).contains("Usage: field-readings").contains("serve");
  }

  @Test
  void unknownOptionIsAUsageError() {
    assertThat(run("--no-such-option")).isEqualTo(2);
    assertThat(err.toString()).contains("Unknown option: '--no-such-option'");
  }

  @Test
  void malformedConfigurationIsOneLineNamingTheKey() throws Exception {
    Path conf = dir.resolve("config.json");
    Files.writeString(conf, "{\"http.port\": \"http\"}");
    assertThat(run("--conf", conf.toString())).isEqualTo(2);
    assertThat(err.toString()).isEqualTo(
        "error: http.port (" + conf + "): expected a port number from 0 to 65535, got 'http' (not an integer)"
            + System.lineSeparator());
  }

  @Test
  void missingConfigurationFileIsReported() {
    assertThat(run("--conf", dir.resolve("absent.json").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("configuration file").contains("does not exist");
  }
}
