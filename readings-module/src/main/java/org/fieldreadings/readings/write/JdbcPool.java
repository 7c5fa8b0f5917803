package org.fieldreadings.readings.write;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.pool.HikariPool;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.db.DatabaseUrl;

/**
 * A few JDBC connections for bulk writes, which need PostgreSQL's COPY (the reactive client has none). Used from
 * worker threads only; sessions run in UTC so interval arithmetic on timestamps follows UTC calendar days. A
 * connection is opened when none is idle and kept until it is found broken.
 */
final class JdbcPool implements AutoCloseable {

  /** How long a borrower waits while every connection is in use. */
  private static final long BUSY_WAIT_NANOS = TimeUnit.MINUTES.toNanos(5);
  /** How long HikariCP is asked to wait at a time (see {@link #borrow}). */
  private static final long WAIT_SLICE_MS = 250;

  // HikariCP rather than a pool of our own: a maintained pool that opens, checks and discards the connections.
  private final HikariPool pool;

  JdbcPool(DatabaseUrl url, int size) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("readings-writes");
    config.setJdbcUrl(url.jdbcUrl());
    config.setUsername(url.user());
    config.setPassword(url.password());
    config.setMaximumPoolSize(size);
    // None opened at start (nor a failure if the database is not up yet), and none retired while it works.
    config.setMinimumIdle(0);
    config.setInitializationFailTimeout(-1);
    config.setIdleTimeout(0);
    config.setMaxLifetime(0);
    config.setKeepaliveTime(0);
    // No timeout in the configuration: HikariCP would make it the login timeout of every DriverManager connection.
    config.setConnectionTimeout(0);
    config.setValidationTimeout(TimeUnit.SECONDS.toMillis(2));
    config.setAutoCommit(false);
    config.setConnectionInitSql("SET TIME ZONE 'UTC'");
    // Commits the SET, which a first transaction rolled back would otherwise undo.
    config.setIsolateInternalQueries(true);
    config.validate();
    pool = new HikariPool(config);
  }

  /** Borrows a connection (opening one if none is idle); give it back with {@link #release}. */
  Connection borrow() throws SQLException {
    long deadline = System.nanoTime() + BUSY_WAIT_NANOS;
    while (true) {
      try {
        return pool.getConnection(WAIT_SLICE_MS);
      } catch (SQLTransientConnectionException timedOut) {
        // HikariCP waits out its timeout even while the database refuses connections. Asked in slices, a borrower
        // gives up as soon as opening one has failed (its cause: an outage, answered 503), and waits its turn while
        // they are only all in use.
        if (timedOut.getCause() != null) {
          throw timedOut;
        }
        if (System.nanoTime() - deadline > 0) {
          throw new SQLException("no JDBC connection free within 5 minutes");
        }
      }
    }
  }

  /** Returns a connection; a broken one ({@code healthy} false) is closed instead. */
  void release(Connection connection, boolean healthy) {
    if (!healthy) {
      pool.evictConnection(connection);
      return;
    }
    try {
      connection.close();
    } catch (SQLException ignored) {
      // Given back either way: HikariCP discards it if it is broken.
    }
  }

  /**
   * Closes the idle connections, and the others as they are given back: a write under way at shutdown finishes
   * (HikariCP's shutdown would abort it).
   */
  @Override
  public void close() {
    pool.softEvictConnections();
  }
}
