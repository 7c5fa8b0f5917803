package org.fieldreadings.readings.block;

/**
 * A series' {@link Aggregates} over a span (the hours of a UTC month, the days of a UTC year) in one value:
 * version, flags (1: circular sums follow), count, then one column each: the buckets as a count of widths into the
 * span (second order, so consecutive buckets cost nothing), counts, sums, minima, maxima, the last readings' times
 * as milliseconds into their bucket, the last values, and for circular series the sums of sines and cosines.
 */
public final class RollupBlock {

  private static final int VERSION = 1;
  private static final int CIRCULAR = 1;

  private RollupBlock() {}

  public static byte[] encode(Aggregates a, long spanStart, long width) {
    int size = a.size();
    BlockOutput out = new BlockOutput();
    out.write(VERSION);
    out.write(a.circular() ? CIRCULAR : 0);
    out.varint(size);
    long[] offsets = new long[size];
    long[] lastOffsets = new long[size];
    for (int i = 0; i < size; i++) {
      offsets[i] = (a.bucket(i) - spanStart) / width;
      lastOffsets[i] = a.lastTime(i) - a.bucket(i);
    }
    LongColumn.encode(out, offsets, 0, size, true);
    LongColumn.encode(out, a.counts(), 0, size, false);
    DoubleColumn.encode(out, a.sums(), 0, size);
    DoubleColumn.encode(out, a.mins(), 0, size);
    DoubleColumn.encode(out, a.maxes(), 0, size);
    LongColumn.encode(out, lastOffsets, 0, size, false);
    DoubleColumn.encode(out, a.lastValues(), 0, size);
    if (a.circular()) {
      DoubleColumn.encode(out, a.sinSums(), 0, size);
      DoubleColumn.encode(out, a.cosSums(), 0, size);
    }
    return out.toArray();
  }

  public static Aggregates decode(byte[] block, long spanStart, long width) {
    BlockInput in = new BlockInput(block);
    if (in.read() != VERSION) {
      throw new CorruptBlockException("unknown rollup block version");
    }
    boolean circular = (in.read() & CIRCULAR) != 0;
    long count = in.varint();
    if (count > 366 * 24) {
      throw new CorruptBlockException(count + " buckets in a rollup block");
    }
    int size = (int) count;
    // Columns decode straight into the aggregates' arrays; offsets become times afterwards.
    Aggregates a = new Aggregates(circular, size);
    LongColumn.decode(in, size, a.buckets(), 0, true);
    LongColumn.decode(in, size, a.counts(), 0, false);
    DoubleColumn.decode(in, size, a.sums(), 0);
    DoubleColumn.decode(in, size, a.mins(), 0);
    DoubleColumn.decode(in, size, a.maxes(), 0);
    LongColumn.decode(in, size, a.lastTimes(), 0, false);
    DoubleColumn.decode(in, size, a.lastValues(), 0);
    if (circular) {
      DoubleColumn.decode(in, size, a.sinSums(), 0);
      DoubleColumn.decode(in, size, a.cosSums(), 0);
    }
    if (!in.atEnd()) {
      throw new CorruptBlockException("bytes after the columns");
    }
    long[] buckets = a.buckets();
    long[] lastTimes = a.lastTimes();
    for (int i = 0; i < size; i++) {
      buckets[i] = spanStart + buckets[i] * width;
      lastTimes[i] += buckets[i];
    }
    a.setSize(size);
    return a;
  }
}
