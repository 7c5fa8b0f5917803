package org.fieldreadings.plugin.api;

/**
 * How the readings of one interface combine into a time bucket: the domain meaning of the channel
 * (docs/api.md, "Aggregation"), never a blind average.
 */
public enum AggregationFunction {
  /** Arithmetic mean of the values in the bucket. */
  MEAN,
  /** Vector mean of angles in degrees, in [0, 360). */
  CIRCULAR_MEAN,
  /** Largest value in the bucket. */
  MAX,
  /** Sum of the values in the bucket. */
  SUM,
  /** Value with the latest timestamp in the bucket (cumulative counters). */
  LAST
}
