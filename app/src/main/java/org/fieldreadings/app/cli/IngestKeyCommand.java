package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ingest-key create|list|revoke}: the keys supplier gateways use to push raw data for one profile. */
@Command(name = "ingest-key", mixinStandardHelpOptions = true, description = "Manage ingest keys.",
    subcommands = {IngestKeyCommand.Create.class, IngestKeyCommand.List.class, IngestKeyCommand.Revoke.class})
public final class IngestKeyCommand {

  @Command(name = "create", mixinStandardHelpOptions = true, description = "Create an ingest key for a profile.")
  static final class Create extends AdminCommand {
    @Option(names = "--profile", required = true, description = "The supplier profile the key may ingest for.")
    String profile;

    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("POST", "/admin/ingest-keys", new JsonObject().put("profile", profile));
    }

    @Override
    protected String describe(Object answer) {
      return "ingest key for " + profile + ": " + ((JsonObject) answer).getString("ingestKey");
    }
  }

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "List ingest keys by their first 8 characters (never the whole key), profile and creation time.")
  static final class List extends AdminCommand {
    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("GET", "/admin/ingest-keys", null);
    }

    @Override
    protected String describe(Object answer) {
      JsonArray keys = (JsonArray) answer;
      if (keys.isEmpty()) {
        return "no ingest keys";
      }
      TextTable table = new TextTable(new int[] {8, 20}, "PREFIX", "PROFILE", "CREATED");
      for (Object item : keys) {
        JsonObject key = (JsonObject) item;
        table.row(key.getString("prefix"), key.getString("profile"), Instant.ofEpochMilli(key.getLong("createdAt")));
      }
      return table.toString();
    }
  }

  @Command(name = "revoke", mixinStandardHelpOptions = true,
      description = "Revoke the ingest key that starts with PREFIX (as listed); every node refuses it within a second.")
  static final class Revoke extends AdminCommand {
    @Option(names = "--prefix", required = true, paramLabel = "PREFIX", description = "The key's first 8 characters.")
    String prefix;

    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("DELETE", "/admin/ingest-keys/" + segment(prefix), null);
    }

    @Override
    protected String describe(Object answer) {
      return "ingest key " + prefix + " revoked";
    }
  }
}
