package org.fieldreadings.readings.write;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * Rows streamed to {@code COPY ... FROM STDIN (FORMAT binary)}: PostgreSQL takes the values as they are, with
 * no text to parse, which makes this the cheapest way to hand it many rows. Closing ends the COPY, or cancels it
 * when ending fails: a connection left inside a COPY would hang its rollback, and with it every later writer of the
 * series whose locks its transaction holds.
 */
final class BinaryCopy implements AutoCloseable {

  private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0};
  /** 2000-01-01, PostgreSQL's epoch for dates, in days since 1970-01-01. */
  private static final int POSTGRES_EPOCH_DAY = 10_957;
  /** Room for a row's column count and its fixed-size columns (an integer and a date, with their lengths). */
  private static final int FIXED_COLUMNS = 2 + 2 * (4 + 4);

  private final PGCopyOutputStream out;
  // Rows are encoded into one array and handed over in large writes: stream writes per value cost more than COPY.
  private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

  private BinaryCopy(PGCopyOutputStream out) {
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
    if (buffer.remaining() < FIXED_COLUMNS) {
      flush();
    }
    buffer.putShort((short) columns);
    return this;
  }

  BinaryCopy integer(int value) {
    buffer.putInt(4).putInt(value);
    return this;
  }

  /** A {@code date} given in days since 1970-01-01. */
  BinaryCopy date(long epochDay) {
    buffer.putInt(4).putInt(Math.toIntExact(epochDay - POSTGRES_EPOCH_DAY));
    return this;
  }

  /** A {@code bytea}; one larger than the buffer goes straight to the stream. */
  BinaryCopy bytes(byte[] value) throws IOException {
    if (buffer.remaining() < 4 + value.length) {
      flush();
    }
    buffer.putInt(value.length);
    if (value.length > buffer.remaining()) {
      flush();
      out.write(value);
    } else {
      buffer.put(value);
    }
    return this;
  }

  /** Ends the COPY: the rows are in the table (of the connection's open transaction). */
  @Override
  public void close() throws IOException {
    try {
      if (buffer.remaining() < Short.BYTES) {
        flush();
      }
      buffer.putShort((short) -1);
      flush();
      out.close();
    } catch (IOException | RuntimeException e) {
      cancel(e);
      throw e;
    }
  }

  private void cancel(Exception failure) {
    if (out.isActive()) {
      try {
        out.cancelCopy();
      } catch (SQLException e) {
        failure.addSuppressed(e);
      }
    }
  }

  private void flush() throws IOException {
    out.write(buffer.array(), 0, buffer.position());
    buffer.clear();
  }
}
