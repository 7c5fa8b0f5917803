package org.fieldreadings.app.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;

/**
 * A one-line progress bar on stderr for uploads, redrawn at most every 200 ms: {@code [#####.....]  52%  12.1/23.3 MB}.
 * Wraps the uploaded stream and counts what the HTTP client reads from it.
 */
final class ProgressBar extends FilterInputStream {

  private static final int WIDTH = 30;
  private static final long REDRAW_NANOS = 200_000_000L;

  private final PrintWriter err;
  private final String label;
  private final long total;
  private long done;
  private long drawnAt;

  ProgressBar(InputStream in, long total, String label, PrintWriter err) {
    super(in);
    this.total = Math.max(total, 1);
    this.label = label;
    this.err = err;
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

  private void advance(long n) {
    done += n;
    long now = System.nanoTime();
    if (now - drawnAt > REDRAW_NANOS || done >= total) {
      drawnAt = now;
      draw();
    }
  }

  private void draw() {
    int filled = (int) (WIDTH * Math.min(done, total) / total);
    err.printf("\r%s [%s%s] %3d%%  %.1f/%.1f MB", label, "#".repeat(filled), ".".repeat(WIDTH - filled),
        100 * Math.min(done, total) / total, done / 1e6, total / 1e6);
    err.flush();
  }

  /** Ends the bar's line once the upload is over. */
  void finish() {
    draw();
    err.println();
    err.flush();
  }
}
