package org.fieldreadings.readings.plugins;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.config.PluginSettingsConfig;
import org.fieldreadings.plugin.api.Profile;

/**
 * How the {@link PluginHost} loads and runs supplier plugins. The thread, queue and wedged limits "per profile" hold
 * for each plugin of a profile when several serve it: each has threads of its own.
 *
 * @param pluginsDir the folder holding the plugin jars (a missing folder means no plugins)
 * @param decodeBudget how long one payload may take in one plugin, waiting for a thread included, before it fails
 * @param threadsPerProfile the decode threads of each profile: a plugin that hangs can block only its own
 * @param queuePerProfile how many payloads of one profile may wait for a thread before more are refused as busy
 * @param wedgedPerProfile how many decode threads of one profile that ignored their interrupt are each replaced by
 *     a fresh thread; beyond that the profile is served by the threads left, and refused when none is
 * @param decoderOrder per profile, the plugin ids the operator wants asked first, in that order; the profile's
 *     other plugins are asked after them, in plugin-id order
 * @param settings the operator's settings of each plugin ({@code plugins.<pluginId>.<name>}), handed to it at start
 */
public record PluginHostOptions(Path pluginsDir, Duration decodeBudget, int threadsPerProfile, int queuePerProfile,
    int wedgedPerProfile, Map<Profile, List<String>> decoderOrder, PluginSettingsConfig settings) {

  public static final Duration DEFAULT_DECODE_BUDGET = Duration.ofSeconds(10);
  public static final int DEFAULT_THREADS_PER_PROFILE = 2;
  public static final int DEFAULT_QUEUE_PER_PROFILE = 256;

  public PluginHostOptions {
    Objects.requireNonNull(pluginsDir, "pluginsDir");
    if (decodeBudget == null || decodeBudget.isNegative() || decodeBudget.isZero()) {
      throw new IllegalArgumentException("decodeBudget must be positive");
    }
    if (threadsPerProfile < 1 || queuePerProfile < 1) {
      throw new IllegalArgumentException("threadsPerProfile and queuePerProfile must be at least 1");
    }
    if (wedgedPerProfile < 0) {
      throw new IllegalArgumentException("wedgedPerProfile must not be negative");
    }
    decoderOrder = Map.copyOf(decoderOrder);
    Objects.requireNonNull(settings, "settings");
  }

  /** The defaults for a plugins folder. */
  public static PluginHostOptions of(Path pluginsDir) {
    return new PluginHostOptions(pluginsDir, DEFAULT_DECODE_BUDGET, DEFAULT_THREADS_PER_PROFILE,
        DEFAULT_QUEUE_PER_PROFILE, ConfigKeys.PLUGINS_WEDGED_MAX.defaultValue(), Map.of(), PluginSettingsConfig.NONE);
  }

  /**
   * The folder of configuration key {@code plugins.dir}, the budget of {@code plugins.decode.budget} and the cap of
   * {@code plugins.wedged.max}, the decoder orders of {@code plugins.<profile>.decoders}, and the plugins' settings.
   */
  public static PluginHostOptions fromConfig(JsonObject config) {
    Map<Profile, List<String>> order = new EnumMap<>(Profile.class);
    for (Profile profile : Profile.values()) {
      String ids = ConfigKeys.pluginsDecoders(profile.name()).get(config);
      if (ids != null) {
        order.put(profile, List.of(ids.split(",")));
      }
    }
    return of(Path.of(ConfigKeys.PLUGINS_DIR.get(config)))
        .withDecodeBudget(Duration.parse(ConfigKeys.PLUGINS_DECODE_BUDGET.get(config)))
        .withWedged(ConfigKeys.PLUGINS_WEDGED_MAX.get(config))
        .withDecoderOrder(order)
        .withSettings(PluginSettingsConfig.of(config));
  }

  public PluginHostOptions withDecodeBudget(Duration budget) {
    return new PluginHostOptions(
        pluginsDir, budget, threadsPerProfile, queuePerProfile, wedgedPerProfile, decoderOrder, settings);
  }

  public PluginHostOptions withThreads(int threads, int queue) {
    return new PluginHostOptions(pluginsDir, decodeBudget, threads, queue, wedgedPerProfile, decoderOrder, settings);
  }

  public PluginHostOptions withWedged(int wedged) {
    return new PluginHostOptions(
        pluginsDir, decodeBudget, threadsPerProfile, queuePerProfile, wedged, decoderOrder, settings);
  }

  public PluginHostOptions withDecoderOrder(Map<Profile, List<String>> order) {
    return new PluginHostOptions(
        pluginsDir, decodeBudget, threadsPerProfile, queuePerProfile, wedgedPerProfile, order, settings);
  }

  public PluginHostOptions withSettings(PluginSettingsConfig pluginSettings) {
    return new PluginHostOptions(
        pluginsDir, decodeBudget, threadsPerProfile, queuePerProfile, wedgedPerProfile, decoderOrder, pluginSettings);
  }
}
