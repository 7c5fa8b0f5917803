package org.fieldreadings.readings.plugins;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.PluginSettings;
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
 * One load of the plugins folder: every plugin jar (or plugin folder) loaded with a PF4J manager of its own, the
 * {@link SupplierDecoder}s of each {@link Profile} in the order they are asked whether they accept a payload (the
 * operator's {@code plugins.<profile>.decoders} first, then plugin-id order), and the payloads decoding through it
 * right now, so that a {@link PluginHost#reload() reload} closes it only once they are done.
 *
 * <p>Rules, each logged in one line and kept as the plugin's reason: a jar whose manifest cannot be read or used, or
 * whose {@code Plugin-Requires} does not accept SPI {@value SpiVersion#CURRENT}, stays disabled; a plugin that does
 * not start, whose decoder cannot be created, whose decoder refuses its settings or does not take them within the
 * decode budget ({@link SupplierDecoder#configure}, called first of all), or whose decoder throws when asked what it
 * {@link SupplierDecoder#claims() claims}, has failed; a plugin must provide exactly one decoder, with a profile and a
 * claim (else it is refused); several plugins may serve one profile.
 */
final class PluginSet implements AutoCloseable {

  // Logged as the host: the name operators find the plugin lines under.
  private static final Logger LOG = LoggerFactory.getLogger(PluginHost.class);
  private static final long IDLE_POLL_MS = 10;
  /** Plugin-id order; jars without a readable id last, by file name. */
  private static final Comparator<PluginInfo> ORDER = Comparator
      .comparing(PluginInfo::pluginId, Comparator.nullsLast(Comparator.<String>naturalOrder()))
      .thenComparing(PluginInfo::jar);

  private final PluginManager manager;
  /** The copy of the plugins folder the plugins were loaded from, or null when loaded in place. */
  private final Path copy;
  /** Per profile, its decoders in the order they are asked. */
  private final Map<Profile, List<ProfileDecoder>> decoders;
  private final Map<String, ProfileDecoder> byPlugin;
  private final List<PluginInfo> plugins;
  /** Per jar (or folder) file name, a digest of its content: what a reload compares. */
  private final Map<String, String> contents;
  /** The payloads decoding through these plugins now; negative once they are closed (or closing) to new ones. */
  private final AtomicInteger decoding = new AtomicInteger();

  private PluginSet(PluginManager manager, Path copy, List<ProfileDecoder> started, List<PluginInfo> plugins,
      Map<Profile, List<String>> order, Map<String, String> contents) {
    this.manager = manager;
    this.copy = copy;
    this.contents = Map.copyOf(contents);
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
  static PluginSet load(PluginHostOptions options) {
    Path dir = options.pluginsDir().toAbsolutePath().normalize();
    Path copy = Files.isDirectory(dir) ? PluginFolderCopy.of(dir) : null;
    GuardedPluginManager manager = new GuardedPluginManager(copy == null ? dir : copy);
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
    Map<String, String> contents = new HashMap<>();
    manager.getPlugins().forEach(p -> contents.put(String.valueOf(p.getPluginPath().getFileName()),
        PluginContent.digest(p.getPluginPath())));
    manager.unloadable().keySet().forEach(path -> contents.put(String.valueOf(path.getFileName()),
        PluginContent.digest(path)));
    PluginSet loaded = new PluginSet(manager, copy, decoders, plugins, options.decoderOrder(), contents);
    loaded.logOrder(options.decoderOrder());
    options.settings().unclaimed(plugins.stream().map(PluginInfo::pluginId).filter(Objects::nonNull).toList())
        .forEach(key -> LOG.warn("{} is set, but no plugin in {} has that id", key, dir));
    LOG.info("supplier plugins in {}: {} of {} started; profiles without a plugin: {}", dir, decoders.size(),
        plugins.size(), missing(loaded.profiles()));
    return loaded;
  }

  /** Says which plugins serve each profile, in order, and which plugins the operator's order names in vain. */
  private void logOrder(Map<Profile, List<String>> operatorOrder) {
    decoders.forEach((profile, serving) -> {
      if (serving.size() > 1) {
        LOG.info("{} payloads go to the first of {} that accepts them", profile, asked(serving));
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
    return new PluginInfo(jar.pluginId(), jar.version(), null, null, null, null, PluginInfo.State.DISABLED, file,
        jar.reason());
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
    try {
      extensions = manager.getExtensions(SupplierDecoder.class, id);
    } catch (RuntimeException | LinkageError e) {
      return failed(manager, found, e);
    }
    if (extensions.size() != 1) {
      manager.stopPlugin(id);
      String mistake = extensions.isEmpty() ? PluginJarContents.packagingMistake(plugin.getPluginPath()) : null;
      return found.as(PluginInfo.State.REFUSED, null, mistake != null ? mistake
          : "it provides " + extensions.size() + " SupplierDecoder extensions, exactly one with a profile is needed");
    }
    SupplierDecoder decoder = extensions.get(0);
    PluginSettings settings = options.settings().forPlugin(id);
    String refusal = SettingsHandOver.refusal(id, decoder, settings, options.decodeBudget());
    if (refusal != null) {
      manager.stopPlugin(id);
      return found.as(PluginInfo.State.FAILED, null, refusal);
    }
    Profile profile;
    try {
      profile = decoder.profile();
    } catch (RuntimeException | LinkageError e) {
      return failed(manager, found, e);
    }
    if (profile == null) {
      manager.stopPlugin(id);
      return found.as(PluginInfo.State.REFUSED, null,
          "it provides 1 SupplierDecoder extensions without a profile, exactly one with a profile is needed");
    }
    String claims;
    try {
      claims = decoder.claims();
    } catch (RuntimeException | LinkageError e) {
      manager.stopPlugin(id);
      return found.as(PluginInfo.State.FAILED, null, "its decoder's claims() threw " + describe(e));
    }
    if (claims == null) {
      manager.stopPlugin(id);
      return found.as(PluginInfo.State.REFUSED, null, "its decoder's claims() says nothing (null)");
    }
    decoders.add(new ProfileDecoder(profile, id, decoder, claims, options));
    LOG.info("supplier plugin {} {} serves {} ({}) with {}, which claims {}; settings: {}", id, version, profile,
        file, decoder.getClass().getName(), claims,
        settings.names().isEmpty() ? "none" : String.join(", ", settings.names()));
    return found.started(profile, decoder.getClass().getName(), claims);
  }

  /** A plugin whose decoder cannot be created, or throws when asked its profile. */
  private static PluginInfo failed(GuardedPluginManager manager, Found found, Throwable e) {
    manager.stopPlugin(found.pluginId());
    return found.as(PluginInfo.State.FAILED, null, e instanceof ExceptionInInitializerError
        ? "the static initializer of its decoder threw " + describe(e)
        : "its decoder cannot be created: " + describe(e));
  }

  /** A loaded plugin on its way to a state; {@link #as} logs the outcome when it has a reason. */
  private record Found(String pluginId, String version, String jar) {

    PluginInfo as(PluginInfo.State state, Profile profile, String reason) {
      if (state == PluginInfo.State.DISABLED) {
        LOG.warn("supplier plugin {} {} ({}) is disabled: {}", pluginId, version, jar, reason);
      } else if (reason != null) {
        LOG.error("supplier plugin {} {} ({}) is {}: {}", pluginId, version, jar, state, reason);
      }
      return new PluginInfo(pluginId, version, profile, null, null, null, state, jar, reason);
    }

    PluginInfo started(Profile profile, String decoder, String claims) {
      return new PluginInfo(pluginId, version, profile, null, decoder, claims, PluginInfo.State.STARTED, jar, null);
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

  /** Every plugin found, in plugin-id order; a started plugin with a wedged decode thread is WEDGED. */
  List<PluginInfo> list() {
    return plugins.stream().map(this::current).toList();
  }

  private PluginInfo current(PluginInfo plugin) {
    String wedged = plugin.state() == PluginInfo.State.STARTED ? byPlugin.get(plugin.pluginId()).wedgedReason() : null;
    return wedged == null ? plugin : plugin.with(PluginInfo.State.WEDGED, wedged);
  }

  /** The profiles a started plugin serves, in enumeration order. */
  Set<Profile> profiles() {
    return decoders.keySet();
  }

  /** Per jar (or folder) file name of the plugins folder, a digest of what it held when loaded. */
  Map<String, String> contents() {
    return contents;
  }

  /** @see PluginHost#decoder(Profile) */
  SupplierDecoder decoder(Profile profile) {
    return served(profile).get(0).decoder();
  }

  /**
   * @see PluginHost#decode(Vertx, Profile, RawPayload)
   * @return null when these plugins are closed or closing after a reload: the caller asks the current ones
   */
  Future<DecodeResult> decode(Vertx vertx, Profile profile, RawPayload payload) {
    List<ProfileDecoder> serving;
    try {
      serving = served(profile);
    } catch (PluginFailure e) {
      return Future.failedFuture(e);
    }
    if (!enter()) {
      return null;
    }
    return firstAccepting(vertx, serving, 0, payload).onComplete(done -> decoding.decrementAndGet());
  }

  /** Counts one more payload decoding, unless the set is closed (a negative count). */
  private boolean enter() {
    while (true) {
      int now = decoding.get();
      if (now < 0) {
        return false;
      }
      if (decoding.compareAndSet(now, now + 1)) {
        return true;
      }
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
          + asked(serving)));
    });
  }

  /** The decoders of a profile in order, each with what it claims: {@code profile-d-lorawan (f_port 2), ...}. */
  private static String asked(List<ProfileDecoder> serving) {
    return serving.stream().map(d -> d.pluginId() + " (" + d.claims() + ")").collect(Collectors.joining(", "));
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

  /**
   * Waits until no payload decodes through these plugins any more, at most {@code patience}, and from then on takes
   * none; true if none was left. Blocking.
   */
  boolean awaitIdle(Duration patience) throws InterruptedException {
    long deadline = System.nanoTime() + patience.toNanos();
    while (!decoding.compareAndSet(0, -1)) {
      if (System.nanoTime() > deadline) {
        decoding.set(-1);
        return false;
      }
      Thread.sleep(IDLE_POLL_MS);
    }
    return true;
  }

  /** Stops the decode threads (interrupting running decodes) and the plugins. */
  @Override
  public void close() {
    decoding.set(-1);
    byPlugin.values().forEach(ProfileDecoder::close);
    manager.stopPlugins();
    manager.unloadPlugins();
    PluginFolderCopy.delete(copy);
  }
}
