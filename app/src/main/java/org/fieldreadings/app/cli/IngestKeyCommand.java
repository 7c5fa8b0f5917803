package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.fieldreadings.app.admin.AdminClient;
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

    @Option(names = "--entity", paramLabel = "ID",
        description = "Bind the key to this entity: devices it creates are the entity's, it writes no other entity's.")
    String entityId;

    @Option(names = "--accept-location",
        description = "Let the key's payloads change the group and location of devices that already exist.")
    boolean acceptLocation;

    @Override
    protected Object execute(AdminClient admin) {
      JsonObject request = new JsonObject().put("profile", profile).put("acceptLocation", acceptLocation);
      if (entityId != null) {
        request.put("entityId", entityId);
      }
      return admin.call("POST", "/admin/ingest-keys", request);
    }

    @Override
    protected String describe(Object answer) {
      return "ingest key for " + profile + ": " + ((JsonObject) answer).getString("ingestKey");
    }
  }

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "List ingest keys by their first 8 characters (never the whole key), with profile, creation time "
          + "and scope: bound entity, whether payloads may move existing devices, devices created of the most allowed.")
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
      TextTable table = new TextTable(new int[] {8, 20, 24, 36, 8}, "PREFIX", "PROFILE", "CREATED", "ENTITY",
          "LOCATION", "DEVICES");
      for (Object item : keys) {
        JsonObject key = (JsonObject) item;
        table.row(key.getString("prefix"), key.getString("profile"), Instant.ofEpochMilli(key.getLong("createdAt")),
            key.getString("entityId", "-"), key.getBoolean("acceptLocation") ? "accepted" : "-",
            key.getLong("devices") + "/" + key.getLong("maxDevices"));
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
