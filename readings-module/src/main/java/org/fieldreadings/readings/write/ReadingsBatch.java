package org.fieldreadings.readings.write;

import java.util.List;

/**
 * Readings written in one transaction, with the device facts the same data reported; travels to the readings
 * verticle by reference ({@code LocalCodec}).
 */
public record ReadingsBatch(List<Reading> readings, List<ReportedFacts> facts) {

  public ReadingsBatch {
    readings = List.copyOf(readings);
    facts = List.copyOf(facts);
  }

  /** Readings without device facts, as the canonical import has them. */
  public ReadingsBatch(List<Reading> readings) {
    this(readings, List.of());
  }
}
