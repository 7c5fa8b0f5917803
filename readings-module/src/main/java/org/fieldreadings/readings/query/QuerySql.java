package org.fieldreadings.readings.query;

import org.fieldreadings.readings.block.BlockKind;

/**
 * The SQL of readings queries: it finds the blocks of the requested series, which the streamer decodes. Days are
 * passed as epoch days. An aggregated window reads in one statement (one snapshot, so a write committing meanwhile
 * is seen whole or not at all) the rollup blocks of its whole buckets and the point blocks of the partial buckets
 * at its edges.
 */
final class QuerySql {

  /** The requested series, each with its column: the position of its interface in $3, from 0. */
  private static final String SERIES = """
      SELECT series_id, array_position($3, interface) - 1 AS col FROM readings.series
      WHERE device_id = $1 AND connector_id = $2 AND interface = ANY($3)""";

  /** Point blocks (column, epoch day, block) of the requested series from day $4 to $5, by day. */
  static final String RAW = """
      SELECT s.col, b.day - date '1970-01-01' AS day, b.data
      FROM (%s) s JOIN readings.point_block b ON b.series_id = s.series_id
      WHERE b.day >= date '1970-01-01' + $4::int AND b.day <= date '1970-01-01' + $5::int
      ORDER BY 2""".formatted(SERIES);

  /** The first epoch day after day $4 with a point block of the requested series (null: none). */
  static final String DAY_AFTER = """
      SELECT min(b.day) - date '1970-01-01'
      FROM (%s) s JOIN readings.point_block b ON b.series_id = s.series_id
      WHERE b.day > date '1970-01-01' + $4::int""".formatted(SERIES);

  /** The last epoch day before day $4 with a point block of the requested series (null: none). */
  static final String DAY_BEFORE = """
      SELECT max(b.day) - date '1970-01-01'
      FROM (%s) s JOIN readings.point_block b ON b.series_id = s.series_id
      WHERE b.day < date '1970-01-01' + $4::int""".formatted(SERIES);

  private QuerySql() {}

  /**
   * Blocks (kind, column, epoch day, block) for an aggregated window: kind 0, point blocks of days $4 to $5 (head),
   * $6 to $7 (tail) and of the days in $10 (those whose rollup hours a local bucket boundary cuts); kind 1, the
   * blocks of {@code rollup} whose span starts from day $8 to $9.
   */
  static String aggregated(BlockKind rollup) {
    return """
        WITH s AS (%1$s)
        SELECT 0 AS kind, s.col, b.day - date '1970-01-01' AS day, b.data
        FROM s JOIN readings.point_block b ON b.series_id = s.series_id
        WHERE b.day >= date '1970-01-01' + $4::int AND b.day <= date '1970-01-01' + $5::int
           OR b.day >= date '1970-01-01' + $6::int AND b.day <= date '1970-01-01' + $7::int
           OR b.day = ANY(ARRAY(SELECT date '1970-01-01' + d FROM unnest($10::int[]) d))
        UNION ALL
        SELECT 1, s.col, r.%3$s - date '1970-01-01', r.data
        FROM s JOIN %2$s r ON r.series_id = s.series_id
        WHERE r.%3$s >= date '1970-01-01' + $8::int AND r.%3$s <= date '1970-01-01' + $9::int"""
        .formatted(SERIES, rollup.table(), rollup.key());
  }
}
