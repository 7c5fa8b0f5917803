package org.fieldreadings.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

  private final StringWriter err = new StringWriter();

  @Test
  void offATerminalItPrintsOneLinePerTenthAndNoRedraws() {
    ProgressBar bar = new ProgressBar(10_000_000, new PrintWriter(err), false);
    for (int i = 0; i < 1000; i++) {
      bar.sent("importing big.csv", 10_000);
    }
    bar.finish();

    assertThat(err.toString()).doesNotContain("\r", "#");
    assertThat(err.toString().lines()).hasSize(10).startsWith("importing big.csv  10%  1.0/10.0 MB")
        .endsWith("importing big.csv 100%  10.0/10.0 MB");
  }

  @Test
  void offATerminalItSaysWhereItStoppedWhenTheUploadsEndBeforeTheEnd() {
    ProgressBar bar = new ProgressBar(1_000_000, new PrintWriter(err), false);
    bar.sent("ingesting 1/2 a.txt", 100_000);
    bar.sent("ingesting 2/2 b.txt", 160_000);
    bar.sent("ingesting 2/2 b.txt", 20_000);
    bar.finish();

    assertThat(err.toString().lines()).containsExactly("ingesting 1/2 a.txt  10%  0.1/1.0 MB",
        "ingesting 2/2 b.txt  26%  0.3/1.0 MB", "ingesting 2/2 b.txt  28%  0.3/1.0 MB");
  }

  @Test
  void onATerminalItRedrawsOneLineAndEndsIt() {
    ProgressBar bar = new ProgressBar(1_000_000, new PrintWriter(err), true);
    bar.sent("importing a.csv", 1_000_000);
    bar.finish();

    String line = "importing a.csv [" + "#".repeat(30) + "] 100%  1.0/1.0 MB";
    assertThat(err.toString()).startsWith("\r" + line).endsWith("\r" + line + System.lineSeparator())
        .containsOnlyOnce(System.lineSeparator());
  }
}
