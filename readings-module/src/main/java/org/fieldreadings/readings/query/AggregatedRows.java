package org.fieldreadings.readings.query;

import java.util.List;
import java.util.Set;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.block.Aggregates;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;
import org.fieldreadings.readings.block.RollupBlock;
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.cache.BlockCache;

/**
 * The rows of an aggregated window from its blocks: the readings of the partial buckets at its edges and of the
 * rollup units a bucket boundary cuts (point blocks), and the rollup entries of its whole buckets (hour or day
 * blocks), added up by a {@link BucketAggregator} and written bucket by bucket.
 */
final class AggregatedRows {

  private final Buckets buckets;
  private final List<SensorInterface> interfaces;
  /** What each interface column reads of its rollup blocks. */
  private final List<Set<RollupBlock.Part>> parts;
  /** Keeps what a month block's hours become for these buckets ({@link HoursByBucket}) beside the block. */
  private final BlockCache cache;

  AggregatedRows(Buckets buckets, List<SensorInterface> interfaces, BlockCache cache) {
    this.buckets = buckets;
    this.interfaces = interfaces;
    this.parts = interfaces.stream().map(i -> BucketAggregator.partsOf(i.aggregation())).toList();
    this.cache = cache;
  }

  /** Writes the window's buckets that have a value, or all of them when {@code everyBucket} (for gap filling). */
  void write(BlockRows rows, QueryWindow window, boolean everyBucket, RowSink out) {
    long start = window.start().toEpochMilli();
    long fullStart = window.fullStart().toEpochMilli();
    long fullEnd = window.fullEnd().toEpochMilli();
    long end = window.end().toEpochMilli();
    BlockKind span = buckets.rollup();
    long width = span.width();
    BucketAggregator aggregator = new BucketAggregator(buckets, interfaces, window.start(), window.end(),
        everyBucket);
    // Local days, weeks and months whose boundaries are all UTC hours take their hours gathered by bucket.
    boolean gathering = span == BlockKind.HOURS && buckets.aggregation() != Aggregation.HOUR
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
    aggregator.writeTo(out);
  }

  /** Whether the rollup entry of the unit starting at {@code unit} serves its readings: whole, in one bucket. */
  private static boolean fromRollup(BucketAggregator aggregator, long unit, long fullStart, long fullEnd,
      long width) {
    return unit >= fullStart && unit + width <= fullEnd && aggregator.sameBucket(unit, unit + width - 1);
  }
}
