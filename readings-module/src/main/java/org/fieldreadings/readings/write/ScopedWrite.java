package org.fieldreadings.readings.write;

import java.util.List;
import org.fieldreadings.core.bus.DeviceRef;

/**
 * What a write of an ingest key's payload did: the readings written, and the devices the key may not write
 * (docs/operations.md, "Ingest keys"), none of whose readings were stored.
 */
public record ScopedWrite(WriteResult written, List<RefusedDevice> refused) {

  public ScopedWrite {
    refused = List.copyOf(refused);
  }

  /** A device the key may not write: why, and how many of the batch's readings were its. */
  public record RefusedDevice(DeviceRef device, String reason, int readings) {}
}
