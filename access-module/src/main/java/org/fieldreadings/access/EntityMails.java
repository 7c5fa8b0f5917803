package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import org.fieldreadings.core.bus.AccessContract.EntityMail;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;

/** Queues other modules' notices to entities ({@code access.mail-entity}) in the mail outbox, sealed like tokens. */
final class EntityMails {

  private final Vertx vertx;
  private final Pool pool;
  private final KeyVault vault;

  EntityMails(Vertx vertx, Pool pool, KeyVault vault) {
    this.vertx = vertx;
    this.pool = pool;
    this.vault = vault;
  }

  Future<Void> queue(EntityMail mail) {
    return pool.preparedQuery(AccessQueries.ENTITY_EMAIL).execute(Tuple.of(mail.entityId())).compose(rows -> {
      if (rows.size() == 0) {
        return Future.failedFuture(new BusFailureException(BusFailure.NOT_FOUND,
            "no entity " + mail.entityId() + " to mail"));
      }
      NoticeMail notice = new NoticeMail(rows.iterator().next().getString("email"), mail.subject(), mail.text());
      Buffer payload = Buffer.buffer(vault.encrypt(notice.toJson().encode()));
      return pool.preparedQuery(AccessQueries.ENQUEUE_NOTICE).execute(Tuple.of(payload, mail.dedupKey()));
    }).map(queued -> {
      vertx.eventBus().send(AccessAddresses.OUTBOX_WAKE, null);
      return null;
    });
  }
}
