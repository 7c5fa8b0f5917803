package org.fieldreadings.readings.write;

/** The SQL of the write path, run in one transaction per batch on a JDBC connection (a UTC session). */
final class WriteSql {

  static final String POINT_COLUMNS = "readings.point (series_id, ts, value)";

  static final String ROLLUP_COLUMNS = "(series_id, bucket, n, sum, min, max, last_ts, last_value, sin_sum, cos_sum)";

  /**
   * Writers of the same series take turns (transaction-scoped advisory locks, in id order to avoid deadlocks), so
   * each one sees the other's committed points and rollups.
   */
  static final String LOCK_SERIES = """
      SELECT count(pg_advisory_xact_lock(%d, id)) FROM (SELECT unnest(?::int[]) AS id ORDER BY 1) ids"""
      .formatted(AdvisoryLocks.SERIES);

  /** Which of the series (id, first, last) already have points between their first and last time. */
  static final String OVERLAPPING = """
      SELECT b.id FROM unnest(?::int[], ?::timestamptz[], ?::timestamptz[]) AS b(id, lo, hi)
      WHERE EXISTS (SELECT 1 FROM readings.point p WHERE p.series_id = b.id AND p.ts >= b.lo AND p.ts <= b.hi)""";

  /** A session-lived scratch table for points that may already be stored, emptied at every commit. */
  static final String CREATE_STAGING = """
      CREATE TEMP TABLE IF NOT EXISTS staging_point (series_id integer, ts timestamptz, value float8)
      ON COMMIT DELETE ROWS""";

  static final String STAGING_COLUMNS = "staging_point (series_id, ts, value)";

  /** Temporary tables have no statistics until analyzed; the joins below need them to plan well. */
  static final String ANALYZE_STAGING = "ANALYZE staging_point";

  /** Upserts the staged points and counts the stored ones; a value equal to the stored one is not rewritten. */
  static final String UPSERT_POINTS = """
      WITH written AS (
        INSERT INTO readings.point AS p (series_id, ts, value) SELECT series_id, ts, value FROM staging_point
        ON CONFLICT (series_id, ts) DO UPDATE SET value = excluded.value
          WHERE p.value IS DISTINCT FROM excluded.value
        RETURNING 1
      )
      SELECT count(*) FROM written""";

  /**
   * Recomputes the hours from the first to the last staged point of each series from the points (exact whatever
   * was inserted or corrected): one index range scan per series.
   */
  static final String ROLLUP_HOURS = """
      WITH touched AS (
        SELECT series_id, date_trunc('hour', min(ts)) AS lo, date_trunc('hour', max(ts)) + interval '1 hour' AS hi
        FROM staging_point GROUP BY series_id)
      INSERT INTO readings.rollup_hour AS r %s
      SELECT p.series_id, date_trunc('hour', p.ts), count(*), sum(p.value), min(p.value), max(p.value), max(p.ts),
             (array_agg(p.value ORDER BY p.ts DESC))[1], sum(sin(radians(p.value))), sum(cos(radians(p.value)))
      FROM touched t JOIN readings.point p ON p.series_id = t.series_id AND p.ts >= t.lo AND p.ts < t.hi
      GROUP BY 1, 2
      ON CONFLICT (series_id, bucket) DO UPDATE SET n = excluded.n, sum = excluded.sum, min = excluded.min,
        max = excluded.max, last_ts = excluded.last_ts, last_value = excluded.last_value,
        sin_sum = excluded.sin_sum, cos_sum = excluded.cos_sum""".formatted(ROLLUP_COLUMNS);

  /** Recomputes the days from the first to the last staged point of each series from their hours. */
  static final String ROLLUP_DAYS = """
      WITH touched AS (
        SELECT series_id, date_trunc('day', min(ts)) AS lo, date_trunc('day', max(ts)) + interval '1 day' AS hi
        FROM staging_point GROUP BY series_id)
      INSERT INTO readings.rollup_day AS r %s
      SELECT h.series_id, date_trunc('day', h.bucket), sum(h.n), sum(h.sum), min(h.min), max(h.max), max(h.last_ts),
             (array_agg(h.last_value ORDER BY h.last_ts DESC))[1], sum(h.sin_sum), sum(h.cos_sum)
      FROM touched t JOIN readings.rollup_hour h ON h.series_id = t.series_id AND h.bucket >= t.lo AND h.bucket < t.hi
      GROUP BY 1, 2
      ON CONFLICT (series_id, bucket) DO UPDATE SET n = excluded.n, sum = excluded.sum, min = excluded.min,
        max = excluded.max, last_ts = excluded.last_ts, last_value = excluded.last_value,
        sin_sum = excluded.sin_sum, cos_sum = excluded.cos_sum""".formatted(ROLLUP_COLUMNS);

  /**
   * Adds the rollup of new points to a bucket that may already hold others: counts and sums add up, the extremes
   * widen, and the later of the two lasts is the bucket's last.
   */
  static String mergeRollup(String table) {
    return """
        INSERT INTO %s AS r %s VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (series_id, bucket) DO UPDATE SET n = r.n + excluded.n, sum = r.sum + excluded.sum,
          min = least(r.min, excluded.min), max = greatest(r.max, excluded.max),
          last_ts = greatest(r.last_ts, excluded.last_ts),
          last_value = CASE WHEN excluded.last_ts > r.last_ts THEN excluded.last_value ELSE r.last_value END,
          sin_sum = r.sin_sum + excluded.sin_sum,
          cos_sum = r.cos_sum + excluded.cos_sum""".formatted(table, ROLLUP_COLUMNS);
  }

  private WriteSql() {}
}
