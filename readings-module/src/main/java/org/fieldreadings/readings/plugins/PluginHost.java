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
import org.pf4j.PluginManager;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The supplier plugins of this node: loads every plugin jar (or plugin folder) of the plugins folder with PF4J,
 * keeps the {@link SupplierDecoder}s of each {@link Profile} in the order they are asked whether they accept a payload
 * (the operator's {@code plugins.<profile>.decoders} first, then plugin-id order), and decodes payloads off the event
 * loop under a time budget.
 *
 * <p>Start it once, off the event loop (it reads jars): {@code PluginHost.start(PluginHostOptions.fromConfig(config))},
 * e.g. inside {@code vertx.executeBlocking}; close it at shutdown. No plugin can stop the start-up. Rules, each
 * logged in one line and kept as the plugin's reason: a jar whose manifest cannot be read or used, or whose
 * {@code Plugin-Requires} does not accept SPI {@value SpiVersion#CURRENT}, stays disabled; a plugin that does not
 * start, or whose decoder cannot be created, has failed; a plugin must provide exactly one decoder (else it is
 * refused); several plugins may serve one profile.
 */
public final class PluginHost implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(PluginHost.class);
  /** Plugin-id order; jars without a readable id last, by file name. */
  private static final Comparator<PluginInfo> ORDER = Comparator
      .comparing(PluginInfo::pluginId, Comparator.nullsLast(Comparator.<String>naturalOrder()))
      .thenComparing(PluginInfo::jar);

  private final PluginManager manager;
  /** Per profile, its decoders in the order they are asked. */
  private final Map<Profile, List<ProfileDecoder>> decoders;
  private final Map<String, ProfileDecoder> byPlugin;
  private final List<PluginInfo> plugins;

  private PluginHost(PluginManager manager, List<ProfileDecoder> started, List<PluginInfo> plugins,
      Map<Profile, List<String>> order) {
    this.manager = manager;
    Map<Profile, List<ProfileDecoder>> byProfile = new EnumMap<>(Profile.class);
    for (Profile profile : Profile.values()) {
      List<ProfileDecoder> serving = started.stream().filter(d -> d.profile() == profile)
          .sorted(askOrder(order.getOrDefault(profile, List.of()))).toList();
      if (!serving.isEmpty()) {
        byProfile.put(profile, serving);
      }
    }
    this.decoders = Collections.unmodifiableMap(byProfile);
    this.byPlugin = started.stream().collect(Collectors.toUnmodifiableMap(ProfileDecoder::pluginId, d -> d));
    this.plugins = plugins.stream().map(this::ranked).toList();
  }

  /** The operator's plugins first, in the operator's order, then the others in plugin-id order. */
  private static Comparator<ProfileDecoder> askOrder(List<String> operatorOrder) {
    return Comparator.<ProfileDecoder>comparingInt(d -> {
      int position = operatorOrder.indexOf(d.pluginId());
      return position < 0 ? Integer.MAX_VALUE : position;
    }).thenComparing(ProfileDecoder::pluginId);
  }

  /** A started plugin with its place among the decoders of its profile. */
  private PluginInfo ranked(PluginInfo plugin) {
    ProfileDecoder decoder = plugin.state() == PluginInfo.State.STARTED ? byPlugin.get(plugin.pluginId()) : null;
    return decoder == null ? plugin : plugin.withRank(decoders.get(plugin.profile()).indexOf(decoder) + 1);
  }

  /** Loads and starts the plugins of {@code options.pluginsDir()}. Blocking. */
  public static PluginHost start(PluginHostOptions options) {
    Path dir = options.pluginsDir().toAbsolutePath().normalize();
    GuardedPluginManager manager = new GuardedPluginManager(dir);
    List<ProfileDecoder> decoders = new ArrayList<>();
    List<PluginInfo> plugins = new ArrayList<>();
    if (Files.isDirectory(dir)) {
      manager.loadPlugins();
      manager.startPlugins();
      manager.unloadable().forEach((path, jar) -> plugins.add(disabled(path, jar)));
      manager.getPlugins().stream()
          .sorted(Comparator.comparing(PluginWrapper::getPluginId))
          .forEach(plugin -> plugins.add(admit(manager, plugin, decoders, options)));
      plugins.sort(ORDER);
    } else {
      LOG.warn("plugins folder {} does not exist: no supplier plugins", dir);
    }
    PluginHost host = new PluginHost(manager, decoders, plugins, options.decoderOrder());
    host.logOrder(options.decoderOrder());
    LOG.info("supplier plugins in {}: {} of {} started; profiles without a plugin: {}", dir, decoders.size(),
        plugins.size(), missing(host.profiles()));
    return host;
  }

  /** Says which plugins serve each profile, in order, and which plugins the operator's order names in vain. */
  private void logOrder(Map<Profile, List<String>> operatorOrder) {
    decoders.forEach((profile, serving) -> {
      if (serving.size() > 1) {
        LOG.info("{} payloads go to the first of {} that accepts them", profile,
            serving.stream().map(ProfileDecoder::pluginId).collect(Collectors.joining(", ")));
      }
    });
    operatorOrder.forEach((profile, ids) -> ids.stream()
        .filter(id -> !byPlugin.containsKey(id) || byPlugin.get(id).profile() != profile)
        .forEach(id -> LOG.warn("plugins.{}.decoders names {}, which is no started plugin of {}", profile, id,
            profile)));
  }

  private static PluginInfo disabled(Path path, GuardedPluginManager.Unloadable jar) {
    String file = String.valueOf(path.getFileName());
    LOG.warn("supplier plugin {} is disabled: {}", file, jar.reason());
    return new PluginInfo(jar.pluginId(), jar.version(), null, null, PluginInfo.State.DISABLED, file, jar.reason());
  }

  /** Decides whether a loaded plugin serves a profile, and says so in the log. */
  private static PluginInfo admit(GuardedPluginManager manager, PluginWrapper plugin,
      List<ProfileDecoder> decoders, PluginHostOptions options) {
    String id = plugin.getPluginId();
    String version = plugin.getDescriptor().getVersion();
    String file = String.valueOf(plugin.getPluginPath().getFileName());
    Found found = new Found(id, version, file);
    if (plugin.getPluginState() == PluginState.DISABLED) {
      return found.as(PluginInfo.State.DISABLED, null, manager.disabledByOperator(id)
          ? "the plugins folder's disabled.txt or enabled.txt turns it off"
          : "its Plugin-Requires '" + plugin.getDescriptor().getRequires() + "' does not accept SPI version "
              + SpiVersion.CURRENT);
    }
    if (plugin.getPluginState() != PluginState.STARTED) {
      Throwable failure = plugin.getFailedException();
      return found.as(PluginInfo.State.FAILED, null, "it did not start: "
          + (failure == null ? "its state is " + plugin.getPluginState() : describe(failure)));
    }
    List<SupplierDecoder> extensions;
    Profile profile;
    try {
      extensions = manager.getExtensions(SupplierDecoder.class, id);
      profile = extensions.size() == 1 ? extensions.get(0).profile() : null;
    } catch (RuntimeException | LinkageError e) {
      manager.stopPlugin(id);
      return found.as(PluginInfo.State.FAILED, null, e instanceof ExceptionInInitializerError
          ? "the static initializer of its decoder threw " + describe(e)
          : "its decoder cannot be created: " + describe(e));
    }
    if (extensions.size() != 1 || profile == null) {
      manager.stopPlugin(id);
      return found.as(PluginInfo.State.REFUSED, null, "it provides " + extensions.size() + " SupplierDecoder extensions"
          + (extensions.size() == 1 ? " without a profile" : "") + ", exactly one with a profile is needed");
    }
    decoders.add(new ProfileDecoder(profile, id, extensions.get(0), options));
    LOG.info("supplier plugin {} {} serves {} ({})", id, version, profile, file);
    return found.as(PluginInfo.State.STARTED, profile, null);
  }

  /** A loaded plugin on its way to a state; {@link #as} logs the outcome when it has a reason. */
  private record Found(String pluginId, String version, String jar) {

    PluginInfo as(PluginInfo.State state, Profile profile, String reason) {
      if (state == PluginInfo.State.DISABLED) {
        LOG.warn("supplier plugin {} {} ({}) is disabled: {}", pluginId, version, jar, reason);
      } else if (reason != null) {
        LOG.error("supplier plugin {} {} ({}) is {}: {}", pluginId, version, jar, state, reason);
      }
      return new PluginInfo(pluginId, version, profile, null, state, jar, reason);
    }
  }

  /** The innermost cause of a plugin's failure, as {@code ExceptionClass: message}: enough for an operator. */
  static String describe(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
  }

  private static String missing(Set<Profile> served) {
    String missing = Arrays.stream(Profile.values()).filter(p -> !served.contains(p)).map(Enum::name)
        .collect(Collectors.joining(", "));
    return missing.isEmpty() ? "none" : missing;
  }

  /**
   * Every plugin found, in plugin-id order, for {@code GET /admin/plugins}: a started plugin some of whose decode
   * threads are wedged is {@link PluginInfo.State#WEDGED} for as long as they are.
   */
  public List<PluginInfo> list() {
    return plugins.stream().map(this::current).toList();
  }

  private PluginInfo current(PluginInfo plugin) {
    String wedged = plugin.state() == PluginInfo.State.STARTED ? byPlugin.get(plugin.pluginId()).wedgedReason() : null;
    return wedged == null ? plugin : plugin.with(PluginInfo.State.WEDGED, wedged);
  }

  /** The profiles a started plugin serves, in enumeration order. */
  public Set<Profile> profiles() {
    return decoders.keySet();
  }

  /**
   * The first decoder asked for a profile's payloads, for a caller that runs it itself on a thread of its own; prefer
   * {@link #decode}.
   *
   * @throws PluginFailure of kind {@link PluginFailure.Kind#NO_PLUGIN}, listing the profiles that have one
   */
  public SupplierDecoder decoder(Profile profile) {
    return served(profile).get(0).decoder();
  }

  /**
   * Decodes a payload with the first plugin of its profile that accepts it, each asked in order on its own threads
   * (never on an event loop) and within the decode budget. The future completes on the caller's context, failing
   * with a {@link PluginFailure} when no plugin serves the profile, none accepts the payload, or the one that does
   * throws or returns nothing, overruns the budget (it is then interrupted), has too many payloads waiting or holds
   * every decode thread it has. Any failure concerns this payload only.
   */
  public Future<DecodeResult> decode(Vertx vertx, Profile profile, RawPayload payload) {
    try {
      return firstAccepting(vertx, served(profile), 0, payload);
    } catch (PluginFailure e) {
      return Future.failedFuture(e);
    }
  }

  private static Future<DecodeResult> firstAccepting(
      Vertx vertx, List<ProfileDecoder> serving, int next, RawPayload payload) {
    return serving.get(next).decode(vertx, payload).compose(decoded -> {
      if (decoded.isPresent()) {
        return Future.succeededFuture(decoded.get());
      }
      if (next + 1 < serving.size()) {
        return firstAccepting(vertx, serving, next + 1, payload);
      }
      return Future.failedFuture(new PluginFailure(PluginFailure.Kind.NOT_ACCEPTED, "no "
          + serving.get(0).profile() + " plugin accepts this " + payload.mediaType() + " payload; asked: "
          + serving.stream().map(ProfileDecoder::pluginId).collect(Collectors.joining(", "))));
    });
  }

  private List<ProfileDecoder> served(Profile profile) {
    List<ProfileDecoder> decoder = decoders.get(profile);
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
    byPlugin.values().forEach(ProfileDecoder::close);
    manager.stopPlugins();
    manager.unloadPlugins();
  }
}
