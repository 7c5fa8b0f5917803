package org.fieldreadings.readings.query;

import org.fieldreadings.core.catalog.Aggregation;

/**
 * The SQL of readings queries. Raw reads are ordered index-only scans of the requested series; aggregated reads
 * combine rollup rows for buckets wholly inside the period with raw points for the partial buckets at its edges,
 * so results equal the raw computation while long ranges never rescan raw points.
 */
final class QuerySql {

  /** The requested series, each with its column: the position of its interface in $3, from 0. */
  private static final String SERIES = """
      SELECT series_id, array_position($3, interface) - 1 AS col FROM readings.series
      WHERE device_id = $1 AND connector_id = $2 AND interface = ANY($3)""";

  /** Points of the requested series in [$4, $5], by time. */
  static final String RAW = """
      SELECT p.ts, s.col, p.value
      FROM (%s) s JOIN readings.point p ON p.series_id = s.series_id
      WHERE p.ts >= $4 AND p.ts <= $5
      ORDER BY p.ts""".formatted(SERIES);

  private QuerySql() {}

  /**
   * Per bucket and interface, the aggregates of the period: rollup rows of whole buckets in [$4, $5) and the raw
   * points of the partial buckets at the head [$6, $4) and tail [$5, $7]. Whole and partial buckets never
   * coincide, so only weeks and months (made of daily rollups) and the raw edges need grouping.
   */
  static String aggregated(Aggregation aggregation) {
    String field = Buckets.sqlField(aggregation);
    boolean hourly = aggregation == Aggregation.HOUR;
    String rollup = hourly ? "readings.rollup_hour" : "readings.rollup_day";
    String whole = hourly || aggregation == Aggregation.DAY
        ? """
          SELECT r.bucket, s.col, r.n, r.sum, r.max, r.last_value, r.sin_sum, r.cos_sum
          FROM s JOIN %s r ON r.series_id = s.series_id
          WHERE r.bucket >= $4 AND r.bucket < $5""".formatted(rollup)
        : """
          SELECT date_trunc('%s', r.bucket, 'UTC') AS bucket, s.col, sum(r.n) AS n, sum(r.sum) AS sum,
                 max(r.max) AS max, (array_agg(r.last_value ORDER BY r.last_ts DESC))[1] AS last_value,
                 sum(r.sin_sum) AS sin_sum, sum(r.cos_sum) AS cos_sum
          FROM s JOIN %s r ON r.series_id = s.series_id
          WHERE r.bucket >= $4 AND r.bucket < $5
          GROUP BY 1, 2""".formatted(field, rollup);
    return """
        WITH s AS (%1$s)
        %2$s
        UNION ALL
        SELECT date_trunc('%3$s', p.ts, 'UTC') AS bucket, p.col, count(*) AS n, sum(p.value) AS sum,
               max(p.value) AS max, (array_agg(p.value ORDER BY p.ts DESC))[1] AS last_value,
               sum(sin(radians(p.value))) AS sin_sum, sum(cos(radians(p.value))) AS cos_sum
        FROM (SELECT s.col, p.ts, p.value FROM s JOIN readings.point p ON p.series_id = s.series_id
              WHERE p.ts >= $6 AND p.ts < $4
              UNION ALL
              SELECT s.col, p.ts, p.value FROM s JOIN readings.point p ON p.series_id = s.series_id
              WHERE p.ts >= $5 AND p.ts <= $7) p
        GROUP BY 1, 2
        ORDER BY bucket""".formatted(SERIES, whole, field);
  }
}
