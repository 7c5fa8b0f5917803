package org.fieldreadings.readings.write;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.parsetools.RecordParser;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.readings.ReadingsAddresses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /admin/readings}: the canonical CSV import. The body is split into lines as it arrives and stored in
 * batches, each read on a worker thread (so concurrent uploads use every core) and then written; the upload is paused
 * while a batch is stored, so memory stays bounded whatever the file size. Bad lines are
 * reported by line number while every good line is stored.
 */
public final class ImportRoutes {

  private static final Logger LOG = LoggerFactory.getLogger(ImportRoutes.class);
  private static final int BATCH = 20_000;
  private static final int REPORTED_REJECTIONS = 1000;
  private static final int LONGEST_LINE = 4096;

  private ImportRoutes() {}

  public static void mount(Router admin, Vertx vertx) {
    admin.post("/readings").consumes("text/csv").produces("application/json")
        .handler(ctx -> new Import(ctx, vertx).start());
  }

  /** One upload in progress. */
  private static final class Import {
    private final RoutingContext ctx;
    private final HttpServerRequest request;
    private final Vertx vertx;
    private final JsonArray rejected = new JsonArray();
    private List<String> batch = new ArrayList<>();
    private long batchFirstLine;
    private CanonicalCsv csv;
    private long line;
    private long rejectedCount;
    private WriteResult total = WriteResult.NOTHING;
    private Future<Void> writing = Future.succeededFuture();
    private boolean failed;

    Import(RoutingContext ctx, Vertx vertx) {
      this.ctx = ctx;
      this.request = ctx.request();
      this.vertx = vertx;
    }

    void start() {
      // The request feeds the parser by hand: a parser reading the request itself resumes it whenever it runs out of
      // lines, which would defeat the pause that holds the upload while a batch is written.
      RecordParser parser = RecordParser.newDelimited("\n").maxRecordSize(LONGEST_LINE);
      parser.exceptionHandler(this::fail);
      parser.handler(buffer -> onLine(buffer.toString()));
      request.handler(parser);
      request.exceptionHandler(this::fail);
      request.endHandler(v -> {
        parser.handle(Buffer.buffer("\n")); // ends a last line that has no newline
        List<String> last = takeBatch();
        long first = batchFirstLine;
        writing.compose(w -> store(last, first)).onSuccess(v2 -> answer()).onFailure(this::fail);
      });
      request.resume();
    }

    private void onLine(String text) {
      line++;
      if (failed) {
        return;
      }
      if (csv == null) {
        csv = CanonicalCsv.fromHeader(text.replace("\r", "")).orElse(null);
        if (csv == null) {
          fail(new ProblemException(Problem.invalid("body", "the first line must be the header "
              + String.join(",", CanonicalCsv.COLUMNS))));
        }
        batchFirstLine = line + 1;
        return;
      }
      batch.add(text);
      if (batch.size() >= BATCH) {
        // Taken now: the lines still parsed from the current chunk, before the pause holds, go to the next batch.
        List<String> full = takeBatch();
        long first = batchFirstLine;
        batchFirstLine = line + 1;
        request.pause();
        writing = writing.compose(v -> store(full, first)).onSuccess(v -> request.resume()).onFailure(this::fail);
      }
    }

    private List<String> takeBatch() {
      List<String> taken = batch;
      batch = new ArrayList<>();
      return taken;
    }

    /** Reads a batch of lines (the first being line {@code firstLine}) on a worker thread, then writes it. */
    private Future<Void> store(List<String> lines, long firstLine) {
      if (lines.isEmpty()) {
        return Future.succeededFuture();
      }
      return vertx.executeBlocking(() -> parse(lines, firstLine), false).compose(parsed -> {
        rejectedCount += parsed.rejectedCount();
        for (Object rejection : parsed.rejected()) {
          if (rejected.size() < REPORTED_REJECTIONS) {
            rejected.add(rejection);
          }
        }
        return write(parsed.readings());
      });
    }

    private record Parsed(List<Reading> readings, JsonArray rejected, long rejectedCount) {}

    private Parsed parse(List<String> lines, long firstLine) {
      List<Reading> readings = new ArrayList<>(lines.size());
      JsonArray reasons = new JsonArray();
      long bad = 0;
      for (int i = 0; i < lines.size(); i++) {
        String text = lines.get(i);
        if (text.isBlank()) {
          continue;
        }
        try {
          readings.add(csv.parse(text.replace("\r", "")));
        } catch (IllegalArgumentException e) {
          bad++;
          if (reasons.size() < REPORTED_REJECTIONS) {
            reasons.add(new JsonObject().put("line", firstLine + i).put("reason", e.getMessage()));
          }
        }
      }
      return new Parsed(readings, reasons, bad);
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
