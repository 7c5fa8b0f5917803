package org.fieldreadings.readings.plugins;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The supplier plugins of this node: loads every plugin jar (or plugin folder) of the plugins folder with PF4J (see
 * {@link PluginSet} for the rules), asks the plugins of a payload's profile in order whether they accept it, and
 * decodes it with the first that does, off the event loop under a time budget. {@link #reload()} loads the folder
 * again while payloads keep flowing.
 *
 * <p>Start it once, off the event loop (it reads jars): {@code PluginHost.start(PluginHostOptions.fromConfig(config))},
 * e.g. inside {@code vertx.executeBlocking}; close it at shutdown. No plugin can stop the start-up.
 */
public final class PluginHost implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(PluginHost.class);
  /** Beyond the decode budget of each plugin a payload may be asked of, how long a replaced load may stay busy. */
  private static final Duration DRAIN_GRACE = Duration.ofSeconds(1);

  private final PluginHostOptions options;
  private volatile PluginSet current;
  /** Loads replaced by a reload, closed once the payloads decoding through them are done. */
  private final Set<PluginSet> draining = ConcurrentHashMap.newKeySet();
  private PluginFolderWatch watch; // guarded by this

  private PluginHost(PluginHostOptions options, PluginSet current) {
    this.options = options;
    this.current = current;
  }

  /** Loads and starts the plugins of {@code options.pluginsDir()}. Blocking. */
  public static PluginHost start(PluginHostOptions options) {
    return new PluginHost(options, PluginSet.load(options));
  }

  /**
   * Loads the plugins folder again: new jars are loaded, removed ones unloaded, changed ones replaced. Payloads that
   * arrive from now on go to the new plugins; those decoding through the previous ones finish there, and the
   * previous plugins are unloaded once they are done (on a thread of their own, so this does not wait for them).
   * Blocking.
   */
  public synchronized PluginReload reload() {
    PluginSet previous = current;
    PluginSet next = PluginSet.load(options);
    current = next;
    draining.add(previous);
    Thread drain = new Thread(() -> closeWhenIdle(previous), "plugins-drain");
    drain.setDaemon(true);
    drain.start();
    Map<String, String> before = previous.contents();
    Map<String, String> after = next.contents();
    PluginReload reload = new PluginReload(
        after.keySet().stream().filter(jar -> !before.containsKey(jar)).sorted().toList(),
        before.keySet().stream().filter(jar -> !after.containsKey(jar)).sorted().toList(),
        after.keySet().stream().filter(jar -> before.containsKey(jar) && !before.get(jar).equals(after.get(jar)))
            .sorted().toList(),
        next.list());
    LOG.info("supplier plugins reloaded: loaded {}, unloaded {}, replaced {}", reload.loaded(), reload.unloaded(),
        reload.replaced());
    return reload;
  }

  /**
   * Reloads the plugins after each change to the plugins folder ({@code plugins.watch}), once it has been
   * {@code quiet} for that long; a folder that cannot be watched (e.g. missing) is logged and left unwatched.
   */
  public synchronized void watch(Duration quiet) {
    Path dir = options.pluginsDir().toAbsolutePath().normalize();
    try {
      watch = PluginFolderWatch.start(dir, quiet, this::reload);
    } catch (IOException | RuntimeException e) {
      LOG.warn("cannot watch the plugins folder {} ({}): use plugins reload after a change", dir, e.toString());
    }
  }

  private void closeWhenIdle(PluginSet previous) {
    // A payload may be asked of every plugin of its profile in turn, each within the budget.
    Duration patience = options.decodeBudget().multipliedBy(previous.list().size() + 1L).plus(DRAIN_GRACE);
    try {
      if (!previous.awaitIdle(patience)) {
        LOG.warn("payloads still decoding through the replaced plugins after {}; they are interrupted", patience);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (draining.remove(previous)) {
      previous.close();
    }
  }

  /**
   * Every plugin found, in plugin-id order, for {@code GET /admin/plugins}: a started plugin some of whose decode
   * threads are wedged is {@link PluginInfo.State#WEDGED} for as long as they are.
   */
  public List<PluginInfo> list() {
    return current.list();
  }

  /** The profiles a started plugin serves, in enumeration order. */
  public Set<Profile> profiles() {
    return current.profiles();
  }

  /**
   * The first decoder asked for a profile's payloads, for a caller that runs it itself on a thread of its own; prefer
   * {@link #decode}.
   *
   * @throws PluginFailure of kind {@link PluginFailure.Kind#NO_PLUGIN}, listing the profiles that have one
   */
  public SupplierDecoder decoder(Profile profile) {
    return current.decoder(profile);
  }

  /**
   * Decodes a payload with the first plugin of its profile that accepts it, each asked in order on its own threads
   * (never on an event loop) and within the decode budget. The future completes on the caller's context, failing
   * with a {@link PluginFailure} when no plugin serves the profile, none accepts the payload, or the one that does
   * throws or returns nothing, overruns the budget (it is then interrupted), has too many payloads waiting or holds
   * every decode thread it has. Any failure concerns this payload only.
   */
  public Future<DecodeResult> decode(Vertx vertx, Profile profile, RawPayload payload) {
    Future<DecodeResult> decoded = current.decode(vertx, profile, payload);
    // Null: a reload replaced the plugins just now; the next ones take the payload.
    decoded = decoded == null ? current.decode(vertx, profile, payload) : decoded;
    return decoded != null ? decoded : Future.failedFuture(new PluginFailure(PluginFailure.Kind.BUSY,
        "the supplier plugins are being reloaded; try again"));
  }

  /** Stops the decode threads (interrupting running decodes) and the plugins, replaced ones included. */
  @Override
  public synchronized void close() {
    if (watch != null) {
      watch.close();
    }
    current.close();
    draining.removeIf(previous -> {
      previous.close();
      return true;
    });
  }
}
