package org.fieldreadings.readings.write;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.db.DatabaseUrl;

/**
 * A few JDBC connections for bulk writes, which need PostgreSQL's COPY (the reactive client has none). Used from
 * worker threads only; sessions run in UTC so interval arithmetic on timestamps follows UTC calendar days.
 */
final class JdbcPool implements AutoCloseable {

  private final DatabaseUrl url;
  private final Semaphore permits;
  private final BlockingQueue<Connection> idle;

  JdbcPool(DatabaseUrl url, int size) {
    this.url = url;
    this.permits = new Semaphore(size, true);
    this.idle = new ArrayBlockingQueue<>(size);
  }

  /** Borrows a connection (opening one if none is idle); give it back with {@link #release}. */
  Connection borrow() throws SQLException, InterruptedException {
    if (!permits.tryAcquire(5, TimeUnit.MINUTES)) {
      throw new SQLException("no JDBC connection free within 5 minutes");
    }
    try {
      Connection connection = idle.poll();
      while (connection != null && !connection.isValid(2)) {
        connection.close();
        connection = idle.poll();
      }
      return connection != null ? connection : open();
    } catch (SQLException | RuntimeException e) {
      permits.release();
      throw e;
    }
  }

  /** Returns a connection; a broken one ({@code healthy} false) is closed instead. */
  void release(Connection connection, boolean healthy) {
    try {
      if (healthy && idle.offer(connection)) {
        return;
      }
      connection.close();
    } catch (SQLException ignored) {
      // A connection that fails to close is gone either way.
    } finally {
      permits.release();
    }
  }

  private Connection open() throws SQLException {
    Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET TIME ZONE 'UTC'");
    }
    connection.setAutoCommit(false);
    return connection;
  }

  @Override
  public void close() {
    Connection connection;
    while ((connection = idle.poll()) != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // Shutting down.
      }
    }
  }
}
