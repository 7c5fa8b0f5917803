package org.fieldreadings.core.db;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Which of {@code database.url}'s hosts a new connection goes to, as libpq's {@code target_session_attrs} chooses:
 * each host is asked in turn whether it is in recovery and whether it is read-only, starting with the one chosen
 * last, so that after a failover the first new connection finds the promoted primary. The Vert.x client has no
 * multi-host support of its own; its pools and the change feeds ask this for every connection they open (pooled
 * connections live long, so the extra round trip is paid rarely).
 */
public final class TargetHosts {

  private static final long PROBE_TIMEOUT_MS = 5000;

  private final Vertx vertx;
  private final DatabaseUrl url;
  private final List<PgConnectOptions> hosts;
  private volatile int last;

  public TargetHosts(Vertx vertx, DatabaseUrl url) {
    this.vertx = vertx;
    this.url = url;
    this.hosts = url.hosts().stream().map(host -> Pools.connectOptions(url, host)).toList();
  }

  /**
   * The options of the host to connect to; fails with a {@link ConnectException} (a database outage) naming each
   * host and why it was passed over when none serves the target.
   */
  public Future<PgConnectOptions> next() {
    if (hosts.size() == 1 && url.target() == SessionTarget.ANY) {
      return Future.succeededFuture(hosts.get(0));
    }
    return probe(0, new ArrayList<>(), -1);
  }

  /** Tries the {@code tried}-th host after the last chosen; {@code fallback}: a primary a prefer-standby may take. */
  private Future<PgConnectOptions> probe(int tried, List<String> passedOver, int fallback) {
    if (tried == hosts.size()) {
      if (fallback >= 0) {
        return chosen(fallback);
      }
      return Future.failedFuture(new ConnectException("no host of the database URL serves target_session_attrs="
          + url.target().value() + ": " + String.join(", ", passedOver)));
    }
    int index = (last + tried) % hosts.size();
    return role(hosts.get(index)).transform(answer -> {
      if (answer.failed()) {
        passedOver.add(url.hosts().get(index) + " (" + answer.cause().getMessage() + ")");
        return probe(tried + 1, passedOver, fallback);
      }
      boolean standby = answer.result().inRecovery();
      if (url.target().accepts(standby, answer.result().readOnly())
          && (standby || url.target() != SessionTarget.PREFER_STANDBY)) {
        return chosen(index);
      }
      passedOver.add(url.hosts().get(index) + (standby ? " (a standby)"
          : answer.result().readOnly() ? " (read-only)" : " (the primary)"));
      return probe(tried + 1, passedOver, url.target() == SessionTarget.PREFER_STANDBY ? index : fallback);
    });
  }

  private Future<PgConnectOptions> chosen(int index) {
    last = index;
    return Future.succeededFuture(hosts.get(index));
  }

  /** What a host is now. */
  private record Role(boolean inRecovery, boolean readOnly) {}

  /**
   * Asks the host whether it is a standby and whether it is read-only. A host that does not answer is passed over
   * after a few seconds rather than the client's default minute (its connection, should it come later, is closed).
   */
  private Future<Role> role(PgConnectOptions options) {
    Future<PgConnection> connecting = PgConnection.connect(vertx, options);
    return connecting.timeout(PROBE_TIMEOUT_MS, TimeUnit.MILLISECONDS)
        .onFailure(e -> connecting.onSuccess(PgConnection::close))
        .compose(connection -> connection
            .query("SELECT pg_is_in_recovery(), current_setting('transaction_read_only') = 'on'").execute()
            .map(rows -> new Role(rows.iterator().next().getBoolean(0), rows.iterator().next().getBoolean(1)))
            .eventually(connection::close));
  }
}
