package org.fieldreadings.readings.write;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fieldreadings.core.http.ProblemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Monthly partitions of {@code readings.point}: created ahead of time and on demand for any month a write
 * touches, each in a short transaction of its own so no long write holds the parent table's lock. A write outside
 * the {@link AcceptedWindow} creates none: every month from the window's start to now is the most a client can
 * make, whatever a bug upstream lets through.
 */
final class Partitions {

  private static final Logger LOG = LoggerFactory.getLogger(Partitions.class);

  /** The name {@link #create} gives a month's partition: {@code point_YYYYMM}. */
  private static final Pattern MONTHLY = Pattern.compile("point_(\\d{4})(0[1-9]|1[0-2])");

  private final AcceptedWindow window;
  private final Set<YearMonth> known = ConcurrentHashMap.newKeySet();

  Partitions(AcceptedWindow window) {
    this.window = window;
  }

  /**
   * Makes sure every month a write from {@code first} to {@code last} touches has its partition; refuses with a
   * 400 problem (creating nothing) when either lies outside the accepted window: writers reject such readings
   * first, so reaching this is a writer's bug, not a reason to fill the database.
   */
  void ensure(Connection connection, Instant first, Instant last) throws SQLException {
    AcceptedWindow.Bounds bounds = window.at(Instant.now());
    if (!bounds.contains(first) || !bounds.contains(last)) {
      throw ProblemException.of(400, "no partitions for readings from " + first + " to " + last + ": "
          + bounds.rule());
    }
    create(connection, first, last);
  }

  /**
   * Makes sure the current month and the {@code months} after it have their partitions, and drops the empty
   * partitions of months outside those and the accepted window: writes from before there was a window may have
   * created thousands, and every query of the readings table then runs out of shared memory.
   */
  void prepareAhead(Connection connection, int months) throws SQLException {
    Instant now = Instant.now();
    Instant ahead = now.atZone(ZoneOffset.UTC).plusMonths(months).toInstant();
    Instant accepted = window.at(now).lastInstant();
    YearMonth last = YearMonth.from((ahead.isAfter(accepted) ? ahead : accepted).atZone(ZoneOffset.UTC));
    dropEmptyOutside(connection, YearMonth.from(window.from().atZone(ZoneOffset.UTC)), last);
    create(connection, now, ahead);
  }

  /** Drops each empty monthly partition outside {@code [first, last]}, one short transaction each. */
  private void dropEmptyOutside(Connection connection, YearMonth first, YearMonth last) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        var rows = statement.executeQuery("SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
            + " WHERE i.inhparent = 'readings.point'::regclass")) {
      while (rows.next()) {
        names.add(rows.getString(1));
      }
      connection.commit();
    }
    int dropped = 0;
    for (String name : names) {
      Matcher monthly = MONTHLY.matcher(name);
      if (monthly.matches()) {
        YearMonth month = YearMonth.of(Integer.parseInt(monthly.group(1)), Integer.parseInt(monthly.group(2)));
        if ((month.isBefore(first) || month.isAfter(last)) && dropIfEmpty(connection, name)) {
          known.remove(month);
          dropped++;
        }
      }
    }
    if (dropped > 0) {
      LOG.warn("dropped {} empty partitions of readings.point outside the accepted window {} to {}", dropped, first,
          last);
    }
  }

  private static boolean dropIfEmpty(Connection connection, String name) throws SQLException {
    return underPartitionsLock(connection, "NOT EXISTS (SELECT 1 FROM readings." + name + ")",
        "DROP TABLE readings." + name);
  }

  private void create(Connection connection, Instant first, Instant last) throws SQLException {
    YearMonth month = YearMonth.from(first.atZone(ZoneOffset.UTC));
    YearMonth end = YearMonth.from(last.atZone(ZoneOffset.UTC));
    for (; !month.isAfter(end); month = month.plusMonths(1)) {
      if (!known.contains(month)) {
        create(connection, month);
        known.add(month);
      }
    }
  }

  private static void create(Connection connection, YearMonth month) throws SQLException {
    String name = String.format("point_%04d%02d", month.getYear(), month.getMonthValue());
    String from = month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant().toString();
    String to = month.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant().toString();
    if (underPartitionsLock(connection, "to_regclass('readings." + name + "') IS NULL", "CREATE TABLE readings." + name
        + " PARTITION OF readings.point FOR VALUES FROM ('" + from + "') TO ('" + to + "')")) {
      LOG.info("created partition readings.{} for {}", name, month);
    }
  }

  /**
   * In a transaction of its own holding the partitions lock (so creating and dropping never race): runs
   * {@code action} when the boolean SQL {@code condition} holds, and answers whether it did.
   */
  private static boolean underPartitionsLock(Connection connection, String condition, String action)
      throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SELECT pg_advisory_xact_lock(" + AdvisoryLocks.PARTITIONS + ", 0)");
      boolean holds;
      try (var rows = statement.executeQuery("SELECT " + condition)) {
        rows.next();
        holds = rows.getBoolean(1);
      }
      if (holds) {
        statement.execute(action);
      }
      connection.commit();
      return holds;
    } catch (SQLException e) {
      connection.rollback();
      throw e;
    }
  }
}
