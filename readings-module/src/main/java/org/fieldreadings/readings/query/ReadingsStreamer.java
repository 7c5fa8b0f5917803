package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServerResponse;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.fieldreadings.core.bus.DevicesContract.ResolvedDevice;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.block.Aggregates;
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;
import org.fieldreadings.readings.block.RollupBlock;
import org.fieldreadings.readings.cache.BlockCache;

/**
 * Writes the readings of a request as {@link BlockReader} reads them, one {@link QueryWindow} at a time: the next
 * slice is read only once the previous one is written and the connection has drained, so memory does not grow
 * with the period, and a client that disconnects stops the reading. Nothing is written before the first slice
 * is read, so a failing database still gets a proper error response.
 */
final class ReadingsStreamer {

  private static final int[] EMPTY_RANGE = {1, 0};

  private final BlockReader blocks;

  ReadingsStreamer(BlockReader blocks) {
    this.blocks = blocks;
  }

  /**
   * Appends one device's table (the format's begin, its rows, its end) to {@code output}, without ending it, so the
   * table may stand alone or inside an enclosing answer. {@code device} is the resolved device: a connector it does
   * not have gives an empty table. Completes once the table is written (or the client
   * went away).
   */
  Future<Void> stream(ReadingsRequest requested, ResolvedDevice device, ReadingsFormat format, Output output) {
    ReadingsRequest request = requested.forDevice(device);
    output.text.append(format.begin());
    if (device.interfacesOf(request.connectorId()) == null) {
      output.text.append(format.end());
      return Future.succeededFuture();
    }
    Aggregation aggregation = request.aggregation();
    List<QueryWindow> windows = QueryWindow.plan(request.start(), request.end(), aggregation,
        aggregation == Aggregation.NONE ? null : request.buckets(), request.interfaces().size());
    Table table = new Table(request, format, blocks.cache());
    String[] names = request.interfaces().stream().map(SensorInterface::name).toArray(String[]::new);
    return next(request, device.deviceId(), names, windows.iterator(), table, output)
        .onSuccess(v -> output.text.append(format.end()));
  }

  private Future<Void> next(ReadingsRequest request, long deviceId, String[] names, Iterator<QueryWindow> remaining,
      Table table, Output output) {
    HttpServerResponse response = output.response;
    if (response.closed() || !remaining.hasNext()) {
      return Future.succeededFuture();
    }
    QueryWindow window = remaining.next();
    return query(request, deviceId, names, window).compose(rows -> {
      table.append(rows, window, output);
      if (!remaining.hasNext()) {
        return Future.<Void>succeededFuture();
      }
      output.flush();
      return drained(response);
    }).compose(v -> response.ended() ? Future.<Void>succeededFuture()
        : next(request, deviceId, names, remaining, table, output));
  }

  private Future<BlockRows> query(ReadingsRequest request, long deviceId, String[] names, QueryWindow window) {
    if (request.aggregation() == Aggregation.NONE) {
      return blocks.raw(deviceId, request.connectorId(), names, day(window.start()), day(window.end()));
    }
    Buckets buckets = request.buckets();
    BlockKind rollup = buckets.rollup();
    long start = window.start().toEpochMilli();
    long fullStart = window.fullStart().toEpochMilli();
    long fullEnd = window.fullEnd().toEpochMilli();
    long end = window.end().toEpochMilli();
    // Empty ranges are (1, 0), which no day is in.
    int[] head = start < fullStart ? new int[] {day(start), day(fullStart - 1)} : EMPTY_RANGE;
    int[] tail = fullEnd <= end ? new int[] {day(fullEnd), day(end)} : EMPTY_RANGE;
    boolean whole = fullStart < fullEnd;
    int[] straddled = whole ? buckets.straddledDays(window.fullStart(), window.fullEnd(), rollup.width()) : new int[0];
    return blocks.aggregated(deviceId, request.connectorId(), names, rollup, head, tail, straddled,
        whole ? (int) rollup.blockDay(fullStart) : 1, whole ? (int) rollup.blockDay(fullEnd - 1) : 0);
  }

  private static int day(Instant instant) {
    return day(instant.toEpochMilli());
  }

