package org.fieldreadings.app.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fieldreadings.app.server.DataDirRestore;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseRestore;
import org.fieldreadings.core.text.LogSafe;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code restore FILE}: a backup into a new or empty data directory, with the server stopped. */
@Command(name = "restore", mixinStandardHelpOptions = true,
    description = "Restore a backup into a new or empty data directory (--data-dir, FR_DATA_DIR or data.dir), with "
        + "the server stopped; then start the server on that directory.")
final class RestoreCommand implements Callable<Integer> {

  @Mixin
  ConfigOptions config;

  @Parameters(paramLabel = "FILE", description = "A backup saved by the backup command.")
  Path file;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    ConfigOptions options = config.orElse(((FieldReadingsCommand) spec.root().userObject()).config);
    var configuration = options.load();
    if (ConfigKeys.DATABASE_URL.get(configuration) != null) {
      throw new CommandFailure("restore rebuilds the embedded database; with database.url, restore your own "
          + "PostgreSQL with its own tools");
    }
    Path dataDir = Path.of(ConfigKeys.DATA_DIR.get(configuration)).toAbsolutePath().normalize();
    DatabaseRestore.Restored restored;
    try {
      restored = DataDirRestore.restore(file, dataDir);
    } catch (IllegalArgumentException e) {
      throw new CommandFailure(e.getMessage());
    }
    // The file's own words reach the terminal escaped: a tampered manifest cannot send control sequences.
    spec.commandLine().getOut().println("restored " + file + " (taken " + LogSafe.text(restored.createdAt())
        + " by field-readings " + LogSafe.text(restored.service()) + ", " + restored.tables() + " tables) into "
        + dataDir);
    spec.commandLine().getOut().flush();
    return 0;
  }
}
