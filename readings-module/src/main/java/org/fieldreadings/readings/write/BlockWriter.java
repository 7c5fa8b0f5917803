package org.fieldreadings.readings.write;

import java.io.IOException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;
import org.fieldreadings.readings.block.Aggregates;
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;
import org.fieldreadings.readings.block.RollupBlock;
import org.postgresql.PGConnection;

/**
 * Writes points into the series blocks within the caller's transaction (blocking), the caller holding the series'
 * locks. Each (series, UTC day) the points touch is merged with its stored block: a new time is added, a new value
 * at a stored time replaces it (a correction), an equal value is a duplicate. Only days that changed are rewritten,
 * and each such day's hours and its day aggregate are recomputed from all of its readings and spliced into the
 * series' hour and day blocks, so the rollups are exactly those of the stored readings when the transaction commits.
 * New blocks are copied in, changed ones upserted. Each changed series' newest reading goes into its row of
 * {@code readings.series} alongside, unless a newer one is stored there already.
 */
final class BlockWriter {

  private static final long EPOCH_DAY_MS = PointBlock.DAY;
  private static final int HOURS_A_DAY = Math.toIntExact(PointBlock.DAY / PointBlock.HOUR);

  /** The stored blocks of (series, epoch day) keys of {@code table}, by key. */
  private static final String FETCH = """
      SELECT b.series_id, b.%2$s - date '1970-01-01', b.data
      FROM unnest(?::int[], ?::int[]) AS k(series_id, day)
      JOIN %1$s b ON b.series_id = k.series_id AND b.%2$s = date '1970-01-01' + k.day""";

  private static final String UPSERT = """
      INSERT INTO %1$s (series_id, %2$s, data) VALUES (?, date '1970-01-01' + ?, ?)
      ON CONFLICT (series_id, %2$s) DO UPDATE SET data = excluded.data""";

  /** The statements of a block table, made once rather than a few times a batch. */
  private record BlockTable(String fetch, String upsert, String copyTarget) {
    static BlockTable of(BlockKind kind) {
      return new BlockTable(FETCH.formatted(kind.table(), kind.key()), UPSERT.formatted(kind.table(), kind.key()),
          kind.table() + " (series_id, " + kind.key() + ", data)");
    }
  }

  private static final BlockTable POINTS = BlockTable.of(BlockKind.POINTS);
  private static final Map<BlockKind, BlockTable> ROLLUPS = BlockKind.ROLLUPS.stream()
      .collect(Collectors.toMap(rollup -> rollup, BlockTable::of, (a, b) -> a, () -> new EnumMap<>(BlockKind.class)));

  /**
   * The newest reading of each of $1 series ($2 epoch milliseconds, $3 values): it replaces the stored one when it is
   * newer, or at the same time with another value (a correction); an older one never does.
   */
  private static final String LATEST = """
      UPDATE readings.series s SET latest_ts = k.ts, latest_value = k.value
      FROM (SELECT series_id, timestamptz 'epoch' + ms * interval '1 millisecond' AS ts, value
            FROM unnest(?::int[], ?::bigint[], ?::float8[]) AS k(series_id, ms, value)) k
      WHERE s.series_id = k.series_id
        AND (s.latest_ts IS NULL OR k.ts > s.latest_ts OR k.ts = s.latest_ts AND k.value <> s.latest_value)""";

  private BlockWriter() {}

  /**
   * Stores {@code points}; answers, per series, how many were new or corrected (the others were already stored) and
   * the time range they lie in, series without any absent. Refuses, with a
   * 400 problem and before writing anything, a write that would leave more than {@code perDayLimit} readings in a
   * series' day: every write of a day decodes and rewrites its block, which must stay small.
   */
  static List<StoredRange> write(Connection connection, SeriesPoints points, IntPredicate circular, int perDayLimit)
      throws SQLException, IOException {
    List<Day> days = days(points);
    Map<BlockKey, byte[]> stored = fetch(connection, POINTS,
        days.stream().map(d -> new BlockKey(d.series, d.start / EPOCH_DAY_MS)).toList());
    Merged merged = merge(points, days, stored, circular, perDayLimit);
    save(connection, POINTS, merged.written, stored.keySet());
    for (BlockKind rollup : BlockKind.ROLLUPS) {
      splice(connection, rollup, merged.changes);
    }
    saveLatest(connection, merged.changes);
    List<StoredRange> ranges = new ArrayList<>(merged.changes.size());
    merged.changes.forEach((series, changes) ->
        ranges.add(new StoredRange(series, changes.from, changes.to, changes.stored)));
    return ranges;
  }

