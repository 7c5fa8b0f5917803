package org.fieldreadings.readings.write;

/** The SQL of the write path, run in one transaction per batch on a JDBC connection. */
final class WriteSql {

  /** Session-lived scratch tables, emptied at every commit. */
  static final String CREATE_STAGING = """
      CREATE TEMP TABLE IF NOT EXISTS staging_point (
        ord integer, device_id bigint, connector_id text, interface text, ts timestamptz, value float8
      ) ON COMMIT DELETE ROWS;
      CREATE TEMP TABLE IF NOT EXISTS staging_hour (series_id integer, bucket timestamptz) ON COMMIT DELETE ROWS""";

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

  static final String TOUCHED_HOURS = """
      INSERT INTO staging_hour (series_id, bucket)
      SELECT DISTINCT s.series_id, date_trunc('hour', st.ts) FROM staging_point st
      JOIN readings.series s USING (device_id, connector_id, interface)""";

  /** Recomputes every touched hour from its points: exact whatever was inserted or corrected. */
  static final String ROLLUP_HOURS = """
      INSERT INTO readings.rollup_hour AS r
        (series_id, bucket, n, sum, min, max, last_ts, last_value, sin_sum, cos_sum)
      SELECT h.series_id, h.bucket, count(*), sum(p.value), min(p.value), max(p.value), max(p.ts),
             (array_agg(p.value ORDER BY p.ts DESC))[1], sum(sin(radians(p.value))), sum(cos(radians(p.value)))
      FROM staging_hour h
      JOIN readings.point p ON p.series_id = h.series_id AND p.ts >= h.bucket AND p.ts < h.bucket + interval '1 hour'
      GROUP BY h.series_id, h.bucket
      ON CONFLICT (series_id, bucket) DO UPDATE SET n = excluded.n, sum = excluded.sum, min = excluded.min,
        max = excluded.max, last_ts = excluded.last_ts, last_value = excluded.last_value,
        sin_sum = excluded.sin_sum, cos_sum = excluded.cos_sum""";

  /** Recomputes every touched day from its hours. */
  static final String ROLLUP_DAYS = """
      INSERT INTO readings.rollup_day AS r
        (series_id, bucket, n, sum, min, max, last_ts, last_value, sin_sum, cos_sum)
      SELECT d.series_id, d.bucket, sum(h.n), sum(h.sum), min(h.min), max(h.max), max(h.last_ts),
             (array_agg(h.last_value ORDER BY h.last_ts DESC))[1], sum(h.sin_sum), sum(h.cos_sum)
      FROM (SELECT DISTINCT series_id, date_trunc('day', bucket) AS bucket FROM staging_hour) d
      JOIN readings.rollup_hour h ON h.series_id = d.series_id AND h.bucket >= d.bucket
        AND h.bucket < d.bucket + interval '1 day'
      GROUP BY d.series_id, d.bucket
      ON CONFLICT (series_id, bucket) DO UPDATE SET n = excluded.n, sum = excluded.sum, min = excluded.min,
        max = excluded.max, last_ts = excluded.last_ts, last_value = excluded.last_value,
        sin_sum = excluded.sin_sum, cos_sum = excluded.cos_sum""";

  private WriteSql() {}
}
