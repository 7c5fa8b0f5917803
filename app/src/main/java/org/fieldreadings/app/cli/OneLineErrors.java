package org.fieldreadings.app.cli;

import org.fieldreadings.app.server.StartupException;
import org.fieldreadings.core.config.ConfigException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Reports a failed command as one readable line on stderr (the stack trace only with {@code --verbose}).
 * Exit codes: 2 for a usage or configuration error, 1 for any other failure.
 */
final class OneLineErrors implements IExecutionExceptionHandler {

  @Override
  public int handleExecutionException(Exception e, CommandLine commandLine, ParseResult parseResult) {
    boolean verbose = parseResult.hasMatchedOption("--verbose")
        || parseResult.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--verbose"));
    if (verbose) {
      e.printStackTrace(commandLine.getErr());
    }
    commandLine.getErr().println("error: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
    return e instanceof ConfigException || e instanceof CommandLine.ParameterException ? 2 : 1;
  }
}
