package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.fieldreadings.app.admin.AdminClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code entity add|list}: the entities that own devices and keys. */
@Command(name = "entity", mixinStandardHelpOptions = true, description = "Manage entities.",
    subcommands = {EntityCommand.Add.class, EntityCommand.List.class})
public final class EntityCommand {

  @Command(name = "add", mixinStandardHelpOptions = true, description = "Create an entity.")
  static final class Add extends AdminCommand {
    @Option(names = "--email", required = true, description = "E-mail address of the entity (where tokens go).")
    String email;

    @Option(names = "--name", description = "Display name (default: the e-mail address).")
    String name;

    @Override
    protected Object execute(AdminClient admin) {
      JsonObject body = new JsonObject().put("email", email);
      if (name != null) {
        body.put("name", name);
      }
      return admin.call("POST", "/admin/entities", body);
    }

    @Override
    protected String describe(Object answer) {
      return "entity " + ((JsonObject) answer).getString("entityId") + " created for " + email;
    }
  }

  @Command(name = "list", mixinStandardHelpOptions = true, description = "List entities and their key status.")
  static final class List extends AdminCommand {
    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("GET", "/admin/entities", null);
    }

    @Override
    protected String describe(Object answer) {
      TextTable table = new TextTable(new int[] {36, 8}, "ENTITY", "KEY", "E-MAIL (NAME)");
      for (Object item : (JsonArray) answer) {
        JsonObject entity = (JsonObject) item;
        table.row(entity.getString("entityId"), entity.getString("keyStatus"),
            entity.getString("email") + " (" + entity.getString("name") + ")");
      }
      return table.toString();
    }
  }
}