  private static int day(long epochMillis) {
    return Math.toIntExact(Math.floorDiv(epochMillis, PointBlock.DAY));
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

  /**
   * The answer's text on its way out: written in pieces of about {@link #PIECE} characters (large strings are costly
   * to build and to collect), or, when it all fits in one piece, sent whole with a length.
   */
  static final class Output {
    private static final int PIECE = 32 * 1024;
    final HttpServerResponse response;
    final StringBuilder text = new StringBuilder(1024);
    private final String contentType;
    private boolean started;

    Output(HttpServerResponse response, String contentType) {
      this.response = response;
      this.contentType = contentType;
    }

    void flushIfFull() {
      if (text.length() >= PIECE) {
        flush();
      }
    }

    void flush() {
      if (!started) {
        response.setChunked(true).putHeader("Content-Type", contentType);
        started = true;
      }
      if (text.length() > 0) {
        response.write(text.toString());
        text.setLength(0);
      }
    }

    /** Writes what is full and waits until the connection has room for more (or is gone). */
    Future<Void> pause() {
      flushIfFull();
      return drained(response);
    }

    /** Sends the rest and ends the answer; nothing when the client went away. */
    Future<Void> end() {
      if (response.closed()) {
        return Future.succeededFuture();
      }
      if (!started) {
        response.putHeader("Content-Type", contentType);
      }
      return response.end(text.toString());
    }
  }

  /** Turns the blocks of each window into output rows. */
  private static final class Table {
    private final ReadingsFormat format;
    private final Aggregation aggregation;
    private final List<SensorInterface> interfaces;
    private final Buckets buckets;
    private final Fill fill;
    private final Instant periodEnd;
    /** What each interface column reads of its rollup blocks. */
    private final List<Set<RollupBlock.Part>> parts;
    private final BlockCache cache;
    private FilledRows filled;
    private boolean firstRow = true;

    Table(ReadingsRequest request, ReadingsFormat format, BlockCache cache) {
      this.format = format;
      this.cache = cache;
      this.aggregation = request.aggregation();
      this.interfaces = request.interfaces();
      this.buckets = aggregation == Aggregation.NONE ? null : request.buckets();
      this.fill = request.fill();
      this.periodEnd = request.end();
      this.parts = interfaces.stream().map(i -> BucketAggregator.partsOf(i.aggregation())).toList();
    }

    void append(BlockRows rows, QueryWindow window, Output out) {
      BucketAggregator.Rows sink = (timestamp, values) -> {
        format.row(out.text, firstRow, timestamp, values);
        firstRow = false;
        out.flushIfFull();
      };
      if (aggregation == Aggregation.NONE) {
        RawRows.write(rows, interfaces.size(), window.start().toEpochMilli(), window.end().toEpochMilli(), sink);
        return;
      }
      if (fill != Fill.NONE && filled == null) {
        filled = new FilledRows(fill, interfaces.size(), sink);
      }
      long start = window.start().toEpochMilli();
      long fullStart = window.fullStart().toEpochMilli();
      long fullEnd = window.fullEnd().toEpochMilli();
      long end = window.end().toEpochMilli();
      BlockKind rollup = buckets.rollup();
      long width = rollup.width();
      BucketAggregator aggregator = new BucketAggregator(buckets, interfaces, window.start(), window.end(),
          filled != null);
      // Local days, weeks and months whose boundaries are all UTC hours take their hours gathered by bucket.
      boolean gathering = rollup == BlockKind.HOURS && aggregation != Aggregation.HOUR
          && buckets.onUnits(window.fullStart(), window.fullEnd(), width);
      Points points = new Points();
      Aggregates rollups = null;
      for (int row = 0; row < rows.size(); row++) {
        int column = rows.column(row);
        long day = rows.day(row) * PointBlock.DAY;
        byte[] block = rows.block(row);
        if (rows.points(row)) {
          points.clear();
          PointBlock.decode(block, day, points);
          for (int i = points.indexAtOrAfter(start); i < points.size() && points.time(i) <= end; i++) {
            long time = points.time(i);
            long unit = Math.floorDiv(time, width) * width;
            if (time < fullStart || time >= fullEnd || !fromRollup(aggregator, unit, fullStart, fullEnd, width)) {
              aggregator.addReading(column, time, points.value(i));
            }
          }
        } else if (gathering) {
          Aggregates gathered = cache.derived(rows.key(row), buckets, block);
          if (gathered == null) {
            rollups = RollupBlock.decode(block, day, width, parts.get(column), rollups);
            gathered = HoursByBucket.of(rollups, buckets);
            cache.putDerived(rows.key(row), buckets, block, gathered);
          }
          aggregator.addRollups(column, gathered, parts.get(column), fullStart, fullEnd, width);
        } else {
          rollups = RollupBlock.decode(block, day, width, parts.get(column), rollups);
          aggregator.addRollups(column, rollups, parts.get(column), fullStart, fullEnd, width);
        }
      }
      if (filled == null) {
        aggregator.writeTo(sink);
      } else {
        aggregator.writeTo(filled);
        if (window.end().equals(periodEnd)) {
          filled.finish();
        }
      }
    }

    /** Whether the rollup entry of the unit starting at {@code unit} serves its readings: whole, in one bucket. */
    private static boolean fromRollup(BucketAggregator aggregator, long unit, long fullStart, long fullEnd,
        long width) {
      return unit >= fullStart && unit + width <= fullEnd && aggregator.sameBucket(unit, unit + width - 1);
    }
  }
}
