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
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
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
  private static final int REPORTED_REJECTIONS = 1000;
  private static final int LONGEST_LINE = 4096;

  private ImportRoutes() {}

  public static void mount(Router admin, Vertx vertx, AcceptedWindow window) {
    admin.post("/readings").consumes("text/csv").produces("application/json")
        .handler(ctx -> new Import(ctx, vertx, window).start());
  }

  /** One upload in progress. */
  private static final class Import {
    private final RoutingContext ctx;
    private final HttpServerRequest request;
    private final Vertx vertx;
    private final AcceptedWindow window;
    private final JsonArray rejected = new JsonArray();
    private Buffer pending = Buffer.buffer();
    /** The number of the next batch's first line; batches are read one after the other. */
    private long nextLine = 1;
    private CanonicalCsv csv;
    private long rejectedCount;
    private WriteResult total = WriteResult.NOTHING;
    private Future<Void> writing = Future.succeededFuture();
    private boolean failed;

    Import(RoutingContext ctx, Vertx vertx, AcceptedWindow window) {
      this.ctx = ctx;
      this.request = ctx.request();
      this.vertx = vertx;
      this.window = window;
    }

    void start() {
      request.handler(this::onChunk);
      request.exceptionHandler(this::fail);
      request.endHandler(v -> {
        if (failed) {
          return;
        }
        Buffer last = pending;
        writing.compose(w -> store(last)).onSuccess(v2 -> answer()).onFailure(this::fail);
      });
      request.resume();
    }

    private void onChunk(Buffer chunk) {
      if (failed) {
        return;
      }
      pending.appendBuffer(chunk);
      if (pending.length() < BATCH_BYTES) {
        return;
      }
      int end = afterLastNewline(pending);
      if (end == 0) {
        pending = Buffer.buffer();
        fail(new ProblemException(Problem.invalid("body", "line " + nextLine + " is longer than " + LONGEST_LINE
            + " bytes")));
        return;
      }
      Buffer full = pending.slice(0, end);
      pending = pending.getBuffer(end, pending.length());
      request.pause();
      writing = writing.compose(v -> store(full)).onSuccess(v -> request.resume()).onFailure(this::fail);
    }

    private static int afterLastNewline(Buffer bytes) {
      for (int i = bytes.length() - 1; i >= 0; i--) {
        if (bytes.getByte(i) == '\n') {
          return i + 1;
        }
      }
      return 0;
    }

    /** Reads a batch of whole lines on a worker thread, then writes its readings. */
    private Future<Void> store(Buffer lines) {
      if (lines.length() == 0) {
        return Future.succeededFuture();
      }
      long firstLine = nextLine;
      return vertx.executeBlocking(() -> parse(lines.toString(StandardCharsets.UTF_8), firstLine), false)
          .compose(parsed -> {
            nextLine += parsed.lineCount();
            if (csv == null) {
              return Future.failedFuture(new ProblemException(Problem.invalid("body", "the first line must be the "
                  + "header " + String.join(",", CanonicalCsv.COLUMNS))));
            }
            rejectedCount += parsed.rejectedCount();
            for (Object rejection : parsed.rejected()) {
              if (rejected.size() < REPORTED_REJECTIONS) {
                rejected.add(rejection);
              }
            }
            return write(parsed.readings());
          });
    }

    private record Parsed(List<Reading> readings, JsonArray rejected, long rejectedCount, long lineCount) {}

    /** The readings of a batch's lines, the first of which is line {@code firstLine} of the body. */
    private Parsed parse(String text, long firstLine) {
      List<Reading> readings = new ArrayList<>();
      JsonArray reasons = new JsonArray();
      AcceptedWindow.Bounds bounds = window.at(Instant.now());
      long bad = 0;
      long number = firstLine;
      for (int start = 0; start < text.length(); number++) {
        int newline = text.indexOf('\n', start);
        int end = newline < 0 ? text.length() : newline;
        String line = text.substring(start, end > start && text.charAt(end - 1) == '\r' ? end - 1 : end);
        start = end + 1;
        if (csv == null) {
          csv = CanonicalCsv.fromHeader(line).orElse(null);
          if (csv == null) {
            return new Parsed(List.of(), reasons, 0, number - firstLine + 1);
          }
          continue;
        }
        if (line.isBlank()) {
          continue;
        }
        try {
          if (line.length() > LONGEST_LINE) {
            throw new IllegalArgumentException("the line is longer than " + LONGEST_LINE + " characters");
          }
          readings.add(csv.parse(line, bounds));
        } catch (IllegalArgumentException e) {
          bad++;
          if (reasons.size() < REPORTED_REJECTIONS) {
            reasons.add(new JsonObject().put("line", number).put("reason", e.getMessage()));
          }
        }
      }
      return new Parsed(readings, reasons, bad, number - firstLine);
    }

    private Future<Void> write(List<Reading> readings) {
      if (readings.isEmpty()) {
        return Future.succeededFuture();
      }
      return vertx.eventBus().<JsonObject>request(ReadingsAddresses.WRITE, new ReadingsBatch(readings),
              ReadingsAddresses.WRITE_OPTIONS)
          .map(reply -> {
            JsonObject counts = reply.body();
            total = total.plus(new WriteResult(counts.getLong("stored"), counts.getLong("duplicates")));
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
      ctx.json(total.toJson().put("rejectedCount", rejectedCount).put("rejected", rejected));
    }

    private void fail(Throwable error) {
      if (!failed) {
        failed = true;
        if (!request.isEnded()) {
          request.resume();
        }
        ctx.fail(error);
      }
    }
  }
}
