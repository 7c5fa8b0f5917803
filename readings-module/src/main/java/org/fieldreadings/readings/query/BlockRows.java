package org.fieldreadings.readings.query;

import java.util.Arrays;
import org.fieldreadings.readings.cache.BlockCache;

/**
 * The blocks of one query window, a row each: kind ({@link #POINTS} or {@link #ROLLUPS}), the interface's column,
 * the epoch day the block's span starts on, the block, and its name in the {@link BlockCache}.
 */
final class BlockRows {

  static final int POINTS = 0;
  static final int ROLLUPS = 1;

  private int size;
  private int[] kinds = new int[16];
  private int[] columns = new int[16];
  private int[] days = new int[16];
  private byte[][] blocks = new byte[16][];
  private BlockCache.Key[] keys = new BlockCache.Key[16];

  void add(int kind, int column, int day, byte[] block, BlockCache.Key key) {
    if (size == kinds.length) {
      int capacity = size * 2;
      kinds = Arrays.copyOf(kinds, capacity);
      columns = Arrays.copyOf(columns, capacity);
      days = Arrays.copyOf(days, capacity);
      blocks = Arrays.copyOf(blocks, capacity);
      keys = Arrays.copyOf(keys, capacity);
    }
    kinds[size] = kind;
    columns[size] = column;
    days[size] = day;
    blocks[size] = block;
    keys[size] = key;
    size++;
  }

  int size() {
    return size;
  }

  int kind(int row) {
    return kinds[row];
  }

  int column(int row) {
    return columns[row];
  }

  int day(int row) {
    return days[row];
  }

  byte[] block(int row) {
    return blocks[row];
  }

  BlockCache.Key key(int row) {
    return keys[row];
  }
}
