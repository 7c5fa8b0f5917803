package org.fieldreadings.access;

import io.micrometer.core.instrument.Gauge;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.fieldreadings.core.telemetry.Telemetry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the mail outbox: woken when a mail is queued and every few seconds for retries. A failed delivery is
 * retried with exponential backoff (1 s doubling, at most 5 minutes) until it succeeds, so an SMTP outage delays
 * mail and never loses it. Claims are leases in the database, so several nodes can send without duplicates: each
 * claim takes one mail, its lease is renewed while the relay is busy with it, and only the claim's holder may
 * record the outcome, so a mail is sent once however slow the relay.
 */
final class MailSender {

  private static final Logger LOG = LoggerFactory.getLogger(MailSender.class);
  /** The lease of a claimed mail, renewed during its delivery: how soon another node retries after a crash. */
  static final Duration LEASE = Duration.ofMinutes(2);
  private static final long POLL_MS = 2000;
  private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
  private static final Duration LONGEST_RETRY = Duration.ofMinutes(5);

  private final Vertx vertx;
  private final Pool pool;
  private final KeyVault vault;
  private final MailTransport transport;
  private final String from;
  private final String publicUrl;
  private final Duration lease;
  private final AtomicLong depth = new AtomicLong();
  private boolean draining;
  private boolean wokenWhileDraining;
  private long timer;

  MailSender(Vertx vertx, Pool pool, KeyVault vault, MailTransport transport, String from, String publicUrl,
      Duration lease) {
    this.vertx = vertx;
    this.pool = pool;
    this.vault = vault;
    this.transport = transport;
    this.from = from;
    this.publicUrl = publicUrl;
    this.lease = lease;
  }

  Future<Void> start() {
    Gauge.builder("fieldreadings.mail.outbox.depth", depth, AtomicLong::get)
        .description("Token mails queued and not yet delivered")
        .register(Telemetry.registry(vertx));
    timer = vertx.setPeriodic(POLL_MS, id -> drain());
    drain();
    return vertx.eventBus().consumer(AccessAddresses.OUTBOX_WAKE, message -> drain()).completion();
  }

  Future<Void> stop() {
    vertx.cancelTimer(timer);
    return transport.close();
  }

  /** Sends every due mail; called on the verticle's event loop only, so the flags need no locking. */
  private void drain() {
    if (draining) {
      wokenWhileDraining = true;
      return;
    }
    draining = true;
    wokenWhileDraining = false;
    pool.query(AccessQueries.OUTBOX_DEPTH).execute()
        .compose(rows -> {
          depth.set(rows.iterator().next().getLong(0));
          return sendDue();
        })
        .onComplete(result -> {
          draining = false;
          if (result.failed()) {
            LOG.warn("mail outbox unavailable: {}", result.cause().getMessage());
          } else if (wokenWhileDraining) {
            drain();
          }
        });
  }

  /** Claims and sends one due mail after another until none is due. */
  private Future<Void> sendDue() {
    return pool.preparedQuery(AccessQueries.CLAIM_DUE_MAIL).execute(Tuple.of(lease.toMillis()))
        .compose(rows -> {
          if (rows.size() == 0) {
            return Future.succeededFuture();
          }
          Row row = rows.iterator().next();
          return send(row.getLong("mail_id"), row.getBuffer("payload").getBytes(), row.getInteger("attempts"))
              .compose(v -> sendDue());
        });
  }

  /**
   * {@code attempts} is the claim's token: the lease is renewed while the relay takes its time, and a sender whose
   * claim has lapsed (it stalled longer than the lease) records nothing.
   */
  private Future<Void> send(long mailId, byte[] payload, int attempts) {
    TokenMail mail = TokenMail.fromJson(new JsonObject(vault.decrypt(payload)));
    long renewal = vertx.setPeriodic(lease.toMillis() / 3, id -> pool.preparedQuery(AccessQueries.RENEW_MAIL_CLAIM)
        .execute(Tuple.of(mailId, attempts, lease.toMillis()))
        .onFailure(error -> LOG.warn("cannot renew the claim on token mail {}: {}", mailId, error.getMessage())));
    return transport.deliver(mail.render(from, publicUrl))
        .onComplete(delivered -> vertx.cancelTimer(renewal))
        .compose(v -> pool.preparedQuery(AccessQueries.MARK_MAIL_SENT).execute(Tuple.of(mailId, attempts)))
        .<Void>map(updated -> {
          if (updated.rowCount() == 0) {
            LOG.warn("token mail {} was delivered after its claim had lapsed", mailId);
          }
          return null;
        })
        .recover(error -> {
          long delay = retryDelay(attempts).toMillis();
          LOG.warn("token mail {} to {} not delivered (attempt {}), retrying in {} ms: {}", mailId,
              EmailAddress.masked(mail.to()), attempts, delay, error.getMessage());
          return pool.preparedQuery(AccessQueries.MARK_MAIL_FAILED)
              .execute(Tuple.of(mailId, delay, String.valueOf(error.getMessage()), attempts)).mapEmpty();
        });
  }

  static Duration retryDelay(int attempts) {
    Duration delay = FIRST_RETRY.multipliedBy(1L << Math.min(attempts - 1, 20));
    return delay.compareTo(LONGEST_RETRY) > 0 ? LONGEST_RETRY : delay;
  }
}
