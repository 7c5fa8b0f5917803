package org.fieldreadings.readings;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import java.time.Duration;
import org.fieldreadings.core.bus.BusReplies;
import org.fieldreadings.core.bus.LocalCodec;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.readings.write.ReadingsBatch;
import org.fieldreadings.readings.write.ReadingsStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The readings module's writer: stores reading batches sent by its import and ingest routes. */
final class ReadingsVerticle extends VerticleBase {

  private static final Logger LOG = LoggerFactory.getLogger(ReadingsVerticle.class);
  private static final long DAILY_MS = Duration.ofDays(1).toMillis();

  private ReadingsStore store;

  @Override
  public Future<?> start() {
    store = new ReadingsStore(vertx, DatabaseUrl.parse(ConfigKeys.DATABASE_URL.get(config())));
    vertx.eventBus().registerDefaultCodec(ReadingsBatch.class, new LocalCodec<>(ReadingsBatch.class));
    vertx.setPeriodic(DAILY_MS, id -> store.prepareAhead()
        .onFailure(e -> LOG.warn("cannot create the coming months' partitions: {}", e.getMessage())));
    return store.prepareAhead().compose(v -> vertx.eventBus()
        .<ReadingsBatch>consumer(ReadingsAddresses.WRITE, this::write).completion());
  }

  @Override
  public Future<?> stop() {
    vertx.eventBus().unregisterDefaultCodec(ReadingsBatch.class);
    store.close();
    return Future.succeededFuture();
  }

  private void write(Message<ReadingsBatch> message) {
    store.write(message.body().readings())
        .onSuccess(result -> message.reply(result.toJson()))
        .onFailure(error -> BusReplies.fail(message, error));
  }
}
