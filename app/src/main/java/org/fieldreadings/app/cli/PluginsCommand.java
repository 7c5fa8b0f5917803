package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.fieldreadings.app.admin.AdminClient;
import picocli.CommandLine.Command;

/**
 * {@code plugins list}: the supplier plugins the running server found, and what it made of each;
 * {@code plugins reload}: the server loads its plugins folder again.
 */
@Command(name = "plugins", mixinStandardHelpOptions = true, description = "Inspect and reload supplier plugins.",
    subcommands = {PluginsCommand.List.class, PluginsCommand.Reload.class})
public final class PluginsCommand {

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "List the plugins of the server's plugins folder: id, version, profile, rank (1: asked first "
          + "whether it accepts a payload of its profile), state (STARTED, WEDGED, DISABLED, FAILED or REFUSED) and "
          + "jar; under each started plugin its decoder's class and what it takes (e.g. f_port 2), under each "
          + "plugin that is not simply STARTED the reason.")
  static final class List extends AdminCommand {
    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("GET", "/admin/plugins", null);
    }

    @Override
    protected String describe(Object answer) {
      return table((JsonArray) answer);
    }
  }

  @Command(name = "reload", mixinStandardHelpOptions = true,
      description = "Load the server's plugins folder again: jars dropped into it are loaded, removed ones unloaded, "
          + "changed ones replaced; payloads being decoded finish on the plugins they started on. Prints what "
          + "changed, then the plugins as 'plugins list' does.")
  static final class Reload extends AdminCommand {
    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("POST", "/admin/plugins/reload", null);
    }

    @Override
    protected String describe(Object answer) {
      JsonObject reload = (JsonObject) answer;
      StringBuilder out = new StringBuilder();
      for (String change : new String[] {"loaded", "unloaded", "replaced"}) {
        JsonArray jars = reload.getJsonArray(change);
        out.append(change).append(": ").append(jars.isEmpty() ? "none" : String.join(", ", jars.stream()
            .map(String.class::cast).toList())).append(System.lineSeparator());
      }
      return out.append(table(reload.getJsonArray("plugins"))).toString();
    }
  }

  /** The plugins as a table, under each plugin's row its decoder and what it takes, then its reason. */
  private static String table(JsonArray plugins) {
    if (plugins.isEmpty()) {
      return "no plugins: the server's plugins folder (plugins.dir) holds none";
    }
    TextTable table =
        new TextTable(new int[] {24, 16, 20, 4, 8}, "PLUGIN", "VERSION", "PROFILE", "RANK", "STATE", "JAR");
    for (Object item : plugins) {
      JsonObject plugin = (JsonObject) item;
      table.row(plugin.getString("pluginId"), plugin.getString("version"), plugin.getString("profile"),
          plugin.getInteger("rank"), plugin.getString("state"), plugin.getString("jar"));
      if (plugin.getString("decoder") != null) {
        table.note(plugin.getString("decoder") + " takes " + plugin.getString("claims"));
      }
      if (plugin.getString("reason") != null) {
        table.note(plugin.getString("reason"));
      }
    }
    return table.toString();
  }
}
