package org.fieldreadings.readings.plugins;

import io.vertx.core.json.JsonObject;
import org.fieldreadings.plugin.api.Profile;

/**
 * One plugin found in the plugins folder, as {@code GET /admin/plugins} lists it.
 *
 * @param pluginId the {@code Plugin-Id} of its manifest
 * @param version the {@code Plugin-Version} of its manifest
 * @param profile the profile its decoder claims, or null when it has none (or never started)
 * @param state what the host made of it
 */
public record PluginInfo(String pluginId, String version, Profile profile, State state) {

  /** What the host made of a plugin. */
  public enum State {
    /** Decoding the payloads of its profile. */
    STARTED,
    /** Its {@code Plugin-Requires} does not accept this host's SPI version. */
    DISABLED,
    /** It could not be loaded or started (see the log). */
    FAILED,
    /** Loaded but not used: no decoder, more than one, or a profile another plugin already serves. */
    REFUSED
  }

  /** The JSON of {@code GET /admin/plugins}: {@code {"pluginId","version","profile","state"}}. */
  public JsonObject toJson() {
    return new JsonObject()
        .put("pluginId", pluginId)
        .put("version", version)
        .put("profile", profile == null ? null : profile.name())
        .put("state", state.name());
  }
}
