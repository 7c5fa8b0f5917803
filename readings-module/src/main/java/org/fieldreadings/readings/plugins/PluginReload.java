package org.fieldreadings.readings.plugins;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * What a reload of the plugins folder changed, by jar (or plugin folder) file name.
 *
 * @param loaded jars that are new in the folder
 * @param unloaded jars no longer in the folder
 * @param replaced jars whose content changed
 * @param plugins every plugin after the reload, as {@code GET /admin/plugins} lists them
 */
public record PluginReload(
    List<String> loaded, List<String> unloaded, List<String> replaced, List<PluginInfo> plugins) {

  /** The JSON of {@code POST /admin/plugins/reload}: {@code {"loaded","unloaded","replaced","plugins"}}. */
  public JsonObject toJson() {
    return new JsonObject()
        .put("loaded", new JsonArray(loaded))
        .put("unloaded", new JsonArray(unloaded))
        .put("replaced", new JsonArray(replaced))
        .put("plugins", new JsonArray(plugins.stream().map(PluginInfo::toJson).toList()));
  }
}