  /**
   * The days' blocks with the points merged in, those that changed: their blocks to write, what changed in each
   * series, and how many points were new or corrected.
   */
  private record Merged(Map<BlockKey, byte[]> written, Map<Integer, Changes> changes) {}

  private static Merged merge(SeriesPoints points, List<Day> days, Map<BlockKey, byte[]> stored,
      IntPredicate circular, int perDayLimit) {
    Map<BlockKey, byte[]> written = new LinkedHashMap<>();
    Map<Integer, Changes> changes = new LinkedHashMap<>();
    Points merged = new Points();
    Points old = new Points();
    for (int d = 0; d < days.size(); d++) {
      Day day = days.get(d);
      BlockKey key = new BlockKey(day.series, day.start / EPOCH_DAY_MS);
      old.clear();
      byte[] block = stored.get(key);
      if (block != null) {
        PointBlock.decode(block, day.start, old);
      }
      merged.clear();
      int dayChanged = merge(old, points, day.from, day.to, merged);
      if (dayChanged == 0) {
        continue;
      }
      if (merged.size() > perDayLimit) {
        throw new BusFailureException(BusFailure.BAD_REQUEST, "a series would hold " + merged.size() + " readings on "
            + LocalDate.ofEpochDay(day.start / EPOCH_DAY_MS) + " (UTC): at most " + perDayLimit
            + " are kept for a series in a day, one a second on average");
      }
      written.put(key, PointBlock.encode(day.start, merged, 0, merged.size()));
      int first = d;
      Changes series = changes.computeIfAbsent(day.series,
          id -> new Changes(circular.test(id), days.subList(first, lastDayOfSeries(days, first) + 1)));
      series.days.add(day.start);
      series.stored += dayChanged;
      series.from = Math.min(series.from, points.timestamp(day.from));
      series.to = Math.max(series.to, points.timestamp(day.to - 1));
      series.hours.summarize(merged, 0, merged.size(), BlockKind.HOURS.width());
      series.dayAggregates.summarize(merged, 0, merged.size(), BlockKind.DAYS.width());
      // Days come in time order: the last changed day of a series holds the newest reading this write can know of.
      series.newestTime = merged.time(merged.size() - 1);
      series.newestValue = merged.value(merged.size() - 1);
    }
    return new Merged(written, changes);
  }

  /** One (series, UTC day) of the points: {@code points[from, to)}. */
  private record Day(int series, long start, int from, int to) {}

  /** A block's row: series and the epoch day naming its span. */
  private record BlockKey(int series, long day) {}

  /**
   * What changed in one series: the days rewritten, those days' hours and day aggregates in time order, the
   * newest reading of the last of those days, and how many readings were new or corrected between which times.
   */
  private static final class Changes {
    final Set<Long> days = new HashSet<>();
    long stored;
    long from = Long.MAX_VALUE;
    long to = Long.MIN_VALUE;
    final Aggregates hours;
    final Aggregates dayAggregates;
    long newestTime;
    double newestValue;

    /**
     * Sized for the series' days of the batch, so a year of hours is not copied to grow a dozen times; and for no
     * more hours than the batch has readings in those days, so a batch of a few readings in each of 100,000 series
     * does not hold a day of empty hours for each (stored readings of those days grow the hours if they must).
     */
    Changes(boolean circular, List<Day> days) {
      int readings = 0;
      for (Day day : days) {
        readings += day.to - day.from;
      }
      hours = new Aggregates(circular, Math.min(days.size() * HOURS_A_DAY, readings));
      dayAggregates = new Aggregates(circular, days.size());
    }

    Aggregates of(BlockKind rollup) {
      return rollup == BlockKind.HOURS ? hours : dayAggregates;
    }
  }

