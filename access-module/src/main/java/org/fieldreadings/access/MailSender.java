package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import java.time.Duration;
import org.fieldreadings.core.outbox.Backoff;
import org.fieldreadings.core.outbox.Outbox;
import org.fieldreadings.core.outbox.OutboxSql;
import org.slf4j.event.Level;

/**
 * Delivers the mail outbox ({@link Outbox}), token mails and other modules' notices: woken when a mail is queued
 * and every few seconds for retries, one mail at a time per node. A failed delivery is retried with exponential backoff (1 s doubling, at most 5 minutes) until
 * it succeeds, so an SMTP outage delays mail and never loses it; each mail is sent once across nodes however slow
 * the relay.
 */
final class MailSender {

  /** The lease of a claimed mail, renewed during its delivery: how soon another node retries after a crash. */
  static final Duration LEASE = Duration.ofMinutes(2);
  private static final Duration POLL = Duration.ofSeconds(2);
  private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
  private static final Duration LONGEST_RETRY = Duration.ofMinutes(5);
  private static final OutboxSql SQL = new OutboxSql(AccessQueries.CLAIM_DUE_MAIL, AccessQueries.RENEW_MAIL_CLAIM,
      AccessQueries.MARK_MAIL_SENT, AccessQueries.MARK_MAIL_FAILED, null, AccessQueries.OUTBOX_DEPTH);

  private final Vertx vertx;
  private final KeyVault vault;
  private final MailTransport transport;
  private final String from;
  private final String publicUrl;
  private final Outbox outbox;

  MailSender(Vertx vertx, Pool pool, KeyVault vault, MailTransport transport, String from, String publicUrl,
      Duration lease) {
    this.vertx = vertx;
    this.vault = vault;
    this.transport = transport;
    this.from = from;
    this.publicUrl = publicUrl;
    // An SMTP relay that fails is the operator's to mend: each failed attempt is a warning.
    this.outbox = new Outbox(vertx, pool, SQL, new Outbox.Settings("mail", "mail", lease, POLL, 1, Level.WARN),
        this::send, Backoff.exponential(FIRST_RETRY, LONGEST_RETRY));
  }

  Future<Void> start() {
    outbox.start();
    return vertx.eventBus().consumer(AccessAddresses.OUTBOX_WAKE, message -> outbox.wake()).completion();
  }

  Future<Void> stop() {
    outbox.stop();
    return transport.close();
  }

  private Future<Void> send(Row claimed) {
    JsonObject mail = new JsonObject(vault.decrypt(claimed.getBuffer("payload").getBytes()));
    return transport.deliver(claimed.getString("kind").equals("notice") ? NoticeMail.fromJson(mail).render(from)
        : TokenMail.fromJson(mail).render(from, publicUrl));
  }
}
