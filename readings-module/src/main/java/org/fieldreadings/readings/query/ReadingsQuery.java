package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import java.time.Instant;
import java.util.Iterator;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.BlockKind;

/**
 * The rows of one {@link ReadingsSelection}, a slice at a time, for whatever serves them: the readings API's JSON
 * and CSV ({@link ReadingsStreamer}), or any reader that is no HTTP answer. The period is planned in
 * {@link QueryWindow}s of about 20,000 rows; each {@link #next} reads one window's blocks through the
 * {@link BlockReader} (the node's cache, or one statement) and makes its rows: stored readings merged by time
 * ({@link RawRows}), or buckets aggregated ({@link AggregatedRows}) with their gaps filled ({@link FilledRows}, the
 * one state kept across windows). Nothing is read ahead: the next window is read when the caller asks for it, so
 * the caller's pace bounds the memory, and a caller that stops asking has stopped the query (there is nothing to
 * close). One caller, one slice at a time.
 */
public final class ReadingsQuery {

  /** An empty range of days: no day is in (1, 0). */
  private static final int[] NO_DAYS = {1, 0};

  private final BlockReader blocks;
  private final ReadingsSelection selection;
  private final String[] names;
  private final Iterator<QueryWindow> windows;
  /** Null for the readings as stored. */
  private final AggregatedRows aggregated;
  /** Null without gap filling. */
  private final FilledRows filled;
  /** The slice being made, which the rows {@link #filled} lets go of join. */
  private ReadingRows slice;

  public ReadingsQuery(BlockReader blocks, ReadingsSelection selection) {
    this.blocks = blocks;
    this.selection = selection;
    this.names = selection.interfaces().stream().map(SensorInterface::name).toArray(String[]::new);
    Buckets buckets = selection.buckets();
    this.windows = QueryWindow.plan(selection.start(), selection.end(), selection.aggregation(), buckets,
        names.length).iterator();
    this.aggregated = buckets == null ? null : new AggregatedRows(buckets, selection.interfaces(), blocks.cache());
    this.filled = selection.fill() == Fill.NONE ? null
        : new FilledRows(selection.fill(), names.length, (timestamp, values) -> slice.add(timestamp, values));
  }

  /** Whether a slice is left to read. */
  public boolean hasNext() {
    return windows.hasNext();
  }

  /**
   * Reads the next slice: the rows of the next window, in time order; possibly none (a window without readings, or
   * whose buckets wait for a gap that a later window closes). Ask for the next one only once this one has come.
   *
   * @throws java.util.NoSuchElementException when no slice is left ({@link #hasNext})
   */
  public Future<ReadingRows> next() {
    QueryWindow window = windows.next();
    return read(window).map(read -> rows(read, window));
  }

  private ReadingRows rows(BlockRows read, QueryWindow window) {
    slice = new ReadingRows(names.length);
    if (aggregated == null) {
      RawRows.write(read, names.length, window.start().toEpochMilli(), window.end().toEpochMilli(), slice::add);
      return slice;
    }
    aggregated.write(read, window, filled != null, filled == null ? slice::add : filled);
    if (filled != null && !windows.hasNext()) {
      filled.finish();
    }
    return slice;
  }

  /**
   * The window's blocks: point blocks of its days for stored readings; for aggregates, the rollup blocks of its
   * whole buckets and the point blocks of its partial buckets and of the days whose rollup units a bucket boundary
   * cuts.
   */
  private Future<BlockRows> read(QueryWindow window) {
    long device = selection.deviceId();
    String connector = selection.connectorId();
    if (aggregated == null) {
      return blocks.raw(device, connector, names, day(window.start()), day(window.end()));
    }
    Buckets buckets = selection.buckets();
    BlockKind span = buckets.rollup();
    long start = window.start().toEpochMilli();
    long fullStart = window.fullStart().toEpochMilli();
    long fullEnd = window.fullEnd().toEpochMilli();
    long end = window.end().toEpochMilli();
    int[] head = start < fullStart ? new int[] {day(start), day(fullStart - 1)} : NO_DAYS;
    int[] tail = fullEnd <= end ? new int[] {day(fullEnd), day(end)} : NO_DAYS;
    boolean whole = fullStart < fullEnd;
    int[] straddled = whole ? buckets.straddledDays(window.fullStart(), window.fullEnd(), span.width()) : new int[0];
    return blocks.aggregated(device, connector, names, span, head, tail, straddled,
        whole ? (int) span.blockDay(fullStart) : 1, whole ? (int) span.blockDay(fullEnd - 1) : 0);
  }

  private static int day(Instant instant) {
    return day(instant.toEpochMilli());
  }

  private static int day(long epochMillis) {
    return Math.toIntExact(Math.floorDiv(epochMillis, PointBlock.DAY));
  }
}
