package org.fieldreadings.readings.plugins;

import io.vertx.core.json.JsonObject;
import org.fieldreadings.plugin.api.Profile;

/**
 * One plugin found in the plugins folder, as {@code GET /admin/plugins} lists it.
 *
 * @param pluginId the {@code Plugin-Id} of its manifest, or null when the manifest cannot be read
 * @param version the {@code Plugin-Version} of its manifest, or null when the manifest cannot be read
 * @param profile the profile its decoder claims, or null when it has none (or never started)
 * @param rank for a started plugin, its place among the plugins of its profile in the order they are asked whether
 *     they accept a payload (1: asked first); null otherwise
 * @param decoder for a started plugin, the class name of its decoder; null otherwise
 * @param claims for a started plugin, what its decoder says it accepts ({@code SupplierDecoder.claims()}, e.g.
 *     {@code f_port 2}); null otherwise
 * @param state what the host made of it
 * @param jar the file name of its jar (or folder) in the plugins folder
 * @param reason why it is not simply {@link State#STARTED}, fit for an operator; null when it is
 */
public record PluginInfo(
    String pluginId, String version, Profile profile, Integer rank, String decoder, String claims, State state,
    String jar, String reason) {

  /** What the host made of a plugin. */
  public enum State {
    /** Decoding the payloads of its profile. */
    STARTED,
    /**
     * Started, but some of its decode threads ignored the interrupt at the end of their budget and are still
     * running; fresh threads serve its profile up to a cap, beyond which its payloads are refused.
     */
    WEDGED,
    /** Not loaded: its manifest cannot be read, or its {@code Plugin-Requires} does not accept this host's SPI. */
    DISABLED,
    /** It could not be started, or its decoder could not be created. */
    FAILED,
    /** Loaded but not used: it provides no decoder, or more than one. */
    REFUSED
  }

  /** The same plugin in another state, for another reason. */
  PluginInfo with(State newState, String newReason) {
    return new PluginInfo(pluginId, version, profile, rank, decoder, claims, newState, jar, newReason);
  }

  /** The same plugin at this place among the decoders of its profile. */
  PluginInfo withRank(int newRank) {
    return new PluginInfo(pluginId, version, profile, newRank, decoder, claims, state, jar, reason);
  }

  /**
   * The JSON of {@code GET /admin/plugins}:
   * {@code {"pluginId","version","profile","rank","decoder","claims","state","jar","reason"}}.
   */
  public JsonObject toJson() {
    return new JsonObject()
        .put("pluginId", pluginId)
        .put("version", version)
        .put("profile", profile == null ? null : profile.name())
        .put("rank", rank)
        .put("decoder", decoder)
        .put("claims", claims)
        .put("state", state.name())
        .put("jar", jar)
        .put("reason", reason);
  }
}
