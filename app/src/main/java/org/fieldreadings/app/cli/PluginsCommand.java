package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import picocli.CommandLine.Command;

/** {@code plugins list}: the supplier plugins the running server found, and what it made of each. */
@Command(name = "plugins", mixinStandardHelpOptions = true, description = "Inspect supplier plugins.",
    subcommands = {PluginsCommand.List.class})
public final class PluginsCommand {

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "List the plugins of the server's plugins folder: id, version, profile and state "
          + "(STARTED, DISABLED, FAILED or REFUSED; the server log says why).")
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
      String format = "%-24s  %-16s  %-20s  %s";
      StringBuilder out = new StringBuilder(String.format(format, "PLUGIN", "VERSION", "PROFILE", "STATE"));
      for (Object item : plugins) {
        JsonObject plugin = (JsonObject) item;
        String profile = plugin.getString("profile");
        out.append(System.lineSeparator()).append(String.format(format, plugin.getString("pluginId"),
            plugin.getString("version"), profile == null ? "-" : profile, plugin.getString("state")));
      }
      return out.toString();
    }
  }
}