  /** The last of {@code days}, from {@code first} on, of the series of that one (a series' days are together). */
  private static int lastDayOfSeries(List<Day> days, int first) {
    int last = first;
    while (last + 1 < days.size() && days.get(last + 1).series == days.get(first).series) {
      last++;
    }
    return last;
  }

  private static List<Day> days(SeriesPoints points) {
    List<Day> days = new ArrayList<>();
    int from = 0;
    for (int i = 1; i <= points.size(); i++) {
      if (i == points.size() || points.series(i) != points.series(from)
          || PointBlock.dayOf(points.timestamp(i)) != PointBlock.dayOf(points.timestamp(from))) {
        days.add(new Day(points.series(from), PointBlock.dayOf(points.timestamp(from)), from, i));
        from = i;
      }
    }
    return days;
  }

  /**
   * Merges the stored readings of a day with new ones (both in time order, each time once) into {@code into}, and
   * answers how many of the new ones were not stored as they are.
   */
  private static int merge(Points old, SeriesPoints points, int from, int to, Points into) {
    int changed = 0;
    int o = 0;
    int p = from;
    while (o < old.size() || p < to) {
      if (p == to || o < old.size() && old.time(o) < points.timestamp(p)) {
        into.add(old.time(o), old.value(o));
        o++;
      } else {
        boolean same = o < old.size() && old.time(o) == points.timestamp(p);
        if (!same || old.value(o) != points.value(p)) {
          changed++;
        }
        into.add(points.timestamp(p), points.value(p));
        if (same) {
          o++;
        }
        p++;
      }
    }
    return changed;
  }

  /**
   * Replaces, in each block of {@code rollup} a changed day falls in, the buckets of the changed days with their
   * recomputed ones.
   */
  private static void splice(Connection connection, BlockKind rollup, Map<Integer, Changes> changes)
      throws SQLException, IOException {
    Map<BlockKey, Aggregates> fresh = freshBlocks(rollup, changes);
    BlockTable table = ROLLUPS.get(rollup);
    Map<BlockKey, byte[]> stored = fetch(connection, table, List.copyOf(fresh.keySet()));
    save(connection, table, splicedBlocks(rollup, changes, fresh, stored), stored.keySet());
  }

  /** The changed series' recomputed buckets of {@code rollup}, by the block they fall in. */
  private static Map<BlockKey, Aggregates> freshBlocks(BlockKind rollup, Map<Integer, Changes> changes) {
    Map<BlockKey, Aggregates> fresh = new LinkedHashMap<>();
    for (Map.Entry<Integer, Changes> series : changes.entrySet()) {
      // A series' buckets are in time order, so each block's are a run of them, copied at their exact size.
      Aggregates all = series.getValue().of(rollup);
      for (int from = 0, to; from < all.size(); from = to) {
        long blockDay = rollup.blockDay(all.bucket(from));
        long nextBlock = rollup.nextBlockDay(blockDay) * EPOCH_DAY_MS;
        to = from + 1;
        while (to < all.size() && all.bucket(to) < nextBlock) {
          to++;
        }
        fresh.put(new BlockKey(series.getKey(), blockDay), all.range(from, to));
      }
    }
    return fresh;
  }

  /** Each block of {@code fresh} encoded, its stored buckets outside the changed days kept. */
  private static Map<BlockKey, byte[]> splicedBlocks(BlockKind rollup, Map<Integer, Changes> changes,
      Map<BlockKey, Aggregates> fresh, Map<BlockKey, byte[]> stored) {
    Map<BlockKey, byte[]> written = new LinkedHashMap<>();
    for (Map.Entry<BlockKey, Aggregates> block : fresh.entrySet()) {
      BlockKey key = block.getKey();
      long spanStart = key.day * EPOCH_DAY_MS;
      byte[] old = stored.get(key);
      Aggregates result = block.getValue();
      if (old != null) {
        Set<Long> days = changes.get(key.series).days;
        result = Aggregates.spliced(RollupBlock.decode(old, spanStart, rollup.width()), result,
            bucket -> days.contains(PointBlock.dayOf(bucket)));
      }
      written.put(key, RollupBlock.encode(result, spanStart, rollup.width()));
    }
    return written;
  }

