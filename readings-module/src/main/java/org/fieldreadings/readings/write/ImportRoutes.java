package org.fieldreadings.readings.write;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.core.text.LineEnds;
import org.fieldreadings.plugin.api.Rejection;
import org.fieldreadings.readings.ReadingsAddresses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /admin/readings}: the canonical CSV import. The body is gathered into batches of whole lines as it
 * arrives; each batch is split and read on a worker thread (so the event loop only copies bytes and concurrent uploads
 * use every core), then written. The upload is paused while a batch is stored, so memory stays bounded whatever the
 * file size. Bad lines, timestamps outside the {@link AcceptedWindow} included, are reported by line number while
 * every good line is stored.
 */
public final class ImportRoutes {

  private static final Logger LOG = LoggerFactory.getLogger(ImportRoutes.class);
  /** A batch is cut at the last line end once this much has arrived: one transaction, and one COPY, per batch. */
  private static final int BATCH_BYTES = 4 << 20;
  private static final int LONGEST_LINE = 4096;
  /** A guess at the bytes of a line (benchmark lines are 70), to size a batch's columns before they grow. */
  private static final int TYPICAL_LINE_BYTES = 64;
  /**
   * A body at least this long (the CLI sends parts of nearly {@link #BATCH_BYTES}) is read into a whole batch
   * buffer, which is reused; a shorter one into a buffer of its length.
   */
  private static final int REUSED_FROM = 1 << 20;
  /** Room for a batch and the chunk that completes it (listeners deliver chunks of up to 64 KiB). */
  private static final int BUFFER_BYTES = BATCH_BYTES + (64 << 10);

  private ImportRoutes() {}

  public static void mount(Router admin, Vertx vertx, AcceptedWindow window) {
    BatchBuffers buffers = new BatchBuffers(BUFFER_BYTES);
    admin.post("/readings").consumes("text/csv").produces("application/json")
        .handler(ctx -> new Import(ctx, vertx, window, buffers).start());
  }

  /** One upload in progress. */
  private static final class Import {
    private final RoutingContext ctx;
    private final HttpServerRequest request;
    private final Vertx vertx;
    private final AcceptedWindow window;
    private final BatchBuffers buffers;
    private final JsonArray rejected = new JsonArray();
    /**
     * The body's bytes not read yet, {@code [0, filled)}: whole lines are cut from the front once {@link #BATCH_BYTES}
     * have arrived, and read in place (the upload is paused meanwhile, so nothing else touches them).
     */
    private byte[] pending;
    private int filled;
    /** The number of the next batch's first line; batches are read one after the other. */
    private long nextLine = 1;
    private CanonicalCsv csv;
    private long rejectedCount;
    private WriteResult total = WriteResult.NOTHING;
    private Future<Void> writing = Future.succeededFuture();
    private boolean failed;

    Import(RoutingContext ctx, Vertx vertx, AcceptedWindow window, BatchBuffers buffers) {
      this.ctx = ctx;
      this.request = ctx.request();
      // Sized for the body when it says how long it is (a part sent by the CLI), so it is never copied to grow.
      long length = ctx.request().headers().contains("Content-Length")
          ? parseLength(ctx.request().getHeader("Content-Length")) : 0;
      this.pending = length >= REUSED_FROM ? buffers.take() : new byte[(int) Math.max(64 << 10, length + 1)];
      this.vertx = vertx;
      this.window = window;
      this.buffers = buffers;
    }

    void start() {
      request.handler(this::onChunk);
      request.exceptionHandler(this::fail);
      request.endHandler(v -> {
        if (failed) {
          return;
        }
        writing = writing.compose(w -> store(filled));
        writing.onSuccess(v2 -> answer()).onFailure(this::fail);
      });
      request.resume();
    }

    private void onChunk(Buffer chunk) {
      if (failed) {
        return;
      }
      if (filled + chunk.length() > pending.length) {
        pending = Arrays.copyOf(pending, Math.max(pending.length * 2, filled + chunk.length()));
      }
      chunk.getBytes(0, chunk.length(), pending, filled);
      filled += chunk.length();
      if (filled < BATCH_BYTES) {
        return;
      }
      int end = LineEnds.afterLast(pending, 0, filled);
      if (end == 0) {
        filled = 0;
        fail(new ProblemException(Problem.invalid("body", "line " + nextLine + " is longer than " + LONGEST_LINE
            + " bytes")));
        return;
      }
      request.pause();
      writing = writing.compose(v -> store(end)).onSuccess(v -> request.resume()).onFailure(this::fail);
    }

