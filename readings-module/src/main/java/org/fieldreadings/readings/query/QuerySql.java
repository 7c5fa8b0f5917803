package org.fieldreadings.readings.query;

import org.fieldreadings.core.catalog.Aggregation;

/**
 * The SQL of readings queries. Raw reads are ordered index-only scans of the requested series; aggregated reads
 * combine rollup rows for buckets wholly inside the period with raw points for the partial buckets at its edges,
 * so results equal the raw computation while long ranges never rescan raw points.
 */
final class QuerySql {

  private static final String SERIES = """
      SELECT series_id, interface FROM readings.series
      WHERE device_id = $1 AND connector_id = $2 AND interface = ANY($3)""";

  /** Points of the requested series in [$4, $5], by time. */
  static final String RAW = """
      SELECT p.ts, s.interface, p.value
      FROM (%s) s JOIN readings.point p ON p.series_id = s.series_id
      WHERE p.ts >= $4 AND p.ts <= $5
      ORDER BY p.ts""".formatted(SERIES);

  private QuerySql() {}

  /**
   * Per bucket and interface, the partial aggregates of the period: rollup rows of whole buckets in [$4, $5),
   * raw points of the head [$6, $4) and of the tail [$5, $7].
   */
  static String aggregated(Aggregation aggregation) {
    String field = Buckets.sqlField(aggregation);
    String rollup = aggregation == Aggregation.HOUR ? "readings.rollup_hour" : "readings.rollup_day";
    String rollupBucket = aggregation == Aggregation.HOUR || aggregation == Aggregation.DAY
        ? "r.bucket" : "date_trunc('" + field + "', r.bucket, 'UTC')";
    String raw = """
        SELECT s.interface, date_trunc('%1$s', p.ts, 'UTC') AS bucket, 1 AS n, p.value AS sum, p.value AS min,
               p.value AS max, p.ts AS last_ts, p.value AS last_value, sin(radians(p.value)) AS sin_sum,
               cos(radians(p.value)) AS cos_sum
        FROM s JOIN readings.point p ON p.series_id = s.series_id
        """.formatted(field);
    return """
        WITH s AS (%1$s),
        parts AS (
          SELECT s.interface, %2$s AS bucket, r.n, r.sum, r.min, r.max, r.last_ts, r.last_value, r.sin_sum, r.cos_sum
          FROM s JOIN %3$s r ON r.series_id = s.series_id
          WHERE r.bucket >= $4 AND r.bucket < $5
          UNION ALL
          %4$s WHERE p.ts >= $6 AND p.ts < $4
          UNION ALL
          %4$s WHERE p.ts >= $5 AND p.ts <= $7
        )
        SELECT bucket, interface, sum(n) AS n, sum(sum) AS sum, min(min) AS min, max(max) AS max,
               (array_agg(last_value ORDER BY last_ts DESC))[1] AS last_value,
               sum(sin_sum) AS sin_sum, sum(cos_sum) AS cos_sum
        FROM parts GROUP BY bucket, interface ORDER BY bucket""".formatted(SERIES, rollupBucket, rollup, raw);
  }
}
