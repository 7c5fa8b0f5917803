package org.fieldreadings.readings.write;

import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.SensorInterface;

/** What readings of one series share: a device's connector's interface. */
public record ReadingSeries(DeviceRef device, String connectorId, SensorInterface iface) {

  public ReadingSeries {
    Reading.requireConnector(connectorId);
  }

  /** Whether {@code other} is this series; runs share one object, so this is mostly a reference comparison. */
  boolean same(ReadingSeries other) {
    return other == this || other != null && device.equals(other.device) && connectorId.equals(other.connectorId)
        && iface.equals(other.iface);
  }
}
