package org.fieldreadings.readings.plugins;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.FutureTask;
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
 * The decoder serving one profile, run on threads of its own: a plugin that loops or blocks can exhaust only
 * its own profile's threads, never the event loops, Vert.x's worker pool, or another profile's decoders.
 */
final class ProfileDecoder implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ProfileDecoder.class);

  private final Profile profile;
  private final String pluginId;
  private final SupplierDecoder decoder;
  private final Duration budget;
  private final ThreadPoolExecutor threads;

  ProfileDecoder(Profile profile, String pluginId, SupplierDecoder decoder, PluginHostOptions options) {
    this.profile = profile;
    this.pluginId = pluginId;
    this.decoder = decoder;
    this.budget = options.decodeBudget();
    this.threads = new ThreadPoolExecutor(options.threadsPerProfile(), options.threadsPerProfile(), 0,
        TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(options.queuePerProfile()), daemonThreads(profile));
  }

  String pluginId() {
    return pluginId;
  }

  SupplierDecoder decoder() {
    return decoder;
  }

  /**
   * Decodes on this profile's threads. The future completes on the caller's context: with the result, or with a
   * {@link PluginFailure} when the plugin throws, returns nothing, overruns the budget (it is then interrupted) or
   * when too many payloads wait.
   */
  Future<DecodeResult> decode(Vertx vertx, RawPayload payload) {
    Context context = vertx.getOrCreateContext();
    Promise<DecodeResult> promise = Promise.promise();
    FutureTask<Void> task = new FutureTask<>(() -> run(payload, context, promise), null);
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
        task.cancel(true);
        threads.remove(task);
        LOG.warn("plugin {} ({}) overran its {} decode budget and was interrupted", pluginId, profile,
            readable(budget));
      }
    });
    return promise.future().onComplete(done -> vertx.cancelTimer(timer));
  }

  private void run(RawPayload payload, Context context, Promise<DecodeResult> promise) {
    DecodeResult result = null;
    Throwable thrown = null;
    try {
      result = decoder.decode(payload);
    } catch (Throwable t) { // a plugin's bug of any kind (even an Error such as StackOverflowError) fails one payload
      thrown = t;
    }
    PluginFailure failure = thrown != null
        ? new PluginFailure(PluginFailure.Kind.CRASHED,
            "plugin " + pluginId + " failed on this payload; the server log has the details", thrown)
        : result == null ? new PluginFailure(PluginFailure.Kind.CRASHED, "plugin " + pluginId + " returned no result")
        : null;
    DecodeResult decoded = result;
    context.runOnContext(v -> {
      if (failure == null) {
        promise.tryComplete(decoded);
      } else if (promise.tryFail(failure)) {
        LOG.warn("plugin {} ({}) failed on a payload", pluginId, profile, failure.getCause());
      }
    });
  }

  @Override
  public void close() {
    threads.shutdownNow();
  }

  private static String readable(Duration duration) {
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
}
