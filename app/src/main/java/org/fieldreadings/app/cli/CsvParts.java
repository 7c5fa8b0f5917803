package org.fieldreadings.app.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;

/**
 * A CSV file cut into parts of at most {@code lines} lines, each starting with the file's header, read as bytes
 * (the server reads the lines; here they are only counted), so the client's cost per line stays a byte scan.
 */
final class CsvParts {

  /** A part's body and the file line of its first line after the header. */
  record Part(byte[] body, long firstLine) {}

  private final InputStream in;
  private final int lines;
  private final LongConsumer progress;
  private final byte[] chunk = new byte[1 << 16];
  private final ByteArrayOutputStream part = new ByteArrayOutputStream(1 << 20);
  private byte[] header;
  private int chunkStart;
  private int chunkEnd;
  private long nextLine = 1;
  private boolean ended;

  /** Parts of {@code in}, telling {@code progress} how many bytes were read as they are. */
  CsvParts(InputStream in, int lines, LongConsumer progress) {
    this.in = in;
    this.lines = lines;
    this.progress = progress;
  }

  /** The header line with its line end; null for an empty file. */
  byte[] header() throws IOException {
    if (header == null) {
      part.reset();
      if (!copyLines(1)) {
        return null;
      }
      header = part.toByteArray();
    }
    return header;
  }

  /** The next part; null when the file has no more lines. */
  Part next() throws IOException {
    if (header() == null || ended) {
      return null;
    }
    part.reset();
    part.write(header);
    long first = nextLine;
    copyLines(lines);
    if (part.size() == header.length) {
      return null;
    }
    return new Part(part.toByteArray(), first);
  }

  /** Copies up to {@code count} lines into the part; false when the file ended before any byte of them. */
  private boolean copyLines(int count) throws IOException {
    int copied = 0;
    boolean any = false;
    while (copied < count) {
      if (chunkStart == chunkEnd && !fill()) {
        ended = true;
        return any;
      }
      any = true;
      int end = chunkStart;
      while (end < chunkEnd && copied < count) {
        if (chunk[end++] == '\n') {
          copied++;
        }
      }
      part.write(chunk, chunkStart, end - chunkStart);
      chunkStart = end;
    }
    nextLine += copied;
    return true;
  }

  private boolean fill() throws IOException {
    int n = in.readNBytes(chunk, 0, chunk.length);
    if (n <= 0) {
      return false;
    }
    progress.accept(n);
    chunkStart = 0;
    chunkEnd = n;
    return true;
  }
}
