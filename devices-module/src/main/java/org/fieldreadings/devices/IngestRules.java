package org.fieldreadings.devices;

import org.fieldreadings.core.bus.DevicesContract.IngestScope;

/**
 * Which devices a payload of an ingest key may write (docs/operations.md, "Ingest keys"): a device another key first
 * reported belongs to that key until an operator hands it over; a key bound to an entity writes only that entity's
 * devices, a key bound to none only devices of no entity (unless it reported them first); a key creates at most
 * {@code ingest.key.max.devices} devices. A device no key reported yet (created by an operator or an import, or
 * before keys were recorded) is claimed by the first key allowed to write it.
 */
final class IngestRules {

  private final IngestScope scope;
  private final int maxDevices;

  IngestRules(IngestScope scope, int maxDevices) {
    this.scope = scope;
    this.maxDevices = maxDevices;
  }

  /** How many more devices the key may create in one batch, given how many it has. */
  static final class Budget {
    private long left;

    private Budget(long left) {
      this.left = left;
    }
  }

  Budget budget(long devicesOfKey) {
    return new Budget(Math.max(0, maxDevices - devicesOfKey));
  }

  /** Why the key may not write the device ({@code known} null: a new one), or null when it may. */
  String refusal(DeviceLearner.Known known, Budget budget) {
    if (known == null) {
      if (budget.left == 0) {
        return "refused: the ingest key has created its maximum of " + maxDevices
            + " devices (ingest.key.max.devices); no new device is learned";
      }
      budget.left--;
      return null;
    }
    if (known.ingestKeyId() != null && known.ingestKeyId() != scope.keyId()) {
      return "refused: the device was first reported through another ingest key, the only one that may write it "
          + "until an operator hands it over";
    }
    if (scope.entityId() != null && !known.entities().contains(scope.entityId())) {
      return "refused: the device is not one of the ingest key's entity";
    }
    if (scope.entityId() == null && known.ingestKeyId() == null && !known.entities().isEmpty()) {
      return "refused: the device belongs to an entity, and the ingest key neither reported it first nor is bound "
          + "to that entity";
    }
    return null;
  }

  /** Whether the payload's group and location may change the device: always for a new one, else by opt-in. */
  boolean acceptsFacts(DeviceLearner.Known known) {
    return known == null || scope.acceptLocation();
  }
}
