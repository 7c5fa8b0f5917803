package org.fieldreadings.app.cli;

import java.io.Console;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fieldreadings.app.admin.AdminClient;

/**
 * Progress on stderr over the bytes of one or more file uploads. On a terminal, a one-line bar redrawn at most every
 * 200 ms: {@code importing a.csv [#####.....]  52%  12.1/23.3 MB}. Elsewhere (stderr into a file or a pipe, where
 * every redraw would stay), one plain line per tenth of the bytes, {@code importing a.csv  50%  11.6/23.3 MB}, and
 * where it stopped if that was before the end. It counts what is read from each file as it is sent.
 */
final class ProgressBar {

  private static final int WIDTH = 30;
  private static final long REDRAW_NANOS = 200_000_000L;

  private final PrintWriter err;
  private final boolean terminal;
  private final long total;
  private String label = "";
  private long done;
  private long drawnAt;
  private int drawnWidth;
  /** Off a terminal: the tenths printed so far, and the bytes the last line showed (-1: none yet). */
  private int tenthsPrinted;
  private long printedDone = -1;

  /** A bar over {@code total} bytes, the sum of the sizes of the files to upload, drawn if stderr is a terminal. */
  ProgressBar(long total, PrintWriter err) {
    this(total, err, stderrIsTerminal());
  }

  ProgressBar(long total, PrintWriter err, boolean terminal) {
    this.total = Math.max(total, 1);
    this.err = err;
    this.terminal = terminal;
  }

  /**
   * Whether a redrawn bar would be seen as one line. Java has no test for stderr itself: there is no console when
   * stdin or stdout is not a terminal, and from Java 22 on a console answers {@code isTerminal()}.
   */
  static boolean stderrIsTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException | ClassCastException e) {
      return true;
    }
  }

  /**
   * The body of an upload of {@code file} (with its {@code Content-Length}), counted on this bar under
   * {@code label} while it is sent.
   */
  AdminClient.Body upload(Path file, String label) throws IOException {
    return new AdminClient.Body(Files.size(file), out -> {
      this.label = label;
      try (InputStream in = new Counting(Files.newInputStream(file))) {
        in.transferTo(out);
      }
    });
  }

  /** Counts {@code bytes} more under {@code label}, for uploads sent as parts. */
  void sent(String label, long bytes) {
    this.label = label;
    advance(bytes);
  }

  /** Ends the bar's line once the uploads are over (or one failed); off a terminal, says where it stopped. */
  void finish() {
    if (!terminal) {
      if (done != printedDone) {
        printLine();
      }
      return;
    }
    draw();
    err.println();
    err.flush();
  }

  private void advance(long n) {
    done += n;
    if (!terminal) {
      int tenths = (int) (10 * Math.min(done, total) / total);
      if (tenths > tenthsPrinted) {
        tenthsPrinted = tenths;
        printLine();
      }
      return;
    }
    long now = System.nanoTime();
    if (now - drawnAt > REDRAW_NANOS || done >= total) {
      drawnAt = now;
      draw();
    }
  }

  private void draw() {
    int filled = (int) (WIDTH * Math.min(done, total) / total);
    String line = String.format("%s [%s%s] %3d%%  %.1f/%.1f MB", label, "#".repeat(filled),
        ".".repeat(WIDTH - filled), 100 * Math.min(done, total) / total, done / 1e6, total / 1e6);
    // A shorter line (the next file's name) must not leave the end of the previous one on screen.
    err.print("\r" + line + " ".repeat(Math.max(0, drawnWidth - line.length())));
    drawnWidth = line.length();
    err.flush();
  }

  private void printLine() {
    err.println(String.format("%s %3d%%  %.1f/%.1f MB", label, 100 * Math.min(done, total) / total, done / 1e6,
        total / 1e6));
    err.flush();
    printedDone = done;
  }

  /** A file's stream that advances the bar by what is read from it. */
  private final class Counting extends FilterInputStream {

    Counting(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        advance(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) {
        advance(n);
      }
      return n;
    }
  }
}
