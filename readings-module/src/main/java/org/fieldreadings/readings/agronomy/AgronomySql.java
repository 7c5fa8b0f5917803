package org.fieldreadings.readings.agronomy;

import org.fieldreadings.readings.block.BlockKind;

/**
 * The SQL of the agronomy operation: blocks (column: the position of the series' interface in $3 from 0; epoch day
 * of the block's first day; block) of device $1, connector $2 and interfaces $3 whose first day lies from day $4 to
 * day $5.
 */
final class AgronomySql {

  /** Hour rollup blocks, a UTC month each. */
  static final String HOUR_BLOCKS = blocks(BlockKind.HOURS);

  /** Point blocks, a UTC day each: for zones whose local hours are not UTC hours. */
  static final String POINT_BLOCKS = blocks(BlockKind.POINTS);

  private AgronomySql() {}

  private static String blocks(BlockKind kind) {
    return """
        SELECT array_position($3, s.interface) - 1 AS col, b.%2$s - date '1970-01-01' AS day, b.data
        FROM readings.series s JOIN %1$s b ON b.series_id = s.series_id
        WHERE s.device_id = $1 AND s.connector_id = $2 AND s.interface = ANY($3)
          AND b.%2$s >= date '1970-01-01' + $4::int AND b.%2$s <= date '1970-01-01' + $5::int"""
        .formatted(kind.table(), kind.key());
  }
}