    private static long parseLength(String header) {
      try {
        return Long.parseLong(header.trim());
      } catch (NumberFormatException e) {
        return 0;
      }
    }


    /**
     * Reads the whole lines {@code pending[0, end)} on a worker thread, drops them from {@link #pending}, then writes
     * their readings.
     */
    private Future<Void> store(int end) {
      if (end == 0) {
        return Future.succeededFuture();
      }
      long firstLine = nextLine;
      return vertx.executeBlocking(() -> parse(pending, end, firstLine), false)
          .compose(parsed -> {
            System.arraycopy(pending, end, pending, 0, filled - end);
            filled -= end;
            nextLine += parsed.lineCount();
            if (csv == null) {
              return Future.failedFuture(new ProblemException(Problem.invalid("body", "the first line must be the "
                  + "header " + String.join(",", CanonicalCsv.COLUMNS))));
            }
            rejectedCount += parsed.rejectedCount();
            for (Object rejection : parsed.rejected()) {
              if (rejected.size() < Rejection.LISTED) {
                rejected.add(rejection);
              }
            }
            return write(parsed.readings());
          });
    }

    private record Parsed(ReadingColumns readings, JsonArray rejected, long rejectedCount, long lineCount) {}

    /** The readings of the lines in {@code bytes[0, end)}, the first of which is line {@code firstLine} of the body. */
    private Parsed parse(byte[] bytes, int end, long firstLine) {
      ReadingColumns.Builder readings = new ReadingColumns.Builder(end / TYPICAL_LINE_BYTES);
      JsonArray reasons = new JsonArray();
      AcceptedWindow.Bounds bounds = window.at(Instant.now());
      long bad = 0;
      long number = firstLine;
      for (int start = 0; start < end; number++) {
        int newline = LineEnds.next(bytes, start, end);
        int lineEnd = newline > start && bytes[newline - 1] == '\r' ? newline - 1 : newline;
        int from = start;
        start = newline + 1;
        if (csv == null) {
          csv = CanonicalCsv.fromHeader(new String(bytes, from, lineEnd - from, StandardCharsets.UTF_8)).orElse(null);
          if (csv == null) {
            return new Parsed(ReadingColumns.empty(), reasons, 0, number - firstLine + 1);
          }
          continue;
        }
        if (isBlank(bytes, from, lineEnd)) {
          continue;
        }
        try {
          if (lineEnd - from > LONGEST_LINE
              && new String(bytes, from, lineEnd - from, StandardCharsets.UTF_8).length() > LONGEST_LINE) {
            throw new IllegalArgumentException("the line is longer than " + LONGEST_LINE + " characters");
          }
          csv.parse(bytes, from, lineEnd, bounds, readings);
        } catch (IllegalArgumentException e) {
          bad++;
          if (reasons.size() < Rejection.LISTED) {
            reasons.add(new JsonObject().put("line", number).put("reason", e.getMessage()));
          }
        }
      }
      return new Parsed(readings.build(), reasons, bad, number - firstLine);
    }

    private static boolean isBlank(byte[] bytes, int from, int end) {
      for (int i = from; i < end; i++) {
        if (bytes[i] < 0 || bytes[i] > ' ') {
          return false;
        }
      }
      return true;
    }

    private Future<Void> write(ReadingColumns readings) {
      if (readings.isEmpty()) {
        return Future.succeededFuture();
      }
      return ReadingsAddresses.WRITE.request(vertx.eventBus(), new ReadingsBatch(readings),
              ReadingsAddresses.WRITE_TIMEOUT_MS)
          .map(written -> {
            total = total.plus(written);
            return null;
          });
    }

    private void answer() {
      if (csv == null && !failed) {
        fail(new ProblemException(Problem.invalid("body", "the CSV is empty: the first line must be the header "
            + String.join(",", CanonicalCsv.COLUMNS))));
        return;
      }
      if (failed) {
        return;
      }
      LOG.info("canonical import: {} stored, {} duplicates, {} rejected lines", total.stored(), total.duplicates(),
          rejectedCount);
      release();
      ctx.json(total.toJson().put("rejectedCount", rejectedCount).put("rejected", rejected));
    }

    /** Gives the buffer back, once: nothing reads or writes it any more. */
    private void release() {
      if (pending != null) {
        buffers.give(pending);
        pending = null;
      }
    }

    private void fail(Throwable error) {
      if (!failed) {
        failed = true;
        // A batch being read or written still uses the buffer: it is given back once that is over.
        writing.onComplete(done -> release());
        if (!request.isEnded()) {
          request.resume();
        }
        ctx.fail(error);
      }
    }
  }
}
