package org.fieldreadings.core.bus;

import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import org.fieldreadings.core.db.DatabaseOutage;
import org.fieldreadings.core.odata.FilterException;
import org.fieldreadings.core.text.LogSafe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Fails an event-bus request with the right {@link BusFailure} code for whatever went wrong. */
public final class BusReplies {

  private static final Logger LOG = LoggerFactory.getLogger(BusReplies.class);

  private BusReplies() {}

  public static void fail(Message<?> message, Throwable error) {
    if (error instanceof BusFailureException f) {
      message.fail(f.code(), f.getMessage());
    } else if (error instanceof FilterException filter) {
      // A client's filter the module's columns cannot take: the client's to read and mend.
      message.fail(BusFailure.BAD_REQUEST, filter.getMessage());
    } else if (error instanceof ReplyException reply) {
      failAfterRequest(message, reply);
    } else if (DatabaseOutage.isCause(error)) {
      LOG.warn("{}: database unavailable: {}", message.address(), LogSafe.text(error.getMessage()));
      message.fail(BusFailure.UNAVAILABLE, "database unavailable");
    } else {
      LOG.error("{}: unexpected failure", message.address(), error);
      message.fail(500, "internal error");
    }
  }

  /** Another module's failure is passed on as it is; no answer at all means that module is unavailable. */
  private static void failAfterRequest(Message<?> message, ReplyException reply) {
    if (reply.failureType() == ReplyFailure.RECIPIENT_FAILURE) {
      message.fail(reply.failureCode(), reply.getMessage());
    } else {
      LOG.warn("{}: a module it asked did not answer: {}", message.address(), LogSafe.text(reply.getMessage()));
      message.fail(BusFailure.UNAVAILABLE, "dependency unavailable");
    }
  }
}
