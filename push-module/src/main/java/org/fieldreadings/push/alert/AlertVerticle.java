package org.fieldreadings.push.alert;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Pool;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.push.webhook.WebhookDeliverer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges the alert rules: on every write's series ({@link AlertEvaluator}), on the clock for silences
 * ({@link SilenceWatch}), and, at start, whatever a stopped node left unjudged; sends the webhook deliveries and
 * hands over the e-mails their events queue ({@link WebhookDeliverer}, {@link AlertMailer}).
 */
public final class AlertVerticle extends VerticleBase {

  private static final Logger LOG = LoggerFactory.getLogger(AlertVerticle.class);

  private SilenceWatch silences;
  private WebhookDeliverer webhooks;
  private AlertMailer mailer;

  @Override
  public Future<?> start() {
    Pool pool = Pools.shared(vertx, config());
    webhooks = WebhookDeliverer.fromConfig(vertx, pool, config());
    mailer = new AlertMailer(vertx, pool);
    Runnable eventsStored = () -> {
      webhooks.wake();
      mailer.wake();
    };
    AlertEvaluator evaluator = new AlertEvaluator(vertx, pool, eventsStored);
    silences = new SilenceWatch(vertx, pool, eventsStored);
    silences.start();
    mailer.start();
    return Future.all(webhooks.start(), ReadingsContract.STORED.subscribe(vertx.eventBus(), evaluator::stored)
            .completion())
        // The start does not wait for the catch-up: a node with many rules serves meanwhile.
        .onSuccess(v -> evaluator.catchUp().onFailure(error -> LOG.warn(
            "alert rules not caught up at start (judged with their series' next writes): {}", error.getMessage())));
  }

  @Override
  public Future<?> stop() {
    silences.stop();
    mailer.stop();
    return webhooks.stop();
  }
}
