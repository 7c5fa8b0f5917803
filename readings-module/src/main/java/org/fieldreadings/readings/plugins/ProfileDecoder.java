package org.fieldreadings.readings.plugins;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The decoder of one plugin serving a profile, run on threads of its own: a plugin that loops or blocks can exhaust
 * only its own threads, never the event loops, Vert.x's worker pool, or another plugin's decoders.
 *
 * <p>A decode that overruns its budget is interrupted. A thread still inside the plugin a grace period later is
 * wedged: it is replaced by a fresh thread, up to {@link PluginHostOptions#wedgedPerProfile()} wedged threads, so
 * the threads (and the cores a spinning plugin burns) stay bounded. When every thread is wedged the profile's
 * payloads are refused at once; a wedged thread that returns from the plugin gives its place back.
 */
final class ProfileDecoder implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ProfileDecoder.class);
  /** A plugin that honours the interrupt returns within milliseconds; this long it is given at most. */
  private static final Duration MAX_GRACE = Duration.ofSeconds(1);

  private final Profile profile;
  private final String pluginId;
  private final SupplierDecoder decoder;
  private final String claims;
  private final Duration budget;
  private final Duration grace;
  private final int baseThreads;
  private final int maxWedged;
  private final ThreadPoolExecutor threads;
  private int wedged; // guarded by this

  ProfileDecoder(Profile profile, String pluginId, SupplierDecoder decoder, String claims,
      PluginHostOptions options) {
    this.profile = profile;
    this.pluginId = pluginId;
    this.decoder = decoder;
    this.claims = claims;
    this.budget = options.decodeBudget();
    this.grace = budget.compareTo(MAX_GRACE) < 0 ? budget : MAX_GRACE;
    this.baseThreads = options.threadsPerProfile();
    this.maxWedged = options.wedgedPerProfile();
    this.threads = new ThreadPoolExecutor(baseThreads, baseThreads, 0, TimeUnit.MILLISECONDS,
        new ArrayBlockingQueue<>(options.queuePerProfile()), daemonThreads(profile));
  }

  String pluginId() {
    return pluginId;
  }

  SupplierDecoder decoder() {
    return decoder;
  }

  /** What the decoder said it accepts ({@link SupplierDecoder#claims()}), asked once when the plugin started. */
  String claims() {
    return claims;
  }

  /** Why the plugin is {@link PluginInfo.State#WEDGED}, or null when no thread of it is. */
  synchronized String wedgedReason() {
    if (wedged == 0) {
      return null;
    }
    String threadsWedged = wedged == 1
        ? "1 decode thread did not stop when interrupted at the end of its " + readable(budget) + " budget"
        : wedged + " decode threads did not stop when interrupted at the end of their " + readable(budget) + " budget";
    return threadsWedged + (noThreadFree()
        ? "; no thread is free: " + profile + " payloads are refused until one returns"
        : "; fresh threads serve " + profile + " payloads");
  }

  Profile profile() {
    return profile;
  }

  /**
   * Asks the plugin whether it {@link SupplierDecoder#accepts} the payload and, if it does, decodes it, both on this
   * plugin's threads. The future completes on the caller's context: empty when the plugin does not accept the
   * payload (or throws when asked), with the result, or with a {@link PluginFailure} when the plugin throws, returns
   * nothing, overruns the budget (it is then interrupted), when too many payloads wait, or when every thread is
   * wedged.
   */
  Future<Optional<DecodeResult>> decode(Vertx vertx, RawPayload payload) {
    synchronized (this) {
      if (noThreadFree()) {
        return Future.failedFuture(new PluginFailure(PluginFailure.Kind.WEDGED,
            "plugin " + pluginId + " holds all " + wedged + " of its " + profile
                + " decode threads in payloads it did not give up; try again later"));
      }
    }
    Promise<Optional<DecodeResult>> promise = Promise.promise();
    Decode task = new Decode(payload, vertx.getOrCreateContext(), promise);
    try {
      threads.execute(task);
    } catch (RejectedExecutionException e) {
      return Future.failedFuture(new PluginFailure(PluginFailure.Kind.BUSY,
          "plugin " + pluginId + " is busy: " + threads.getQueue().size() + " " + profile
              + " payloads are waiting; try again later"));
    }
    long timer = vertx.setTimer(budget.toMillis(), id -> {
      if (promise.tryFail(new PluginFailure(PluginFailure.Kind.TIMED_OUT,
          "plugin " + pluginId + " did not decode the payload within " + readable(budget)))) {
        if (!threads.remove(task) && task.interrupt()) {
          LOG.warn("plugin {} ({}) overran its {} decode budget and was interrupted", pluginId, profile,
              readable(budget));
          vertx.setTimer(grace.toMillis(), later -> {
            if (task.wedge()) {
              wedge();
            }
          });
        }
      }
    });
    return promise.future().onComplete(done -> vertx.cancelTimer(timer));
  }

  private boolean noThreadFree() {
    return wedged >= baseThreads + maxWedged;
  }

  /** A thread stays inside the plugin after its interrupt: a fresh one takes its place while the cap allows. */
  private synchronized void wedge() {
    wedged++;
    resize();
    LOG.error("plugin {} ({}) is wedged: {}", pluginId, profile, wedgedReason());
  }

  /** A wedged thread came back from the plugin. */
  private synchronized void release() {
    wedged--;
    resize();
    LOG.warn("plugin {} ({}) gave back a wedged decode thread; {} still wedged", pluginId, profile, wedged);
  }

  private void resize() {
    int size = baseThreads + Math.min(wedged, maxWedged);
    // The core size may never exceed the maximum, whichever way the pool changes.
    if (size > threads.getMaximumPoolSize()) {
      threads.setMaximumPoolSize(size);
      threads.setCorePoolSize(size);
    } else {
      threads.setCorePoolSize(size);
      threads.setMaximumPoolSize(size);
    }
  }

  @Override
  public void close() {
    threads.shutdownNow();
  }

  static String readable(Duration duration) {
    return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
  }

  private static ThreadFactory daemonThreads(Profile profile) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, "plugin-" + profile + "-" + count.incrementAndGet());
      // A plugin that ignores interrupts must not keep the process alive at shutdown.
      thread.setDaemon(true);
      return thread;
    };
  }

  /** One payload on its way through the plugin, and which thread runs it, so that only that decode is interrupted. */
  private final class Decode implements Runnable {

    private final RawPayload payload;
    private final Context context;
    private final Promise<Optional<DecodeResult>> promise;
    private Thread runner; // guarded by this
    private boolean finished; // guarded by this
    private boolean wedged; // guarded by this

    Decode(RawPayload payload, Context context, Promise<Optional<DecodeResult>> promise) {
      this.payload = payload;
      this.context = context;
      this.promise = promise;
    }

    @Override
    public void run() {
      synchronized (this) {
        if (finished) {
          return;
        }
        runner = Thread.currentThread();
      }
      boolean accepted = accepts();
      DecodeResult result = null;
      Throwable thrown = null;
      if (accepted) {
        try {
          result = decoder.decode(payload);
        } catch (Throwable t) { // a plugin's bug of any kind (even a StackOverflowError) fails one payload
          thrown = t;
        }
      }
      boolean wasWedged;
      synchronized (this) {
        finished = true;
        runner = null;
        wasWedged = wedged;
      }
      if (wasWedged) {
        release();
      }
      answer(accepted, result, thrown);
    }

    /** The plugin's answer to {@link SupplierDecoder#accepts}; a throw is a no, as the SPI says. */
    private boolean accepts() {
      try {
        return decoder.accepts(payload);
      } catch (Throwable t) {
        LOG.warn("plugin {} ({}) threw when asked whether it accepts a payload; taken as no", pluginId, profile, t);
        return false;
      }
    }

    private void answer(boolean accepted, DecodeResult result, Throwable thrown) {
      PluginFailure failure = !accepted ? null
          : thrown != null
              ? new PluginFailure(PluginFailure.Kind.CRASHED,
                  "plugin " + pluginId + " failed on this payload; the server log has the details", thrown)
          : result == null ? new PluginFailure(PluginFailure.Kind.CRASHED, "plugin " + pluginId + " returned no result")
          : null;
      context.runOnContext(v -> {
        if (failure == null) {
          promise.tryComplete(Optional.ofNullable(result));
        } else if (promise.tryFail(failure)) {
          LOG.warn("plugin {} ({}) failed on a payload", pluginId, profile, failure.getCause());
        }
      });
    }

    /** Interrupts the plugin if it runs this payload now; true if it did, false if it had not started or is done. */
    synchronized boolean interrupt() {
      if (runner == null) {
        finished = true; // a decode that was about to start never does
        return false;
      }
      runner.interrupt();
      return true;
    }

    /** Marks the decode wedged if the plugin still runs it; true if it did. */
    synchronized boolean wedge() {
      wedged = !finished;
      return wedged;
    }
  }
}
