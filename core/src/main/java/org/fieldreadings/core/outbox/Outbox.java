package org.fieldreadings.core.outbox;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.fieldreadings.core.telemetry.Telemetry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Delivers the rows of a durable outbox table, woken when a row is queued and on a poll for retries. Claims are
 * leases in the database, so several nodes can deliver without duplicates: each claim takes one due row
 * ({@code FOR UPDATE SKIP LOCKED}) and counts an attempt, the count being the claim's token; the lease is renewed
 * while the sender is busy with the row, and only the claim's holder may record the outcome, so a row is delivered
 * once however slow its receiver. A failed attempt is retried after the {@link Backoff}'s wait; an
 * {@link Undeliverable} one, or one the backoff gives up on, is abandoned. Up to {@code lanes} rows are sent at once,
 * so one slow receiver does not hold up the others.
 *
 * <p>Created and used on one verticle's event loop, so its counters need no locking.
 */
public final class Outbox {

  private static final Logger LOG = LoggerFactory.getLogger(Outbox.class);

  /**
   * How an outbox runs.
   *
   * @param what how logs name a row, e.g. "token mail"
   * @param metric the metrics' name part: {@code fieldreadings.<metric>.outbox.depth} and
   *     {@code fieldreadings.<metric>.deliveries} by outcome
   * @param failureLevel the level of a failed attempt's log line (abandoned rows are warnings)
   */
  public record Settings(String what, String metric, Duration lease, Duration poll, int lanes, Level failureLevel) {}

  private final Vertx vertx;
  private final Pool pool;
  private final OutboxSql sql;
  private final Settings settings;
  private final Function<Row, Future<Void>> sender;
  private final Backoff backoff;
  private final AtomicLong depth = new AtomicLong();
  private final MeterRegistry registry;
  private int busyLanes;
  /** Counts wakes, so a lane that found nothing due sees whether something was queued while it looked. */
  private long wakes;
  private long timer = -1;

  /** {@code sender} delivers a claimed row (the claim's columns); a failed future is a failed attempt. */
  public Outbox(Vertx vertx, Pool pool, OutboxSql sql, Settings settings, Function<Row, Future<Void>> sender,
      Backoff backoff) {
    this.vertx = vertx;
    this.pool = pool;
    this.sql = sql;
    this.settings = settings;
    this.sender = sender;
    this.backoff = backoff;
    this.registry = Telemetry.registry(vertx);
  }

  public void start() {
    Gauge.builder("fieldreadings." + settings.metric() + ".outbox.depth", depth, AtomicLong::get)
        .description("Rows of the " + settings.metric() + " outbox not yet delivered")
        .register(registry);
    timer = vertx.setPeriodic(settings.poll().toMillis(), id -> {
      // A database that does not answer is logged once, by the claim the wake makes.
      pool.query(sql.depth()).execute().onSuccess(rows -> depth.set(rows.iterator().next().getLong(0)));
      wake();
    });
    wake();
  }

  public void stop() {
    vertx.cancelTimer(timer);
  }

  /** Something may be due: a lane more claims it, unless all are busy (each claims again when done). */
  public void wake() {
    wakes++;
    if (busyLanes < settings.lanes()) {
      busyLanes++;
      lane();
    }
  }

  /** Claims and sends one due row after another until none is due; a row claimed opens another lane if it may. */
  private void lane() {
    long seen = wakes;
    pool.preparedQuery(sql.claim()).execute(Tuple.of(settings.lease().toMillis())).onComplete(claimed -> {
      if (claimed.failed()) {
        busyLanes--;
        LOG.warn("{} outbox unavailable: {}", settings.what(), claimed.cause().getMessage());
        return;
      }
      if (claimed.result().size() == 0) {
        if (wakes == seen) {
          busyLanes--;
        } else {
          lane();
        }
        return;
      }
      if (busyLanes < settings.lanes()) {
        busyLanes++;
        lane();
      }
      attempt(claimed.result().iterator().next()).onComplete(done -> {
        if (done.failed()) {
          LOG.warn("{} outcome not recorded (tried again once its lease lapses): {}", settings.what(),
              done.cause().getMessage());
        }
        lane();
      });
    });
  }

  private Future<Void> attempt(Row row) {
    Object id = row.getValue(0);
    int attempts = row.getInteger("attempts");
    long lease = settings.lease().toMillis();
    long renewal = vertx.setPeriodic(lease / 3, t -> pool.preparedQuery(sql.renew())
        .execute(Tuple.of(id, attempts, lease))
        .onFailure(error -> LOG.warn("cannot renew the claim on {} {}: {}", settings.what(), id, error.getMessage())));
    Future<Void> sent;
    try {
      sent = sender.apply(row);
    } catch (RuntimeException e) {
      sent = Future.failedFuture(e);
    }
    return sent.transform(outcome -> {
      vertx.cancelTimer(renewal);
      return outcome.succeeded() ? recordSent(id, attempts) : recordFailed(row, id, attempts, outcome.cause());
    });
  }

  private Future<Void> recordSent(Object id, int attempts) {
    return pool.preparedQuery(sql.sent()).execute(Tuple.of(id, attempts)).map(updated -> {
      if (updated.rowCount() == 0) {
        LOG.warn("{} {} was delivered after its claim had lapsed", settings.what(), id);
      }
      count("sent");
      return null;
    });
  }

  private Future<Void> recordFailed(Row row, Object id, int attempts, Throwable error) {
    String reason = String.valueOf(error.getMessage());
    Optional<Duration> retry = error instanceof Undeliverable ? Optional.empty()
        : backoff.next(attempts, Duration.between(row.getOffsetDateTime("created_at"), OffsetDateTime.now()));
    if (retry.isEmpty()) {
      LOG.warn("{} {} abandoned after {} attempts: {}", settings.what(), id, attempts, reason);
      count("abandoned");
      return pool.preparedQuery(sql.abandon()).execute(Tuple.of(id, attempts, reason)).mapEmpty();
    }
    long delay = retry.get().toMillis();
    LOG.atLevel(settings.failureLevel()).log("{} {} not delivered (attempt {}), retrying in {} ms: {}",
        settings.what(), id, attempts, delay, reason);
    count("retried");
    return pool.preparedQuery(sql.retry()).execute(Tuple.of(id, attempts, delay, reason)).mapEmpty();
  }

  private void count(String outcome) {
    Counter.builder("fieldreadings." + settings.metric() + ".deliveries")
        .description("Delivery attempts of the " + settings.metric() + " outbox by outcome")
        .tag("outcome", outcome)
        .register(registry)
        .increment();
  }
}
