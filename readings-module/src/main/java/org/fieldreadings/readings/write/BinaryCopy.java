package org.fieldreadings.readings.write;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * Rows streamed to {@code COPY ... FROM STDIN (FORMAT binary)}: PostgreSQL takes the values as they are, with
 * no text to parse, which makes this the cheapest way to hand it many rows.
 */
final class BinaryCopy implements AutoCloseable {

  private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0};
  /** 2000-01-01T00:00:00Z, PostgreSQL's epoch for timestamps, in Unix milliseconds. */
  private static final long POSTGRES_EPOCH_MILLIS = 946_684_800_000L;

  private final DataOutputStream out;

  private BinaryCopy(DataOutputStream out) {
    this.out = out;
  }

  /** Starts {@code COPY table (columns) FROM STDIN (FORMAT binary)}; each row then gives the columns in order. */
  static BinaryCopy into(Connection connection, String tableAndColumns) throws SQLException, IOException {
    PGCopyOutputStream copy = new PGCopyOutputStream(connection.unwrap(PGConnection.class),
        "COPY " + tableAndColumns + " FROM STDIN (FORMAT binary)");
    DataOutputStream out = new DataOutputStream(new BufferedOutputStream(copy, 1 << 16));
    out.write(SIGNATURE);
    out.writeInt(0); // flags
    out.writeInt(0); // header extension length
    return new BinaryCopy(out);
  }

  BinaryCopy row(int columns) throws IOException {
    out.writeShort(columns);
    return this;
  }

  BinaryCopy integer(int value) throws IOException {
    out.writeInt(4);
    out.writeInt(value);
    return this;
  }

  BinaryCopy float8(double value) throws IOException {
    out.writeInt(8);
    out.writeDouble(value);
    return this;
  }

  /** A {@code timestamptz} given in Unix milliseconds. */
  BinaryCopy timestamp(long epochMillis) throws IOException {
    out.writeInt(8);
    out.writeLong((epochMillis - POSTGRES_EPOCH_MILLIS) * 1000);
    return this;
  }

  /** Ends the COPY: the rows are in the table (of the connection's open transaction). */
  @Override
  public void close() throws IOException {
    out.writeShort(-1);
    out.close();
  }
}
