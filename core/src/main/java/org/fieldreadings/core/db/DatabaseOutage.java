package org.fieldreadings.core.db;

import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.sql.SQLException;

/**
 * Whether a failure means the database cannot be reached right now (answered 503 with {@code Retry-After}) rather
 * than a fault of the request or of the service. The one classification of the HTTP edge and of event-bus replies.
 */
public final class DatabaseOutage {

  /** What the SQL client reports for a command sent on a connection whose socket has gone. */
  private static final String INACTIVE_CONNECTION = "Connection is not active now";

  private static final String TOO_MANY_CONNECTIONS = "53300";
  /** A write on a server that is (now) a standby: a primary demoted by a failover, the new one not yet found. */
  private static final String READ_ONLY_TRANSACTION = "25006";

  private DatabaseOutage() {}

  /**
   * True for refused, reset or closed connections and for SQLSTATE classes 08 (connection exception) and 57
   * (operator intervention, such as a shutdown), 53300 (too many connections) and 25006 (a write on a standby, as
   * during a failover), anywhere in the cause chain. The
   * rest of class 53 (out of memory or of lock memory, disk full, a configuration limit) would fail the same request
   * again: a fault for the operator, not a reason for the client to retry.
   */
  public static boolean isCause(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof PgException pg && isOutageState(pg.getSqlState())
          || t instanceof SQLException sql && isOutageState(sql.getSQLState())
          || t instanceof SocketException
          || t instanceof ClosedChannelException
          || t instanceof ClosedConnectionException
          || t instanceof IOException io && "Connection reset by peer".equals(io.getMessage())
          || t.getMessage() != null && t.getMessage().startsWith(INACTIVE_CONNECTION)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isOutageState(String sqlState) {
    return sqlState != null && (sqlState.startsWith("08") || sqlState.equals(TOO_MANY_CONNECTIONS)
        || sqlState.startsWith("57") || sqlState.equals(READ_ONLY_TRANSACTION));
  }
}
