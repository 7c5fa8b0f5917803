package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * Writes the readings of a request as they come from the database, one {@link QueryWindow} at a time: the next
 * slice is read only once the previous one is written and the connection has drained, so memory does not grow
 * with the period, and a client that disconnects stops the reading. Nothing is written before the first slice
 * is read, so a failing database still gets a proper error response.
 */
final class ReadingsStreamer {

  private final Pool pool;

  ReadingsStreamer(Pool pool) {
    this.pool = pool;
  }

  Future<Void> stream(ReadingsRequest request, long deviceId, ReadingsFormat format, HttpServerResponse response) {
    List<QueryWindow> windows = QueryWindow.plan(request.start(), request.end(), request.aggregation(),
        request.interfaces().size());
    Table table = new Table(request, format);
    String[] names = request.interfaces().stream().map(SensorInterface::name).toArray(String[]::new);
    Iterator<QueryWindow> remaining = windows.iterator();
    return next(request, deviceId, names, remaining, table, response, true);
  }

  private Future<Void> next(ReadingsRequest request, long deviceId, String[] names, Iterator<QueryWindow> remaining,
      Table table, HttpServerResponse response, boolean first) {
    if (response.closed()) {
      return Future.succeededFuture();
    }
    if (!remaining.hasNext()) {
      StringBuilder tail = new StringBuilder();
      if (first) {
        tail.append(table.format.begin());
      }
      return response.end(tail.append(table.format.end()).toString());
    }
    QueryWindow window = remaining.next();
    return query(request, deviceId, names, window).compose(rows -> {
      StringBuilder chunk = new StringBuilder(first ? table.format.begin() : "");
      table.append(rows, chunk);
      if (first && !remaining.hasNext()) {
        // The whole answer is in hand: send it in one piece, with a length.
        return response.putHeader("Content-Type", table.format.contentType())
            .end(chunk.append(table.format.end()).toString());
      }
      if (first) {
        response.setChunked(true).putHeader("Content-Type", table.format.contentType());
      }
      if (chunk.length() > 0) {
        response.write(chunk.toString());
      }
      return drained(response);
    }).compose(v -> response.ended() ? Future.<Void>succeededFuture()
        : next(request, deviceId, names, remaining, table, response, false));
  }

  private Future<RowSet<Row>> query(ReadingsRequest request, long deviceId, String[] names, QueryWindow window) {
    if (request.aggregation() == Aggregation.NONE) {
      return pool.preparedQuery(QuerySql.RAW).execute(Tuple.of(deviceId, request.connectorId(), names,
          utc(window.start()), utc(window.end())));
    }
    return pool.preparedQuery(QuerySql.aggregated(request.aggregation())).execute(Tuple.from(List.of(deviceId,
        request.connectorId(), names, utc(window.fullStart()), utc(window.fullEnd()), utc(window.start()),
        utc(window.end()))));
  }

  private static Future<Void> drained(HttpServerResponse response) {
    if (!response.writeQueueFull() || response.closed()) {
      return Future.succeededFuture();
    }
    Promise<Void> promise = Promise.promise();
    response.drainHandler(v -> promise.tryComplete());
    response.closeHandler(v -> promise.tryComplete());
    return promise.future();
  }

  private static OffsetDateTime utc(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC);
  }

  /** Folds the database's (time, interface, value) rows into one output row per time. */
  private static final class Table {
    private final ReadingsFormat format;
    private final boolean aggregated;
    private final List<SensorInterface> interfaces;
    private boolean firstRow = true;
    private LocalDate day;
    private long dayMillis;

    Table(ReadingsRequest request, ReadingsFormat format) {
      this.format = format;
      this.aggregated = request.aggregation() != Aggregation.NONE;
      this.interfaces = request.interfaces();
    }

    void append(RowSet<Row> rows, StringBuilder out) {
      long current = Long.MIN_VALUE;
      Double[] values = null;
      for (Row row : rows) {
        // Both queries answer (time, column of the interface, ...) first.
        long timestamp = millis(row.getOffsetDateTime(0));
        if (timestamp != current) {
          flush(out, current, values);
          current = timestamp;
          values = new Double[interfaces.size()];
        }
        int index = row.getInteger(1);
        values[index] = aggregated
            ? BucketValue.of(interfaces.get(index).aggregation(), row)
            : row.getDouble(2);
      }
      flush(out, current, values);
    }

    /** Epoch milliseconds of a time; rows come in time order, so the day's start is computed once a day. */
    private long millis(OffsetDateTime time) {
      LocalDate date = time.toLocalDate();
      if (!date.equals(day)) {
        day = date;
        dayMillis = date.toEpochDay() * 86_400_000L;
      }
      return dayMillis + time.toLocalTime().toNanoOfDay() / 1_000_000 - time.getOffset().getTotalSeconds() * 1000L;
    }

    private void flush(StringBuilder out, long timestamp, Double[] values) {
      if (values != null) {
        format.row(out, firstRow, timestamp, values);
        firstRow = false;
      }
    }
  }
}
