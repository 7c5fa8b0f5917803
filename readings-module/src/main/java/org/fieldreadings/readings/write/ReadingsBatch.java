package org.fieldreadings.readings.write;

import java.util.List;

/**
 * Readings written in one transaction, with the device facts the same data reported; travels to the readings
 * verticle by reference ({@code LocalCodec}).
 */
public record ReadingsBatch(ReadingColumns readings, List<ReportedFacts> facts) {

  public ReadingsBatch {
    facts = List.copyOf(facts);
  }

  /** Readings without device facts, as the canonical import has them. */
  public ReadingsBatch(ReadingColumns readings) {
    this(readings, List.of());
  }

  /** Readings given one by one, without device facts. */
  public ReadingsBatch(List<Reading> readings) {
    this(ReadingColumns.of(readings));
  }
}
