package org.fieldreadings.readings.write;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.EventBus;
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
 * {@code POST /admin/readings}: the canonical CSV import. The body is parsed as it arrives and stored in batches;
 * the upload is paused while a batch is written, so memory stays bounded whatever the file size. Bad lines are
 * reported by line number while every good line is stored.
 */
public final class ImportRoutes {

  private static final Logger LOG = LoggerFactory.getLogger(ImportRoutes.class);
  private static final int BATCH = 20_000;
  private static final int REPORTED_REJECTIONS = 1000;
  private static final int LONGEST_LINE = 4096;

  private ImportRoutes() {}

  public static void mount(Router admin, EventBus bus) {
    admin.post("/readings").consumes("text/csv").produces("application/json")
        .handler(ctx -> new Import(ctx, bus).start());
  }

  /** One upload in progress. */
  private static final class Import {
    private final RoutingContext ctx;
    private final HttpServerRequest request;
    private final EventBus bus;
    private final JsonArray rejected = new JsonArray();
    private List<Reading> batch = new ArrayList<>();
    private CanonicalCsv csv;
    private long line;
    private long rejectedCount;
    private WriteResult total = WriteResult.NOTHING;
    private Future<Void> writing = Future.succeededFuture();
    private boolean failed;

    Import(RoutingContext ctx, EventBus bus) {
      this.ctx = ctx;
      this.request = ctx.request();
      this.bus = bus;
    }

    void start() {
      // The request feeds the parser by hand: a parser reading the request itself resumes it whenever it runs out of
      // lines, which would defeat the pause that holds the upload while a batch is written.
      RecordParser parser = RecordParser.newDelimited("\n").maxRecordSize(LONGEST_LINE);
      parser.exceptionHandler(this::fail);
      parser.handler(buffer -> onLine(buffer.toString().replace("\r", "")));
      request.handler(parser);
      request.exceptionHandler(this::fail);
      request.endHandler(v -> {
        parser.handle(Buffer.buffer("\n")); // ends a last line that has no newline
        List<Reading> last = takeBatch();
        writing.compose(w -> write(last)).onSuccess(v2 -> answer()).onFailure(this::fail);
      });
      request.resume();
    }

    private void onLine(String text) {
      line++;
      if (failed) {
        return;
      }
      if (csv == null) {
        csv = CanonicalCsv.fromHeader(text).orElse(null);
        if (csv == null) {
          fail(new ProblemException(Problem.invalid("body", "the first line must be the header "
              + String.join(",", CanonicalCsv.COLUMNS))));
        }
        return;
      }
      if (text.isBlank()) {
        return;
      }
      try {
        batch.add(csv.parse(text));
      } catch (IllegalArgumentException e) {
        rejectedCount++;
        if (rejected.size() < REPORTED_REJECTIONS) {
          rejected.add(new JsonObject().put("line", line).put("reason", e.getMessage()));
        }
      }
      if (batch.size() >= BATCH) {
        // Taken now: the lines still parsed from the current chunk, before the pause holds, go to the next batch.
        List<Reading> full = takeBatch();
        request.pause();
        writing = writing.compose(v -> write(full)).onSuccess(v -> request.resume()).onFailure(this::fail);
      }
    }

    private List<Reading> takeBatch() {
      List<Reading> taken = batch;
      batch = new ArrayList<>();
      return taken;
    }

    private Future<Void> write(List<Reading> readings) {
      if (readings.isEmpty()) {
        return Future.succeededFuture();
      }
      return bus.<JsonObject>request(ReadingsAddresses.WRITE, new ReadingsBatch(readings),
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
