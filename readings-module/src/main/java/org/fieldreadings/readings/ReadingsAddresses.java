package org.fieldreadings.readings;

import io.vertx.core.eventbus.DeliveryOptions;

/** Event-bus addresses private to the readings module. */
public final class ReadingsAddresses {

  /** A {@code ReadingsBatch} (by reference) → {@code {"stored": n, "duplicates": n}}. */
  public static final String WRITE = "readings.write";

  /** Writes of large batches take a while; the default 30 s reply timeout is too short. */
  public static final DeliveryOptions WRITE_OPTIONS = new DeliveryOptions().setSendTimeout(10 * 60 * 1000L);

  private ReadingsAddresses() {}
}
