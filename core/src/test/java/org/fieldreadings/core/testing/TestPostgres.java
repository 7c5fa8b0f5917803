package org.fieldreadings.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.EmbeddedPostgresServer;

/**
 * One real embedded PostgreSQL per test JVM, started on first use and stopped at exit; every caller gets a
 * database of its own, so test classes never see each other's rows.
 */
public final class TestPostgres {

  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static EmbeddedPostgresServer server;

  private TestPostgres() {}

  /** A new, empty database on the shared test server. */
  public static synchronized DatabaseUrl newDatabase() {
    DatabaseUrl admin = server().url();
    String name = "test_" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
    try (Connection connection = DriverManager.getConnection(admin.jdbcUrl(), admin.user(), admin.password());
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create test database", e);
    }
    return new DatabaseUrl(admin.hosts(), name, admin.user(), admin.password(), admin.tls(), admin.target());
  }

  /** Runs SQL statements against a test database (set-up and inspection, never the code under test). */
  public static void execute(DatabaseUrl url, String sql) {
    try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The first column of the first row of a query, as text (inspection only). */
  public static String queryString(DatabaseUrl url, String sql) {
    try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
        Statement statement = connection.createStatement();
        java.sql.ResultSet rows = statement.executeQuery(sql)) {
      return rows.next() ? rows.getString(1) : null;
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static EmbeddedPostgresServer server() {
    if (server == null) {
      try {
        Path dir = Files.createTempDirectory("fr-test-pg");
        server = EmbeddedPostgresServer.start(dir.resolve("pg"));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
          server.close();
          deleteQuietly(dir);
        }));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return server;
  }

  private static void deleteQuietly(Path dir) {
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // A temp folder left behind is harmless.
    }
  }
}
