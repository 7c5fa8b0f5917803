package org.fieldreadings.app;

import org.fieldreadings.app.cli.FieldReadingsCommand;
import org.fieldreadings.app.server.LogFormat;
import picocli.CommandLine;

/** Entry point of the fat jar: the service with no arguments, an operator command otherwise. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    int exitCode = FieldReadingsCommand.commandLine().execute(args);
    // Log lines are written out in batches: the last ones (a failed start's reason) are written before exiting.
    LogFormat.flush();
    System.exit(exitCode);
  }
}
