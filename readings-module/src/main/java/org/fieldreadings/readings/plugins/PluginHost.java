package org.fieldreadings.readings.plugins;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.pf4j.DefaultPluginManager;
import org.pf4j.PluginManager;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import org.pf4j.RuntimeMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The supplier plugins of this node: loads every plugin jar (or plugin folder) of the plugins folder with PF4J,
 * keeps one {@link SupplierDecoder} per {@link Profile}, and decodes payloads off the event loop under a time
 * budget.
 *
 * <p>Start it once, off the event loop (it reads jars): {@code PluginHost.start(PluginHostOptions.fromConfig(config))},
 * e.g. inside {@code vertx.executeBlocking}; close it at shutdown. Rules at start-up, each logged in one line:
 * a plugin whose {@code Plugin-Requires} does not accept SPI {@value SpiVersion#CURRENT} stays disabled; a plugin
 * must provide exactly one decoder; plugins are considered in plugin-id order and a second plugin for a profile
 * already served is refused.
 */
public final class PluginHost implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(PluginHost.class);

  private final PluginManager manager;
  private final Map<Profile, ProfileDecoder> decoders;
  private final List<PluginInfo> plugins;

  private PluginHost(PluginManager manager, Map<Profile, ProfileDecoder> decoders, List<PluginInfo> plugins) {
    this.manager = manager;
    this.decoders = Collections.unmodifiableMap(decoders);
    this.plugins = plugins;
  }

  /** Loads and starts the plugins of {@code options.pluginsDir()}. Blocking. */
  public static PluginHost start(PluginHostOptions options) {
    Path dir = options.pluginsDir().toAbsolutePath().normalize();
    PluginManager manager = new DefaultPluginManager(dir) {
      @Override
      public RuntimeMode getRuntimeMode() {
        // Plugins are always packaged jars or folders here, whatever a stray pf4j.mode property says.
        return RuntimeMode.DEPLOYMENT;
      }
    };
    manager.setSystemVersion(SpiVersion.CURRENT);
    Map<Profile, ProfileDecoder> decoders = new EnumMap<>(Profile.class);
    List<PluginInfo> plugins = new ArrayList<>();
    if (Files.isDirectory(dir)) {
      manager.loadPlugins();
      manager.startPlugins();
      manager.getPlugins().stream()
          .sorted(Comparator.comparing(PluginWrapper::getPluginId))
          .forEach(plugin -> plugins.add(admit(manager, plugin, decoders, options)));
    } else {
      LOG.warn("plugins folder {} does not exist: no supplier plugins", dir);
    }
    LOG.info("supplier plugins in {}: {} of {} started; profiles without a plugin: {}", dir, decoders.size(),
        plugins.size(), missing(decoders.keySet()));
    return new PluginHost(manager, decoders, List.copyOf(plugins));
  }

  /** Decides whether a loaded plugin serves a profile, and says so in the log. */
  private static PluginInfo admit(PluginManager manager, PluginWrapper plugin, Map<Profile, ProfileDecoder> decoders,
      PluginHostOptions options) {
    String id = plugin.getPluginId();
    String version = plugin.getDescriptor().getVersion();
    String file = String.valueOf(plugin.getPluginPath().getFileName());
    if (plugin.getPluginState() == PluginState.DISABLED) {
      LOG.warn("supplier plugin {} {} ({}) is disabled: its Plugin-Requires '{}' does not accept SPI version {}",
          id, version, file, plugin.getDescriptor().getRequires(), SpiVersion.CURRENT);
      return new PluginInfo(id, version, null, PluginInfo.State.DISABLED);
    }
    if (plugin.getPluginState() != PluginState.STARTED) {
      LOG.error("supplier plugin {} {} ({}) did not start (state {})", id, version, file, plugin.getPluginState());
      return new PluginInfo(id, version, null, PluginInfo.State.FAILED);
    }
    List<SupplierDecoder> found;
    Profile profile;
    try {
      found = manager.getExtensions(SupplierDecoder.class, id);
      profile = found.size() == 1 ? found.get(0).profile() : null;
    } catch (RuntimeException | LinkageError e) {
      LOG.error("supplier plugin {} {} ({}) refused: its decoder cannot be created", id, version, file, e);
      return refuse(manager, id, version, null);
    }
    if (found.size() != 1 || profile == null) {
      LOG.error("supplier plugin {} {} ({}) refused: it provides {} SupplierDecoder extensions{}, exactly one with "
          + "a profile is needed", id, version, file, found.size(), found.size() == 1 ? " without a profile" : "");
      return refuse(manager, id, version, null);
    }
    ProfileDecoder taken = decoders.get(profile);
    if (taken != null) {
      LOG.error("supplier plugin {} {} ({}) refused: {} is already served by plugin {}", id, version, file, profile,
          taken.pluginId());
      return refuse(manager, id, version, profile);
    }
    decoders.put(profile, new ProfileDecoder(profile, id, found.get(0), options));
    LOG.info("supplier plugin {} {} serves {} ({})", id, version, profile, file);
    return new PluginInfo(id, version, profile, PluginInfo.State.STARTED);
  }

  private static PluginInfo refuse(PluginManager manager, String id, String version, Profile profile) {
    manager.stopPlugin(id);
    return new PluginInfo(id, version, profile, PluginInfo.State.REFUSED);
  }

  private static String missing(Set<Profile> served) {
    String missing = Arrays.stream(Profile.values()).filter(p -> !served.contains(p)).map(Enum::name)
        .collect(Collectors.joining(", "));
    return missing.isEmpty() ? "none" : missing;
  }

  /** Every plugin found, in plugin-id order, for {@code GET /admin/plugins}. */
  public List<PluginInfo> list() {
    return plugins;
  }

  /** The profiles a started plugin serves, in enumeration order. */
  public Set<Profile> profiles() {
    return decoders.keySet();
  }

  /**
   * The decoder of a profile, for a caller that runs it itself on a thread of its own; prefer {@link #decode}.
   *
   * @throws PluginFailure of kind {@link PluginFailure.Kind#NO_PLUGIN}, listing the profiles that have one
   */
  public SupplierDecoder decoder(Profile profile) {
    return served(profile).decoder();
  }

  /**
   * Decodes a payload with the plugin of its profile, on that profile's own threads (never on an event loop) and
   * within the decode budget. The future completes on the caller's context, failing with a {@link PluginFailure}
   * when no plugin serves the profile, the plugin throws or returns nothing, overruns the budget (it is then
   * interrupted) or has too many payloads waiting. Any failure concerns this payload only.
   */
  public Future<DecodeResult> decode(Vertx vertx, Profile profile, RawPayload payload) {
    try {
      return served(profile).decode(vertx, payload);
    } catch (PluginFailure e) {
      return Future.failedFuture(e);
    }
  }

  private ProfileDecoder served(Profile profile) {
    ProfileDecoder decoder = decoders.get(profile);
    if (decoder == null) {
      String available = decoders.isEmpty()
          ? "none"
          : decoders.keySet().stream().map(Enum::name).collect(Collectors.joining(", "));
      throw new PluginFailure(
          PluginFailure.Kind.NO_PLUGIN, "no plugin decodes " + profile + " payloads; available: " + available);
    }
    return decoder;
  }

  /** Stops the decode threads (interrupting running decodes) and the plugins. */
  @Override
  public void close() {
    decoders.values().forEach(ProfileDecoder::close);
    manager.stopPlugins();
    manager.unloadPlugins();
  }
}
