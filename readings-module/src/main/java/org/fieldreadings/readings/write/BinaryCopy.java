package org.fieldreadings.readings.write;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
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
  /** Room for the widest row (a rollup: 10 columns of at most 8 bytes, with their lengths). */
  private static final int WIDEST_ROW = 2 + 10 * (4 + 8);

  private final OutputStream out;
  // Rows are encoded into one array and handed over in large writes: stream writes per value cost more than COPY.
  private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

  private BinaryCopy(OutputStream out) {
    this.out = out;
  }

  /** Starts {@code COPY table (columns) FROM STDIN (FORMAT binary)}; each row then gives the columns in order. */
  static BinaryCopy into(Connection connection, String tableAndColumns) throws SQLException {
    BinaryCopy copy = new BinaryCopy(new PGCopyOutputStream(connection.unwrap(PGConnection.class),
        "COPY " + tableAndColumns + " FROM STDIN (FORMAT binary)"));
    copy.buffer.put(SIGNATURE).putInt(0).putInt(0); // no flags, no header extension
    return copy;
  }

  BinaryCopy row(int columns) throws IOException {
    if (buffer.remaining() < WIDEST_ROW) {
      flush();
    }
    buffer.putShort((short) columns);
    return this;
  }

  BinaryCopy integer(int value) {
    buffer.putInt(4).putInt(value);
    return this;
  }

  BinaryCopy float8(double value) {
    buffer.putInt(8).putDouble(value);
    return this;
  }

  /** A {@code timestamptz} given in Unix milliseconds. */
  BinaryCopy timestamp(long epochMillis) {
    buffer.putInt(8).putLong((epochMillis - POSTGRES_EPOCH_MILLIS) * 1000);
    return this;
  }

  /** Ends the COPY: the rows are in the table (of the connection's open transaction). */
  @Override
  public void close() throws IOException {
    buffer.putShort((short) -1);
    flush();
    out.close();
  }

  private void flush() throws IOException {
    out.write(buffer.array(), 0, buffer.position());
    buffer.clear();
  }
}
