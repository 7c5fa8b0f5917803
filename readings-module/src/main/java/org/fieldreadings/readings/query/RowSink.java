package org.fieldreadings.readings.query;

/**
 * Where rows go as they are made, in time order: {@code values[i]} belongs to interface column i, NaN when absent.
 * The array is the maker's and is refilled for the next row, so a sink that keeps a row copies it.
 */
interface RowSink {
  void row(long timestamp, double[] values);
}
