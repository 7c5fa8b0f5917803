package org.fieldreadings.readings.write;

import org.fieldreadings.plugin.api.AggregationFunction;
import org.fieldreadings.plugin.api.InterfaceCatalog;

/** What identifies a series: a device's connector's interface. */
record SeriesKey(long deviceId, String connectorId, String iface) {

  /** Whether the series' rollups keep the sums of sines and cosines its circular mean needs (wind directions). */
  boolean circular() {
    return isCircular(iface);
  }

  static boolean isCircular(String iface) {
    return InterfaceCatalog.byName(iface).map(i -> i.aggregation() == AggregationFunction.CIRCULAR_MEAN)
        .orElse(false);
  }
}
