package org.fieldreadings.readings.write;

/** The SQL of the write path, run in one transaction per batch on a JDBC connection. */
final class WriteSql {

  /** A session-lived scratch table, emptied at every commit. */
  static final String CREATE_STAGING = """
      CREATE TEMP TABLE IF NOT EXISTS staging_point (
        ord integer, device_id bigint, connector_id text, interface text, ts timestamptz, value float8
      ) ON COMMIT DELETE ROWS""";

  /** Temporary tables have no statistics until analyzed; the joins below need them to plan well. */
  static final String ANALYZE_STAGING = "ANALYZE staging_point";

  static final String COPY_STAGING =
      "COPY staging_point (ord, device_id, connector_id, interface, ts, value) FROM STDIN";

  static final String ADD_SERIES = """
      INSERT INTO readings.series (device_id, connector_id, interface)
      SELECT DISTINCT device_id, connector_id, interface FROM staging_point
      ON CONFLICT (device_id, connector_id, interface) DO NOTHING""";

  /**
   * Writers of the same series take turns (transaction-scoped advisory locks, in id order to avoid deadlocks), so
   * each one's rollup recomputation sees the other's committed points.
   */
  static final String LOCK_SERIES = """
      SELECT count(pg_advisory_xact_lock(%d, series_id)) FROM (
        SELECT DISTINCT s.series_id FROM staging_point st
        JOIN readings.series s USING (device_id, connector_id, interface) ORDER BY 1) ids""".formatted(
      AdvisoryLocks.SERIES);

  /**
   * Upserts the batch (the last of repeated readings wins) and answers how many rows the batch had and how many
   * it stored; a value equal to the stored one is not rewritten.
   */
  static final String UPSERT_POINTS = """
      WITH src AS (
        SELECT DISTINCT ON (s.series_id, st.ts) s.series_id, st.ts, st.value
        FROM staging_point st JOIN readings.series s USING (device_id, connector_id, interface)
        ORDER BY s.series_id, st.ts, st.ord DESC
      ), written AS (
        INSERT INTO readings.point AS p (series_id, ts, value) SELECT series_id, ts, value FROM src
        ON CONFLICT (series_id, ts) DO UPDATE SET value = excluded.value
          WHERE p.value IS DISTINCT FROM excluded.value
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM staging_point) AS total, (SELECT count(*) FROM written) AS stored""";

  /**
   * Recomputes the hours from the first to the last reading of each series in the batch from the points (exact
   * whatever was inserted or corrected): one index range scan per series.
   */
  static final String ROLLUP_HOURS = """
      WITH touched AS (
        SELECT s.series_id, date_trunc('hour', min(st.ts)) AS lo, date_trunc('hour', max(st.ts)) + interval '1 hour' AS hi
        FROM staging_point st JOIN readings.series s USING (device_id, connector_id, interface)
        GROUP BY s.series_id)
      INSERT INTO readings.rollup_hour AS r
        (series_id, bucket, n, sum, min, max, last_ts, last_value, sin_sum, cos_sum)
      SELECT p.series_id, date_trunc('hour', p.ts), count(*), sum(p.value), min(p.value), max(p.value), max(p.ts),
             (array_agg(p.value ORDER BY p.ts DESC))[1], sum(sin(radians(p.value))), sum(cos(radians(p.value)))
      FROM touched t JOIN readings.point p ON p.series_id = t.series_id AND p.ts >= t.lo AND p.ts < t.hi
      GROUP BY 1, 2
      ON CONFLICT (series_id, bucket) DO UPDATE SET n = excluded.n, sum = excluded.sum, min = excluded.min,
        max = excluded.max, last_ts = excluded.last_ts, last_value = excluded.last_value,
        sin_sum = excluded.sin_sum, cos_sum = excluded.cos_sum""";

  /** Recomputes the days from the first to the last reading of each series in the batch from their hours. */
  static final String ROLLUP_DAYS = """
      WITH touched AS (
        SELECT s.series_id, date_trunc('day', min(st.ts)) AS lo, date_trunc('day', max(st.ts)) + interval '1 day' AS hi
        FROM staging_point st JOIN readings.series s USING (device_id, connector_id, interface)
        GROUP BY s.series_id)
      INSERT INTO readings.rollup_day AS r
        (series_id, bucket, n, sum, min, max, last_ts, last_value, sin_sum, cos_sum)
      SELECT h.series_id, date_trunc('day', h.bucket), sum(h.n), sum(h.sum), min(h.min), max(h.max), max(h.last_ts),
             (array_agg(h.last_value ORDER BY h.last_ts DESC))[1], sum(h.sin_sum), sum(h.cos_sum)
      FROM touched t JOIN readings.rollup_hour h ON h.series_id = t.series_id AND h.bucket >= t.lo AND h.bucket < t.hi
      GROUP BY 1, 2
      ON CONFLICT (series_id, bucket) DO UPDATE SET n = excluded.n, sum = excluded.sum, min = excluded.min,
        max = excluded.max, last_ts = excluded.last_ts, last_value = excluded.last_value,
        sin_sum = excluded.sin_sum, cos_sum = excluded.cos_sum""";

  private WriteSql() {}
}
