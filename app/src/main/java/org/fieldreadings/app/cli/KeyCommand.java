package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code key issue}: support issues a new API key for an entity (also after a revoke). */
@Command(name = "key", mixinStandardHelpOptions = true, description = "Manage API keys.",
    subcommands = {KeyCommand.Issue.class})
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
}
