package org.fieldreadings.push.alert;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Pool;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.db.Pools;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges the alert rules: on every write's series ({@link AlertEvaluator}), on the clock for silences
 * ({@link SilenceWatch}), and, at start, whatever a stopped node left unjudged.
 */
public final class AlertVerticle extends VerticleBase {

  private static final Logger LOG = LoggerFactory.getLogger(AlertVerticle.class);

  private SilenceWatch silences;

  @Override
  public Future<?> start() {
    Pool pool = Pools.shared(vertx, config());
    AlertEvaluator evaluator = new AlertEvaluator(vertx, pool);
    silences = new SilenceWatch(vertx, pool);
    silences.start();
    return ReadingsContract.STORED.subscribe(vertx.eventBus(), evaluator::stored).completion()
        // The start does not wait for the catch-up: a node with many rules serves meanwhile.
        .onSuccess(v -> evaluator.catchUp().onFailure(error -> LOG.warn(
            "alert rules not caught up at start (judged with their series' next writes): {}", error.getMessage())));
  }

  @Override
  public Future<?> stop() {
    silences.stop();
    return Future.succeededFuture();
  }
}
