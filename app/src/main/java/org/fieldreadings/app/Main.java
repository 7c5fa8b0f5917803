package org.fieldreadings.app;

import org.fieldreadings.app.cli.FieldReadingsCommand;
import picocli.CommandLine;

/** Entry point of the fat jar: the service with no arguments, an operator command otherwise. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    System.exit(FieldReadingsCommand.commandLine().execute(args));
  }
}
