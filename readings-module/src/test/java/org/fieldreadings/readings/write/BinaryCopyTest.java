package org.fieldreadings.readings.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BinaryCopyTest {

  /** What precedes the rows in the buffer (signature, flags, header extension) and what a row adds to its bytes. */
  private static final int HEADER = 11 + 4 + 4;
  private static final int ROW_BEYOND_BYTES = 2 + 8 + 8 + 4;
  private static final int BUFFER = 1 << 16;

  private static Connection connection;

  @BeforeAll
  static void connect() throws SQLException {
    DatabaseUrl url = TestPostgres.newDatabase();
    connection = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE blocks (series_id integer, day date, data bytea)");
    }
    connection.commit();
  }

  @AfterAll
  static void disconnect() throws SQLException {
    connection.close();
  }

  @BeforeEach
  void empty() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("TRUNCATE blocks");
    }
    connection.commit();
  }

  private static List<Integer> storedLengths() throws SQLException {
    List<Integer> lengths = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT length(data) FROM blocks ORDER BY series_id")) {
      while (rows.next()) {
        lengths.add(rows.getInt(1));
      }
    }
    return lengths;
  }

  @Test
  void rowsFillingTheBufferToItsLastBytesAreCopiedWithTheEndMarker() throws Exception {
    // Nothing, then one byte, left in the buffer when the end marker (two bytes) is written.
    for (int left = 0; left <= 1; left++) {
      int length = BUFFER - HEADER - ROW_BEYOND_BYTES - left;
      try (BinaryCopy copy = BinaryCopy.into(connection, "blocks (series_id, day, data)")) {
        copy.row(3).integer(left).date(20_000).bytes(new byte[length]);
      }
    }
    connection.commit();
    assertThat(storedLengths())
        .containsExactly(BUFFER - HEADER - ROW_BEYOND_BYTES, BUFFER - HEADER - ROW_BEYOND_BYTES - 1);
  }

  @Test
  void aCopyThatFailsMidRowIsEndedSoItsTransactionRollsBack() {
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
      assertThatThrownBy(() -> {
        try (BinaryCopy copy = BinaryCopy.into(connection, "blocks (series_id, day, data)")) {
          copy.row(3).integer(1).date(20_000).bytes(new byte[10]);
          // A day beyond what a date column holds fails half-way through the row.
          copy.row(3).integer(2).date(Long.MAX_VALUE);
        }
      }).isInstanceOf(ArithmeticException.class);
      connection.rollback();
      assertThat(storedLengths()).isEmpty();
    });
  }
}
