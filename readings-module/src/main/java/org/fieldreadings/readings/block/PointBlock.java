package org.fieldreadings.readings.block;

/**
 * The readings of one series in one UTC day, the unit the readings are stored in: a version byte, the count,
 * the times as milliseconds into the day ({@link LongColumn}, second order) and the values ({@link DoubleColumn}).
 * A day of 15-minute readings with three decimals takes about two bytes a reading.
 */
public final class PointBlock {

  /** Milliseconds in an hour and in a (UTC) day: the rollups' buckets, and the span of a point block. */
  public static final long HOUR = 3_600_000L;
  public static final long DAY = 24 * HOUR;
  private static final int VERSION = 1;

  private PointBlock() {}

  /** The start of the UTC day holding {@code time}. */
  public static long dayOf(long time) {
    return Math.floorDiv(time, DAY) * DAY;
  }

  /** Encodes {@code points[from, to)}, which lie in the day starting at {@code day}, in time order, each once. */
  public static byte[] encode(long day, Points points, int from, int to) {
    BlockOutput out = new BlockOutput();
    out.write(VERSION);
    out.varint(to - from);
    long[] offsets = new long[to - from];
    for (int i = from; i < to; i++) {
      offsets[i - from] = points.times()[i] - day;
    }
    LongColumn.encode(out, offsets, 0, offsets.length, true);
    DoubleColumn.encode(out, points.values(), from, to);
    return out.toArray();
  }

  /** Appends the readings of a block of the day starting at {@code day} to {@code into}. */
  public static void decode(byte[] block, long day, Points into) {
    BlockInput in = new BlockInput(block);
    if (in.read() != VERSION) {
      throw new CorruptBlockException("unknown point block version");
    }
    long count = in.varint();
    if (count > DAY) {
      throw new CorruptBlockException(count + " points in a day");
    }
    int n = (int) count;
    long[] times = new long[n];
    double[] values = new double[n];
    LongColumn.decode(in, n, times, 0, true);
    DoubleColumn.decode(in, n, values, 0);
    if (!in.atEnd()) {
      throw new CorruptBlockException("bytes after the values");
    }
    for (int i = 0; i < n; i++) {
      into.add(day + times[i], values[i]);
    }
  }
}
