package org.fieldreadings.readings.query;

import java.util.Arrays;
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.cache.BlockCache;

/**
 * The blocks of one query window, a row each: the interface's column, the block, and its name in the
 * {@link BlockCache}, which tells its kind and the epoch day its span starts on.
 */
final class BlockRows {

  private int size;
  private int[] columns = new int[16];
  private byte[][] blocks = new byte[16][];
  private BlockCache.Key[] keys = new BlockCache.Key[16];

  void add(int column, byte[] block, BlockCache.Key key) {
    if (size == columns.length) {
      int capacity = size * 2;
      columns = Arrays.copyOf(columns, capacity);
      blocks = Arrays.copyOf(blocks, capacity);
      keys = Arrays.copyOf(keys, capacity);
    }
    columns[size] = column;
    blocks[size] = block;
    keys[size] = key;
    size++;
  }

  int size() {
    return size;
  }

  int column(int row) {
    return columns[row];
  }

  byte[] block(int row) {
    return blocks[row];
  }

  BlockCache.Key key(int row) {
    return keys[row];
  }

  /** Whether the row is a point block (else a rollup block). */
  boolean points(int row) {
    return keys[row].kind() == BlockKind.POINTS;
  }

  int day(int row) {
    return keys[row].day();
  }
}
