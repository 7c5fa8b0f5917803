package org.fieldreadings.readings.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.TimeZone;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.db.DatabaseOutage;
import org.fieldreadings.core.db.DatabaseTls;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.Test;

/** The writers' connections: UTC sessions in transactions, broken ones discarded, an outage told at once. */
class JdbcPoolTest {

  private static final DatabaseUrl DATABASE = TestPostgres.newDatabase();

  @Test
  void sessionsRunInUtcInTransactionsEvenAfterAFirstTransactionRolledBack() throws Exception {
    TimeZone jvmZone = TimeZone.getDefault();
    // pgjdbc starts a session in the JVM's zone: one that is not UTC shows that the pool sets it.
    TimeZone.setDefault(TimeZone.getTimeZone("Europe/Lisbon"));
    try (JdbcPool pool = new JdbcPool(DATABASE, 1)) {
      Connection first = pool.borrow();
      assertThat(first.getAutoCommit()).isFalse();
      assertThat(query(first, "SHOW TimeZone")).isEqualTo("UTC");
      first.rollback();
      pool.release(first, true);
      Connection again = pool.borrow();
      assertThat(query(again, "SHOW TimeZone")).isEqualTo("UTC");
      pool.release(again, true);
    } finally {
      TimeZone.setDefault(jvmZone);
    }
  }

  @Test
  void aHealthyConnectionIsLentAgainAndABrokenOneIsNot() throws Exception {
    try (JdbcPool pool = new JdbcPool(DATABASE, 1)) {
      Connection connection = pool.borrow();
      String backend = query(connection, "SELECT pg_backend_pid()");
      connection.rollback();
      pool.release(connection, true);
      connection = pool.borrow();
      assertThat(query(connection, "SELECT pg_backend_pid()")).isEqualTo(backend);
      connection.rollback();
      pool.release(connection, false);
      connection = pool.borrow();
      assertThat(query(connection, "SELECT pg_backend_pid()")).isNotEqualTo(backend);
      pool.release(connection, true);
    }
  }

  @Test
  void aBorrowerWaitsItsTurnWhileEveryConnectionIsInUse() throws Exception {
    try (JdbcPool pool = new JdbcPool(DATABASE, 1)) {
      Connection held = pool.borrow();
      CompletableFuture<Connection> waiting = CompletableFuture.supplyAsync(() -> {
        try {
          return pool.borrow();
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      });
      // Several of the pool's waits at a time go by.
      Thread.sleep(1000);
      assertThat(waiting).isNotDone();
      pool.release(held, true);
      pool.release(waiting.get(10, TimeUnit.SECONDS), true);
    }
  }

  @Test
  void anUnreachableDatabaseIsAnOutageAtOnce() throws Exception {
    DatabaseUrl nowhere = new DatabaseUrl("127.0.0.1", freePort(), "none", "postgres", "", DatabaseTls.DISABLED);
    try (JdbcPool pool = new JdbcPool(nowhere, 1)) {
      Throwable refused = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> catchThrowable(pool::borrow));
      assertThat(refused).isInstanceOf(SQLException.class);
      assertThat(DatabaseOutage.isCause(refused)).as("%s", refused).isTrue();
    }
  }

  private static String query(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getString(1);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
