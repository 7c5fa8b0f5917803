package org.fieldreadings.readings.query;

import io.vertx.sqlclient.Row;
import org.fieldreadings.plugin.api.AggregationFunction;

/** The value of one interface in one bucket, from the bucket's partial aggregates and the interface's function. */
final class BucketValue {

  private BucketValue() {}

  static double of(AggregationFunction function, Row row) {
    return switch (function) {
      case MEAN -> row.getDouble("sum") / row.getLong("n");
      case SUM -> row.getDouble("sum");
      case MAX -> row.getDouble("max");
      case LAST -> row.getDouble("last_value");
      case CIRCULAR_MEAN -> circularMean(row.getDouble("sin_sum"), row.getDouble("cos_sum"));
    };
  }

  /**
   * The direction of the summed unit vectors, in degrees within [0, 360), rounded to 1e-9 degree so that
   * floating-point noise around north gives 0 rather than 359.9999999999.
   */
  static double circularMean(double sinSum, double cosSum) {
    double degrees = Math.toDegrees(Math.atan2(sinSum, cosSum));
    double rounded = Math.round((degrees < 0 ? degrees + 360 : degrees) * 1e9) / 1e9;
    return rounded >= 360 ? 0 : rounded;
  }
}
