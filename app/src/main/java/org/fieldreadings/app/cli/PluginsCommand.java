package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import picocli.CommandLine.Command;

/** {@code plugins list}: the supplier plugins the running server found, and what it made of each. */
@Command(name = "plugins", mixinStandardHelpOptions = true, description = "Inspect supplier plugins.",
    subcommands = {PluginsCommand.List.class})
public final class PluginsCommand {

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "List the plugins of the server's plugins folder: id, version, profile, rank (1: asked first "
          + "whether it accepts a payload of its profile), state (STARTED, WEDGED, DISABLED, FAILED or REFUSED) and "
          + "jar, with the reason under each plugin that is not simply STARTED.")
  static final class List extends AdminCommand {
    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("GET", "/admin/plugins", null);
    }

    @Override
    protected String describe(Object answer) {
      JsonArray plugins = (JsonArray) answer;
      if (plugins.isEmpty()) {
        return "no plugins: the server's plugins folder (plugins.dir) holds none";
      }
      TextTable table =
          new TextTable(new int[] {24, 16, 20, 4, 8}, "PLUGIN", "VERSION", "PROFILE", "RANK", "STATE", "JAR");
      for (Object item : plugins) {
        JsonObject plugin = (JsonObject) item;
        table.row(plugin.getString("pluginId"), plugin.getString("version"), plugin.getString("profile"),
            plugin.getInteger("rank"), plugin.getString("state"), plugin.getString("jar"));
        if (plugin.getString("reason") != null) {
          table.note(plugin.getString("reason"));
        }
      }
      return table.toString();
    }
  }
}
