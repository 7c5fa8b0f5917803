package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
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
    private static final int PART_LINES = 20_000;
    private static final int MAX_REPORTED = 1000;

    @Parameters(paramLabel = "FILE.csv", description = "The canonical CSV file.")
    Path file;

    /**
     * Sends the file in parts of {@link #PART_LINES} lines, each with the header, so neither side holds more than a
     * part; the parts' answers add up to one, with rejected line numbers counted in the whole file.
     */
    @Override
    protected Object execute(AdminClient admin) {
      if (!Files.isReadable(file)) {
        throw new CommandFailure("cannot read " + file);
      }
      String label = "importing " + file.getFileName();
      try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        ProgressBar bar = new ProgressBar(Files.size(file), spec.commandLine().getErr());
        try {
          String header = lines.readLine();
          if (header == null) {
            throw new CommandFailure(file + " is empty: the first line must be the CSV header");
          }
          bar.sent(label, header.length() + 1);
          Totals totals = new Totals();
          long firstLine = 2;
          StringBuilder part = new StringBuilder(header).append('\n');
          int count = 0;
          for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            part.append(line).append('\n');
            bar.sent(label, line.length() + 1);
            if (++count == PART_LINES) {
              totals.add(send(admin, part), firstLine);
              firstLine += count;
              part.setLength(header.length() + 1);
              count = 0;
            }
          }
          if (count > 0 || totals.parts == 0) {
            totals.add(send(admin, part), firstLine);
          }
          return totals.toJson();
        } finally {
          bar.finish();
        }
      } catch (IOException e) {
        throw new CommandFailure("cannot read " + file + ": " + e.getMessage());
      }
    }

    private static JsonObject send(AdminClient admin, StringBuilder part) {
      return (JsonObject) admin.send("POST", "/admin/readings",
          HttpRequest.BodyPublishers.ofString(part.toString()), "text/csv");
    }

    /** The answers of the parts, added up; a part's line n is line {@code firstLine + n - 2} of the file. */
    private static final class Totals {
      private long stored;
      private long duplicates;
      private long rejectedCount;
      private int parts;
      private final JsonArray rejected = new JsonArray();

      void add(JsonObject answer, long firstLine) {
        parts++;
        stored += answer.getLong("stored");
        duplicates += answer.getLong("duplicates");
        rejectedCount += answer.getLong("rejectedCount");
        for (Object item : answer.getJsonArray("rejected")) {
          JsonObject rejection = (JsonObject) item;
          if (rejected.size() < MAX_REPORTED) {
            rejected.add(rejection.copy().put("line", firstLine + rejection.getLong("line") - 2));
          }
        }
      }

      JsonObject toJson() {
        return new JsonObject().put("stored", stored).put("duplicates", duplicates)
            .put("rejectedCount", rejectedCount).put("rejected", rejected);
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
