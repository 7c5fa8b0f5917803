package org.fieldreadings.readings.query;

import io.micrometer.core.instrument.Counter;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.telemetry.Telemetry;
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.cache.BlockCache;
import org.fieldreadings.readings.source.ReadSource;

/**
 * Reads the blocks of one query window: from this node's {@link BlockCache} when it holds every one of them, else
 * from the database in one statement (one snapshot), keeping what it read, absent blocks included. Either way the
 * rows come in one order, by kind (points first), then day, then column, so that the sums of an answer are added
 * in the same order whichever way it was read. One per verticle or listener, on its pool: each {@link ReadingsQuery}
 * reads through one.
 */
public final class BlockReader {

  private final ReadSource source;
  private final BlockCache cache;
  private final Counter served;
  private final Counter read;

  /** The node's cache, which also keeps what queries make of its blocks. */
  BlockCache cache() {
    return cache;
  }

  public BlockReader(Vertx vertx, ReadSource source) {
    this.source = source;
    this.cache = source.cache();
    this.served = outcome(vertx, "hit");
    this.read = outcome(vertx, "miss");
  }

  private static Counter outcome(Vertx vertx, String outcome) {
    return Counter.builder("fieldreadings.readings.cache").tag("outcome", outcome)
        .description("Readings query windows answered from this node's block cache (hit) or the database (miss)")
        .register(Telemetry.registry(vertx));
  }

  /** The point blocks of days {@code firstDay} to {@code lastDay} (epoch days) of each interface. */
  Future<BlockRows> raw(long device, String connector, String[] names, int firstDay, int lastDay) {
    Wanted wanted = new Wanted(device, connector, names);
    for (int day = firstDay; day <= lastDay; day++) {
      wanted.everyColumn(BlockKind.POINTS, day);
    }
    return read(wanted, QuerySql.RAW, Tuple.of(device, connector, names, firstDay, lastDay), false);
  }

  /**
   * The nearest epoch day after (or, {@code back}, before) {@code day} with a point block of the interface, read
   * where its blocks are; null when there is none: a reader past a gap in a series goes on from there.
   */
  Future<Integer> nearestDay(long device, String connector, String name, int day, boolean back) {
    return source.execute(back ? QuerySql.DAY_BEFORE : QuerySql.DAY_AFTER,
        Tuple.of(device, connector, new String[] {name}, day), device)
        .map(answer -> answer.rows().iterator().next().getInteger(0));
  }

  /**
   * The point blocks of the given days ({@code head} and {@code tail}: inclusive ranges of epoch days, empty when
   * the first exceeds the second; {@code straddled}: single days) and the blocks of {@code rollup} whose spans
   * start from {@code firstBlock} to {@code lastBlock}, of each interface.
   */
  Future<BlockRows> aggregated(long device, String connector, String[] names, BlockKind rollup, int[] head,
      int[] tail, int[] straddled, int firstBlock, int lastBlock) {
    Wanted wanted = new Wanted(device, connector, names);
    for (int day : pointDays(head, tail, straddled)) {
      wanted.everyColumn(BlockKind.POINTS, day);
    }
    for (long block = firstBlock; block <= lastBlock; block = rollup.nextBlockDay(block)) {
      wanted.everyColumn(rollup, (int) block);
    }
    Integer[] single = Arrays.stream(straddled).boxed().toArray(Integer[]::new);
    return read(wanted, QuerySql.aggregated(rollup), Tuple.from(List.of(device, connector, names, head[0], head[1],
        tail[0], tail[1], firstBlock, lastBlock, single)), true);
  }

  private Future<BlockRows> read(Wanted wanted, String sql, Tuple args, boolean withKind) {
    BlockRows cached = wanted.fromCache();
    if (cached != null) {
      served.increment();
      return Future.succeededFuture(cached);
    }
    read.increment();
    return source.execute(sql, args, wanted.device)
        .map(answer -> wanted.keep(answer.rows(), withKind, answer.readAt()));
  }

  /** The distinct days of two inclusive ranges and single days, in order. */
  private static int[] pointDays(int[] head, int[] tail, int[] straddled) {
    int[] days = new int[Math.max(0, head[1] - head[0] + 1) + Math.max(0, tail[1] - tail[0] + 1) + straddled.length];
    int n = 0;
    for (int day = head[0]; day <= head[1]; day++) {
      days[n++] = day;
    }
    for (int day = tail[0]; day <= tail[1]; day++) {
      days[n++] = day;
    }
    for (int day : straddled) {
      days[n++] = day;
    }
    return Arrays.stream(days).sorted().distinct().toArray();
  }

  /** The blocks a window needs, in the order its rows are written. */
  private final class Wanted {
    private final long device;
    private final String connector;
    private final String[] names;
    private final List<BlockCache.Key> keys = new ArrayList<>();

    Wanted(long device, String connector, String[] names) {
      this.device = device;
      this.connector = connector;
      this.names = names;
    }

    void everyColumn(BlockKind kind, int day) {
      for (String name : names) {
        keys.add(new BlockCache.Key(device, connector, name, kind, day));
      }
    }

    /** Every block from the cache, or null when one of them is not there. */
    BlockRows fromCache() {
      BlockRows rows = new BlockRows();
      for (int i = 0; i < keys.size(); i++) {
        byte[] block = cache.get(keys.get(i));
        if (block == null) {
          return null;
        }
        if (block != BlockCache.NONE) {
          rows.add(i % names.length, block, keys.get(i));
        }
      }
      return rows;
    }

    /**
     * The rows of a query's answer (kind, 0 for points and 1 for rollups, column, day, block; or without the kind),
     * each block also kept.
     */
    BlockRows keep(RowSet<Row> answer, boolean withKind, long readAt) {
      Map<Long, byte[]> found = new HashMap<>();
      int first = withKind ? 1 : 0;
      for (Row row : answer) {
        boolean points = !withKind || row.getInteger(0) == 0;
        found.put(packed(points, row.getInteger(first), row.getInteger(first + 1)),
            row.getBuffer(first + 2).getBytes());
      }
      BlockRows rows = new BlockRows();
      for (int i = 0; i < keys.size(); i++) {
        BlockCache.Key key = keys.get(i);
        int column = i % names.length;
        byte[] block = found.get(packed(key.kind() == BlockKind.POINTS, column, key.day()));
        cache.put(key, readAt, block);
        if (block != null) {
          rows.add(column, block, key);
        }
      }
      return rows;
    }

    private static long packed(boolean points, int column, int day) {
      return (points ? 0L : 1L << 62) | (long) column << 32 | day & 0xFFFF_FFFFL;
    }
  }
}
