package org.fieldreadings.core.bus;

import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.pgclient.PgException;
import java.net.ConnectException;
import org.fieldreadings.core.http.ProblemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Fails an event-bus request with the right {@link BusFailure} code for whatever went wrong. */
public final class BusReplies {

  private static final Logger LOG = LoggerFactory.getLogger(BusReplies.class);

  private BusReplies() {}

  public static void fail(Message<?> message, Throwable error) {
    if (error instanceof BusFailureException f) {
      message.fail(f.code(), f.getMessage());
    } else if (error instanceof ProblemException problem) {
      message.fail(problem.problem().status(), problem.problem().detail());
    } else if (error instanceof ReplyException reply) {
      failAfterRequest(message, reply);
    } else if (isUnavailable(error)) {
      LOG.warn("{}: database unavailable: {}", message.address(), error.getMessage());
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
      LOG.warn("{}: a module it asked did not answer: {}", message.address(), reply.getMessage());
      message.fail(BusFailure.UNAVAILABLE, "dependency unavailable");
    }
  }

  /** Connection-level failures (SQLSTATE classes 08 and 57, refused or closed connections) mean "try later". */
  static boolean isUnavailable(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof PgException pg && pg.getSqlState() != null
          && (pg.getSqlState().startsWith("08") || pg.getSqlState().startsWith("57"))) {
        return true;
      }
      if (t instanceof java.sql.SQLException sql && sql.getSQLState() != null
          && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57"))) {
        return true;
      }
      if (t instanceof ConnectException || t instanceof io.vertx.sqlclient.ClosedConnectionException) {
        return true;
      }
    }
    return false;
  }
}
