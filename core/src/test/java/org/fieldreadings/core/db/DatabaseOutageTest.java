package org.fieldreadings.core.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The failures a stopped, restarting or overloaded PostgreSQL causes are outages (503); others are not. */
class DatabaseOutageTest {

  @Test
  void closedPoolConnectionIsAnOutage() {
    assertThat(DatabaseOutage.isCause(ClosedConnectionException.INSTANCE)).isTrue();
  }

  @Test
  void refusedConnectionIsAnOutage() {
    assertThat(DatabaseOutage.isCause(new ConnectException("Connection refused: localhost/127.0.0.1:5432"))).isTrue();
  }

  @Test
  void resetSocketIsAnOutage() {
    assertThat(DatabaseOutage.isCause(new SocketException("Connection reset"))).isTrue();
    assertThat(DatabaseOutage.isCause(new IOException("Connection reset by peer"))).isTrue();
    assertThat(DatabaseOutage.isCause(new ClosedChannelException())).isTrue();
  }

  @Test
  void commandOnAnInactiveConnectionIsAnOutage() {
    assertThat(DatabaseOutage.isCause(
        VertxException.noStackTrace("Connection is not active now, current status: CLOSED"))).isTrue();
  }

  @Test
  void shutdownAndConnectionSqlStatesAreOutages() {
    assertThat(DatabaseOutage.isCause(pg("57P01"))).as("admin_shutdown").isTrue();
    assertThat(DatabaseOutage.isCause(pg("57P03"))).as("cannot_connect_now").isTrue();
    assertThat(DatabaseOutage.isCause(pg("08006"))).as("connection_failure").isTrue();
    assertThat(DatabaseOutage.isCause(pg("53300"))).as("too_many_connections").isTrue();
    assertThat(DatabaseOutage.isCause(pg("25006"))).as("read_only_sql_transaction, a failover's").isTrue();
    assertThat(DatabaseOutage.isCause(new SQLException("terminating", "57P01"))).as("JDBC").isTrue();
  }

  @Test
  void exhaustedResourcesARetryCannotFixAreNotOutages() {
    assertThat(DatabaseOutage.isCause(pg("53200"))).as("out_of_memory, e.g. of lock memory").isFalse();
    assertThat(DatabaseOutage.isCause(new SQLException("out of shared memory", "53200"))).as("JDBC").isFalse();
    assertThat(DatabaseOutage.isCause(pg("53100"))).as("disk_full").isFalse();
    assertThat(DatabaseOutage.isCause(pg("53400"))).as("configuration_limit_exceeded").isFalse();
  }

  @Test
  void causeIsFoundAnywhereInTheChain() {
    assertThat(DatabaseOutage.isCause(new IllegalStateException("query failed", new ConnectException("refused"))))
        .isTrue();
  }

  @Test
  void otherFailuresAreNotOutages() {
    assertThat(DatabaseOutage.isCause(pg("23505"))).as("unique_violation").isFalse();
    assertThat(DatabaseOutage.isCause(pg("22021"))).as("character_not_in_repertoire").isFalse();
    assertThat(DatabaseOutage.isCause(new IllegalStateException("bug"))).isFalse();
    assertThat(DatabaseOutage.isCause(new IOException("disk full"))).isFalse();
    assertThat(DatabaseOutage.isCause(null)).isFalse();
  }

  private static PgException pg(String sqlState) {
    return new PgException("database error", "ERROR", sqlState, null);
  }
}
