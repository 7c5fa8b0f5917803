package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.fieldreadings.app.admin.AdminCallFailure;
import org.fieldreadings.app.admin.AdminClient;
import org.fieldreadings.plugin.api.Profile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ingest --profile P FILE...}: sends raw supplier files, one request each, through the profile's plugin on the
 * running server (admin route {@code POST /admin/ingest/{profile}}), with one progress bar over all their bytes.
 */
@Command(name = "ingest", mixinStandardHelpOptions = true,
    description = "Ingest raw supplier files through the plugin of a profile. Devices, connectors and interfaces are "
        + "learned; re-sending a file stores nothing twice. Exit code 1 when the server refused a file or rejected "
        + "everything sent.")
public final class IngestCommand extends WriteCommand {

  @Option(names = "--profile", required = true, paramLabel = "P",
      description = "The supplier profile whose plugin decodes the files: ${COMPLETION-CANDIDATES}.")
  Profile profile;

  @Option(names = "--content-type", paramLabel = "TYPE", description = "Content type of every file (default: from "
      + "the extension: .json application/json, .csv text/csv, anything else application/octet-stream).")
  String contentType;

  @Parameters(paramLabel = "FILE", arity = "1..*", description = "Raw files as the supplier sent them.")
  List<Path> files;

  @Override
  protected Object execute(AdminClient admin) {
    long total = 0;
    for (Path file : files) {
      total += sizeOf(file);
    }
    ProgressBar bar = new ProgressBar(total, spec.commandLine().getErr());
    JsonArray results = new JsonArray();
    long stored = 0;
    long duplicates = 0;
    long rejected = 0;
    try {
      for (int i = 0; i < files.size(); i++) {
        Path file = files.get(i);
        JsonObject answer = send(admin, bar, file, String.format("ingesting %d/%d %s", i + 1, files.size(),
            file.getFileName()), i);
        stored += answer.getLong("stored");
        duplicates += answer.getLong("duplicates");
        rejected += answer.getLong("rejectedCount");
        results.add(new JsonObject().put("file", file.toString()).mergeIn(answer));
      }
    } finally {
      bar.finish();
    }
    return new JsonObject().put("files", results)
        .put("stored", stored).put("duplicates", duplicates).put("rejectedCount", rejected);
  }

  private JsonObject send(AdminClient admin, ProgressBar bar, Path file, String label, int sentBefore) {
    try {
      return (JsonObject) admin.send("POST", "/admin/ingest/" + profile.name(), bar.upload(file, label),
          contentType == null ? contentTypeOf(file) : contentType);
    } catch (IOException e) {
      throw new CommandFailure("cannot read " + file + ": " + e.getMessage());
    } catch (AdminCallFailure e) {
      throw new CommandFailure(file + ": " + e.getMessage() + (sentBefore == 0 ? ""
          : " (the " + sentBefore + " file(s) before it were ingested; sending them again stores nothing twice)"));
    }
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new CommandFailure("cannot read " + file);
    }
  }

  private static String contentTypeOf(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".json")) {
      return "application/json";
    }
    return name.endsWith(".csv") ? "text/csv" : "application/octet-stream";
  }

  @Override
  protected String describe(Object answer) {
    JsonObject result = (JsonObject) answer;
    StringBuilder out = new StringBuilder();
    for (Object item : result.getJsonArray("files")) {
      JsonObject file = (JsonObject) item;
      out.append(String.format("%s: %d stored, %d duplicates, %d rejected%n", file.getString("file"),
          file.getLong("stored"), file.getLong("duplicates"), file.getLong("rejectedCount")));
      for (Object r : file.getJsonArray("rejected")) {
        JsonObject rejection = (JsonObject) r;
        int index = rejection.getInteger("index");
        out.append(String.format("  %s: %s%n", index < 0 ? "payload" : "#" + index, rejection.getString("reason")));
      }
    }
    out.append(String.format("total: %d stored, %d duplicates, %d rejected in %d file(s)", result.getLong("stored"),
        result.getLong("duplicates"), result.getLong("rejectedCount"), result.getJsonArray("files").size()));
    return out.toString();
  }
}
