package org.fieldreadings.readings;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import org.fieldreadings.core.bus.BusReplies;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.readings.cache.BlockCache;
import org.fieldreadings.readings.cache.ReadingsChanges;
import org.fieldreadings.readings.ingest.IngestPipeline;
import org.fieldreadings.readings.plugins.PluginHost;
import org.fieldreadings.readings.plugins.PluginHostOptions;
import org.fieldreadings.readings.plugins.PluginInfo;
import org.fieldreadings.readings.query.BlockReader;
import org.fieldreadings.readings.query.LastReadingsQuery;
import org.fieldreadings.readings.query.SensorThingsReadings;
import org.fieldreadings.readings.query.SeriesReadingsQuery;
import org.fieldreadings.readings.source.ReadSource;
import org.fieldreadings.readings.source.ReplicaLag;
import org.fieldreadings.readings.write.AcceptedWindow;
import org.fieldreadings.readings.write.ReadingsStore;

/**
 * The readings module's writer: stores reading batches sent by its import routes, and ingests raw payloads with the
 * supplier plugins it loads at start (and unloads at stop).
 */
final class ReadingsVerticle extends VerticleBase {

  /** How long the watched plugins folder stays unchanged before a reload: a jar being copied is not loaded yet. */
  private static final Duration WATCH_QUIET = Duration.ofMillis(500);

  private ReadingsStore store;
  private ReadingsChanges changes;
  /** Null without a replica. */
  private ReplicaLag replicaLag;
  private PluginHost plugins;
  private IngestPipeline pipeline;

  @Override
  public Future<?> start() {
    AcceptedWindow window = AcceptedWindow.fromConfig(config());
    DatabaseUrl database = DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config()));
    BlockCache cache = BlockCache.of(vertx, config());
    store = new ReadingsStore(vertx, database, window, cache);
    changes = new ReadingsChanges(vertx, database, cache);
    replicaLag = ReplicaLag.start(vertx, config(), cache);
    EventBus bus = vertx.eventBus();
    ReadSource primary = ReadSource.primary(vertx, Pools.shared(vertx, config()), cache);
    // SensorThings reads blocks where the readings operation does: the replica while it is caught up.
    SensorThingsReadings sensorThings = new SensorThingsReadings(Pools.shared(vertx, config()),
        new BlockReader(vertx, ReadSource.of(vertx, config(), Pools.shared(vertx, config()), cache)));
    // Loading plugins reads jars: off the event loop. The host logs each plugin it loads.
    return changes.start().compose(v -> vertx.executeBlocking(this::startPlugins))
        .compose(host -> {
          plugins = host;
          pipeline = new IngestPipeline(vertx, host, store, window);
          return Future.all(List.of(
            ReadingsAddresses.WRITE.serve(vertx, store::write),
            // The answer can list a thousand rejections: built and encoded on a worker, never on an event loop.
            ReadingsAddresses.INGEST.serve(vertx, request -> pipeline.ingest(request)
                .compose(result -> vertx.executeBlocking(() -> result.toJson().toBuffer(), false))),
            bus.<JsonObject>consumer(ReadingsAddresses.PLUGINS, this::listPlugins).completion(),
            bus.<JsonObject>consumer(ReadingsAddresses.PLUGINS_RELOAD, this::reloadPlugins).completion(),
            ReadingsContract.LAST_READINGS.serve(vertx, new LastReadingsQuery(primary)::answer),
            ReadingsContract.SERIES_READINGS.serve(vertx,
                new SeriesReadingsQuery(primary, new BlockReader(vertx, primary))::answer),
            ReadingsContract.DATASTREAMS.serve(vertx, sensorThings::datastreams),
            ReadingsContract.DATASTREAM_INTERFACES.serve(vertx, sensorThings::interfaces),
            ReadingsContract.OBSERVATIONS.serve(vertx, sensorThings::observations)));
        });
  }

  @Override
  public Future<?> stop() {
    store.close();
    if (replicaLag != null) {
      replicaLag.stop();
    }
    if (plugins == null) {
      return changes.stop();
    }
    return changes.stop().compose(v -> vertx.executeBlocking(() -> {
      plugins.close();
      return null;
    }));
  }

  /** The plugin host, watching the plugins folder if {@code plugins.watch} says so. Blocking. */
  private PluginHost startPlugins() {
    PluginHost host = PluginHost.start(PluginHostOptions.fromConfig(config()));
    if (ConfigKeys.PLUGINS_WATCH.get(config())) {
      host.watch(WATCH_QUIET);
    }
    return host;
  }

  private void reloadPlugins(Message<JsonObject> message) {
    // Reloading reads jars: off the event loop. Payloads keep flowing meanwhile.
    vertx.executeBlocking(plugins::reload)
        .onSuccess(reload -> message.reply(reload.toJson()))
        .onFailure(error -> BusReplies.fail(message, error));
  }

  private void listPlugins(Message<JsonObject> message) {
    message.reply(new JsonObject().put("plugins",
        new JsonArray(plugins.list().stream().map(PluginInfo::toJson).toList())));
  }
}
