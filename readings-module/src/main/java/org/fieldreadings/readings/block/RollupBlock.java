package org.fieldreadings.readings.block;

import java.util.EnumSet;
import java.util.Set;

/**
 * A series' {@link Aggregates} over a span (the hours of a UTC month, the days of a UTC year) in one value:
 * version, flags (1: circular sums follow), count, then one column each: the buckets as a count of widths into the
 * span (second order, so consecutive buckets cost nothing), counts, then, each preceded by its length in bytes so
 * that a reader may pass over what it does not need ({@link Part}), sums, minima, maxima, the last readings' times
 * as milliseconds into their bucket, the last values, and for circular series the sums of sines and cosines.
 * Version 1 blocks, written before the lengths were, are still read (whole).
 */
public final class RollupBlock {

  private static final int UNSIZED = 1;
  private static final int VERSION = 2;
  private static final int CIRCULAR = 1;
  /** The parts of a block without circular sums. */
  private static final Set<Part> LINEAR = EnumSet.range(Part.SUM, Part.LAST_VALUE);

  /** The columns beyond buckets and counts, in block order, named by what reads them. */
  public enum Part {
    SUM, MIN, MAX, LAST_TIME, LAST_VALUE, SIN, COS;

    /** Every part: what rewriting a block needs. */
    public static final Set<Part> ALL = EnumSet.allOf(Part.class);
  }

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
    BlockOutput column = new BlockOutput();
    for (Part part : parts(a.circular())) {
      column.clear();
      switch (part) {
        case SUM -> DoubleColumn.encode(column, a.sums(), 0, size);
        case MIN -> DoubleColumn.encode(column, a.mins(), 0, size);
        case MAX -> DoubleColumn.encode(column, a.maxes(), 0, size);
        case LAST_TIME -> LongColumn.encode(column, lastOffsets, 0, size, false);
        case LAST_VALUE -> DoubleColumn.encode(column, a.lastValues(), 0, size);
        case SIN -> DoubleColumn.encode(column, a.sinSums(), 0, size);
        case COS -> DoubleColumn.encode(column, a.cosSums(), 0, size);
      }
      out.varint(column.size());
      out.write(column);
    }
    return out.toArray();
  }

  /** Every column of the block. */
  public static Aggregates decode(byte[] block, long spanStart, long width) {
    return decode(block, spanStart, width, Part.ALL);
  }

  /**
   * Buckets, counts and the {@code wanted} columns of the block; the arrays of the others are left at zero (a
   * version 1 block decodes whole).
   */
  public static Aggregates decode(byte[] block, long spanStart, long width, Set<Part> wanted) {
    return decode(block, spanStart, width, wanted, null);
  }

  /**
   * Buckets, counts and the {@code wanted} columns of the block, into {@code reused} when it has room (a reader of
   * many blocks allocates once), else into new aggregates; the other columns hold whatever they held.
   */
  public static Aggregates decode(byte[] block, long spanStart, long width, Set<Part> wanted, Aggregates reused) {
    BlockInput in = new BlockInput(block);
    int version = in.read();
    if (version != VERSION && version != UNSIZED) {
      throw new CorruptBlockException("unknown rollup block version " + version);
    }
    boolean circular = (in.read() & CIRCULAR) != 0;
    long count = in.varint();
    if (count > 366 * 24) {
      throw new CorruptBlockException(count + " buckets in a rollup block");
    }
    int size = (int) count;
    // Columns decode straight into the aggregates' arrays; offsets become times afterwards.
    Aggregates a = reused != null && reused.fits(circular, size) ? reused : new Aggregates(circular, size);
    LongColumn.decode(in, size, a.buckets(), 0, true);
    LongColumn.decode(in, size, a.counts(), 0, false);
    boolean lastTimes = false;
    for (Part part : parts(circular)) {
      long length = version == VERSION ? in.varint() : -1;
      if (length >= 0 && !wanted.contains(part)) {
        in.skip(length);
        continue;
      }
      int from = in.position();
      switch (part) {
        case SUM -> DoubleColumn.decode(in, size, a.sums(), 0);
        case MIN -> DoubleColumn.decode(in, size, a.mins(), 0);
        case MAX -> DoubleColumn.decode(in, size, a.maxes(), 0);
        case LAST_TIME -> LongColumn.decode(in, size, a.lastTimes(), 0, false);
        case LAST_VALUE -> DoubleColumn.decode(in, size, a.lastValues(), 0);
        case SIN -> DoubleColumn.decode(in, size, a.sinSums(), 0);
        case COS -> DoubleColumn.decode(in, size, a.cosSums(), 0);
      }
      lastTimes |= part == Part.LAST_TIME;
      if (length >= 0 && in.position() - from != length) {
        throw new CorruptBlockException("column " + part + " is not " + length + " bytes long");
      }
    }
    if (!in.atEnd()) {
      throw new CorruptBlockException("bytes after the columns");
    }
    long[] buckets = a.buckets();
    long[] times = a.lastTimes();
    for (int i = 0; i < size; i++) {
      buckets[i] = spanStart + buckets[i] * width;
      if (lastTimes) {
        times[i] += buckets[i];
      }
    }
    a.setSize(size);
    return a;
  }

  private static Set<Part> parts(boolean circular) {
    return circular ? Part.ALL : LINEAR;
  }
}
