package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code readings import FILE.csv}: uploads a canonical CSV to the running server, with a progress bar. */
@Command(name = "readings", mixinStandardHelpOptions = true, description = "Manage readings.",
    subcommands = {ReadingsCommand.Import.class})
public final class ReadingsCommand {

  @Command(name = "import", mixinStandardHelpOptions = true,
      description = "Import a canonical CSV (profile,serial,connectorId,interface,timestamp,value); unknown devices "
          + "are created, bad lines are reported by number while good lines are stored.")
  static final class Import extends AdminCommand {
    @Parameters(paramLabel = "FILE.csv", description = "The canonical CSV file.")
    Path file;

    @Override
    protected Object execute(AdminClient admin) {
      if (!Files.isReadable(file)) {
        throw new CommandFailure("cannot read " + file);
      }
      try {
        ProgressBar bar = new ProgressBar(Files.size(file), spec.commandLine().getErr());
        try {
          return admin.send("POST", "/admin/readings", bar.upload(file, "importing " + file.getFileName()),
              "text/csv");
        } finally {
          bar.finish();
        }
      } catch (IOException e) {
        throw new CommandFailure("cannot read " + file + ": " + e.getMessage());
      }
    }

    @Override
    protected String describe(Object answer) {
      JsonObject result = (JsonObject) answer;
      StringBuilder out = new StringBuilder(String.format("%d stored, %d duplicates, %d rejected lines",
          result.getLong("stored"), result.getLong("duplicates"), result.getLong("rejectedCount")));
      result.getJsonArray("rejected").forEach(item -> {
        JsonObject rejection = (JsonObject) item;
        out.append(System.lineSeparator()).append("  line ").append(rejection.getLong("line")).append(": ")
            .append(rejection.getString("reason"));
      });
      return out.toString();
    }
  }
}
