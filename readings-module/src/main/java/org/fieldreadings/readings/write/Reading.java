package org.fieldreadings.readings.write;

import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * One normalized reading on its way to storage: a device's connector's interface at a moment (epoch milliseconds,
 * UTC) with a finite value in the catalog's unit.
 */
public record Reading(DeviceRef device, String connectorId, SensorInterface iface, long timestamp, double value) {

  public Reading {
    requireFinite(value);
    requireConnector(connectorId);
  }

  static void requireFinite(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("value must be a finite number");
    }
  }

  static void requireConnector(String connectorId) {
    if (!DeviceRef.isIdentifier(connectorId)) {
      throw new IllegalArgumentException("invalid connectorId " + connectorId);
    }
  }

  /**
   * Whether {@code other} is of this reading's device, connector and interface. Batches list a series' readings
   * together, with shared objects, so checking against the previous reading is mostly a few reference comparisons.
   */
  public boolean sameSeries(Reading other) {
    return other != null && (device == other.device || device.equals(other.device))
        && connectorId.equals(other.connectorId) && iface.equals(other.iface);
  }
}
