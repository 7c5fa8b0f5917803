package org.fieldreadings.core.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The host a connection of a multi-host URL goes to, chosen on a real PostgreSQL (a primary) and a closed port. */
class TargetHostsTest {

  private static Vertx vertx;
  private static DatabaseUrl server;
  private static DatabaseUrl.Host closed;

  @BeforeAll
  static void start() throws IOException {
    vertx = Vertx.vertx();
    server = TestPostgres.newDatabase();
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = new DatabaseUrl.Host("127.0.0.1", socket.getLocalPort());
    }
  }

  @AfterAll
  static void stop() {
    vertx.close().await();
  }

  private static DatabaseUrl listing(SessionTarget target, DatabaseUrl.Host... hosts) {
    return new DatabaseUrl(List.of(hosts), server.database(), server.user(), server.password(), server.tls(), target);
  }

  private static PgConnectOptions next(DatabaseUrl url) throws Exception {
    return new TargetHosts(vertx, url).next().await(20, TimeUnit.SECONDS);
  }

  @Test
  void readWriteGoesPastAHostThatIsDownToThePrimary() throws Exception {
    DatabaseUrl.Host primary = server.hosts().get(0);

    PgConnectOptions chosen = next(listing(SessionTarget.READ_WRITE, closed, primary));

    assertThat(chosen.getPort()).isEqualTo(primary.port());
  }

  @Test
  void standbyFailsAsAnOutageNamingWhyEachHostWasPassedOver() {
    DatabaseUrl.Host primary = server.hosts().get(0);

    assertThatThrownBy(() -> next(listing(SessionTarget.STANDBY, primary, closed)))
        .isInstanceOf(ConnectException.class)
        .hasMessageStartingWith("no host of the database URL serves target_session_attrs=standby: " + primary
            + " (the primary), " + closed + " (")
        .satisfies(e -> assertThat(DatabaseOutage.isCause(e)).isTrue());
  }

  @Test
  void preferStandbyTakesThePrimaryWhenNoStandbyAnswers() throws Exception {
    DatabaseUrl.Host primary = server.hosts().get(0);

    assertThat(next(listing(SessionTarget.PREFER_STANDBY, primary, closed)).getPort()).isEqualTo(primary.port());
  }

  @Test
  void aSingleHostWithoutTargetIsTakenWithoutAsking() throws Exception {
    assertThat(next(listing(SessionTarget.ANY, closed)).getPort()).isEqualTo(closed.port());
  }

  /** A primary whose sessions are read-only, as pg_auto_failover keeps a just promoted standby for a while. */
  @Test
  void readWritePassesOverAReadOnlyPrimaryAndReadOnlyTakesIt() throws Exception {
    DatabaseUrl readOnly = TestPostgres.newDatabase();
    TestPostgres.execute(readOnly, "ALTER DATABASE " + readOnly.database() + " SET default_transaction_read_only = on");
    DatabaseUrl.Host host = readOnly.hosts().get(0);
    DatabaseUrl writeTarget = new DatabaseUrl(List.of(host), readOnly.database(), readOnly.user(),
        readOnly.password(), readOnly.tls(), SessionTarget.READ_WRITE);

    assertThatThrownBy(() -> new TargetHosts(vertx, writeTarget).next().await(20, TimeUnit.SECONDS))
        .isInstanceOf(ConnectException.class)
        .hasMessage("no host of the database URL serves target_session_attrs=read-write: " + host + " (read-only)");
    DatabaseUrl readTarget = new DatabaseUrl(List.of(host), readOnly.database(), readOnly.user(),
        readOnly.password(), readOnly.tls(), SessionTarget.READ_ONLY);
    assertThat(new TargetHosts(vertx, readTarget).next().await(20, TimeUnit.SECONDS).getPort()).isEqualTo(host.port());
  }
}
