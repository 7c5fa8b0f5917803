package org.fieldreadings.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongConsumer;
import org.fieldreadings.core.text.LineEnds;

/**
 * A CSV file cut into parts of whole lines, each starting with the file's header and of at most {@code bytes} bytes
 * after it, read as bytes straight into the part (the server reads the lines; here their ends are only found and
 * counted), so the client's cost per line stays a scan of its bytes. A line longer than a part is refused here, as
 * the server would refuse it, without reading it all into memory.
 */
final class CsvParts {

  /** A part's body, {@code buffer[0, length)}, and the file line of its first line after the header. */
  record Part(byte[] buffer, int length, long firstLine) {}

  /** A header is six column names: longer, it is no header, and it is not read into memory. */
  private static final int LONGEST_HEADER = 64 << 10;

  private final InputStream in;
  private final int bytes;
  private final LongConsumer progress;
  private byte[] header;
  /** Bytes read after the last whole line of the previous part: the start of the next one. */
  private byte[] rest = new byte[0];
  private long nextLine = 1;
  private boolean ended;
  /** Parts' buffers their senders are done with, read into again rather than allocated a part. */
  private final Queue<byte[]> spare = new ConcurrentLinkedQueue<>();

  /** Parts of {@code in}, telling {@code progress} how many bytes were read as they are. */
  CsvParts(InputStream in, int bytes, LongConsumer progress) {
    this.in = in;
    this.bytes = bytes;
    this.progress = progress;
  }

  /** The header line with its line end; null for an empty file. */
  byte[] header() throws IOException {
    if (header == null) {
      Lines first = read(new byte[0], 1, LONGEST_HEADER);
      if (first == null) {
        return null;
      }
      header = Arrays.copyOf(first.buffer, first.end);
      nextLine = 2;
    }
    return header;
  }

  /** The next part; null when the file has no more lines. */
  Part next() throws IOException {
    if (header() == null) {
      return null;
    }
    Lines lines = read(header, bytes, bytes);
    if (lines == null) {
      return null;
    }
    long first = nextLine;
    nextLine += LineEnds.count(lines.buffer, header.length, lines.end);
    return new Part(lines.buffer, lines.end, first);
  }

  /** Gives back the buffer of a part that was sent, for a later part: from any thread. */
  void recycle(Part part) {
    spare.add(part.buffer());
  }

  /** A buffer whose {@code [0, end)} are the lead and whole lines; what followed them is kept in {@link #rest}. */
  private record Lines(byte[] buffer, int end) {}

  /**
   * Reads {@code lead} then as many whole lines as fit {@code want} bytes, or the next line when it is longer (up to
   * {@code longest} bytes); the last line of the file may have no line end. Null when the file has no byte left.
   */
  private Lines read(byte[] lead, int want, int longest) throws IOException {
    byte[] buffer = buffer(lead.length + Math.max(want, rest.length));
    System.arraycopy(lead, 0, buffer, 0, lead.length);
    System.arraycopy(rest, 0, buffer, lead.length, rest.length);
    int filled = lead.length + rest.length;
    int end;
    while (true) {
      if (!ended) {
        int n = in.readNBytes(buffer, filled, buffer.length - filled);
        progress.accept(n);
        filled += n;
        ended = filled < buffer.length;
      }
      end = cut(buffer, lead.length, filled, want);
      if (end > lead.length || ended) {
        break;
      }
      if (filled - lead.length >= longest) {
        throw new IOException("line " + nextLine + " is longer than " + longest + " bytes");
      }
      buffer = Arrays.copyOf(buffer, lead.length + Math.min(2 * (buffer.length - lead.length), longest));
    }
    if (end == lead.length) {
      end = filled; // the end of the file: its last line without line end, or nothing
    }
    rest = Arrays.copyOfRange(buffer, end, filled);
    return end == lead.length ? null : new Lines(buffer, end);
  }

  /** A spare buffer of at least {@code length} bytes, or a new one. */
  private byte[] buffer(int length) {
    byte[] buffer = spare.poll();
    return buffer != null && buffer.length >= length ? buffer : new byte[length];
  }

  /**
   * The end of the whole lines of {@code buffer[from, filled)} that fit {@code want} bytes, or of the first line when
   * it is longer; {@code from} when no line end was read yet.
   */
  private static int cut(byte[] buffer, int from, int filled, int want) {
    int end = LineEnds.afterLast(buffer, from, Math.min(filled, from + want));
    if (end > from) {
      return end;
    }
    int newline = LineEnds.next(buffer, from, filled);
    return newline == filled ? from : newline + 1;
  }
}
