package org.fieldreadings.app.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code field-readings}: serves the API when run without a command (docs/operations.md, "Command line"). */
@Command(
    name = "field-readings",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Field Readings: sensor readings of field devices over REST/JSON. Without a command, serves the API.",
    subcommands = {ServeCommand.class, EntityCommand.class, KeyCommand.class, DeviceCommand.class,
        SubscriptionCommand.class, ReadingsCommand.class, IngestCommand.class, IngestKeyCommand.class,
        PluginsCommand.class, BackupCommand.class, RestoreCommand.class, CommandLine.HelpCommand.class})
public final class FieldReadingsCommand implements Callable<Integer> {

  @Mixin
  ConfigOptions config;

  @Override
  public Integer call() {
    return new ServeCommand(config).call();
  }

  /** The command line with the project's exit codes and one-line error reporting. */
  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new FieldReadingsCommand());
    commandLine.setExecutionExceptionHandler(new OneLineErrors());
    return commandLine;
  }
}