  private static void saveLatest(Connection connection, Map<Integer, Changes> changes) throws SQLException {
    if (changes.isEmpty()) {
      return;
    }
    int[] series = new int[changes.size()];
    long[] times = new long[changes.size()];
    double[] values = new double[changes.size()];
    int i = 0;
    for (Map.Entry<Integer, Changes> change : changes.entrySet()) {
      series[i] = change.getKey();
      times[i] = change.getValue().newestTime;
      values[i] = change.getValue().newestValue;
      i++;
    }
    try (PreparedStatement statement = connection.prepareStatement(LATEST)) {
      statement.setArray(1, array(connection, "integer", series));
      statement.setArray(2, array(connection, "bigint", times));
      statement.setArray(3, array(connection, "float8", values));
      statement.executeUpdate();
    }
  }

  /**
   * The stored blocks of {@code keys}. Like {@link #save}, it runs a few times a batch and keeps its loops in methods
   * of their own: a loop here would have the JIT compile the whole JDBC call beneath it into this method.
   */
  private static Map<BlockKey, byte[]> fetch(Connection connection, BlockTable table, List<BlockKey> keys)
      throws SQLException {
    int[] series = new int[keys.size()];
    int[] days = new int[keys.size()];
    split(keys, series, days);
    try (PreparedStatement statement = connection.prepareStatement(table.fetch())) {
      statement.setArray(1, array(connection, "integer", series));
      statement.setArray(2, array(connection, "integer", days));
      try (ResultSet rows = statement.executeQuery()) {
        return blocks(rows);
      }
    }
  }

  /** Each key's series and epoch day, into the two arrays. */
  private static void split(List<BlockKey> keys, int[] series, int[] days) {
    for (int i = 0; i < keys.size(); i++) {
      series[i] = keys.get(i).series;
      days[i] = Math.toIntExact(keys.get(i).day);
    }
  }

  private static Map<BlockKey, byte[]> blocks(ResultSet rows) throws SQLException {
    Map<BlockKey, byte[]> blocks = new HashMap<>();
    while (rows.next()) {
      blocks.put(new BlockKey(rows.getInt(1), rows.getInt(2)), rows.getBytes(3));
    }
    return blocks;
  }

  /** An SQL array of a primitive array, which pgjdbc sends as it is: no boxed object an element. */
  static Array array(Connection connection, String type, Object primitives) throws SQLException {
    return connection.unwrap(PGConnection.class).createArrayOf(type, primitives);
  }

  /** Copies in the blocks that were not stored and upserts the others. */
  private static void save(Connection connection, BlockTable table, Map<BlockKey, byte[]> blocks,
      Set<BlockKey> existing) throws SQLException, IOException {
    List<Map.Entry<BlockKey, byte[]>> added = new ArrayList<>();
    List<Map.Entry<BlockKey, byte[]>> updated = new ArrayList<>();
    for (Map.Entry<BlockKey, byte[]> block : blocks.entrySet()) {
      (existing.contains(block.getKey()) ? updated : added).add(block);
    }
    if (!added.isEmpty()) {
      try (BinaryCopy copy = BinaryCopy.into(connection, table.copyTarget())) {
        copyRows(copy, added);
      }
    }
    if (!updated.isEmpty()) {
      try (PreparedStatement statement = connection.prepareStatement(table.upsert())) {
        upsertBatch(statement, updated);
        statement.executeBatch();
      }
    }
  }

  private static void copyRows(BinaryCopy copy, List<Map.Entry<BlockKey, byte[]>> blocks) throws IOException {
    for (Map.Entry<BlockKey, byte[]> block : blocks) {
      copy.row(3).integer(block.getKey().series).date(block.getKey().day).bytes(block.getValue());
    }
  }

  private static void upsertBatch(PreparedStatement statement, List<Map.Entry<BlockKey, byte[]>> blocks)
      throws SQLException {
    for (Map.Entry<BlockKey, byte[]> block : blocks) {
      statement.setInt(1, block.getKey().series);
      statement.setInt(2, Math.toIntExact(block.getKey().day));
      statement.setBytes(3, block.getValue());
      statement.addBatch();
    }
  }
}
