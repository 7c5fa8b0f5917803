package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import org.fieldreadings.app.admin.AdminClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code key issue|revoke}: support issues a new API key for an entity (also after a revoke), or revokes it. */
@Command(name = "key", mixinStandardHelpOptions = true, description = "Manage API keys.",
    subcommands = {KeyCommand.Issue.class, KeyCommand.Revoke.class})
public final class KeyCommand {

  @Command(name = "issue", mixinStandardHelpOptions = true,
      description = "Issue a new API key for an entity; its previous key stops working.")
  static final class Issue extends AdminCommand {
    @Option(names = "--entity", required = true, description = "The entity id.")
    String entityId;

    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("POST", "/admin/entities/" + segment(entityId) + "/key", null);
    }

    @Override
    protected String describe(Object answer) {
      JsonObject key = (JsonObject) answer;
      return "API key of entity " + key.getString("entityId") + ": " + key.getString("apiKey");
    }
  }

  @Command(name = "revoke", mixinStandardHelpOptions = true,
      description = "Revoke an entity's API key, as its holder would; every node refuses it within a second.")
  static final class Revoke extends AdminCommand {
    @Option(names = "--entity", required = true, description = "The entity id.")
    String entityId;

    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("DELETE", "/admin/entities/" + segment(entityId) + "/key", null);
    }

    @Override
    protected String describe(Object answer) {
      return "API key of entity " + entityId + " revoked";
    }
  }
}
