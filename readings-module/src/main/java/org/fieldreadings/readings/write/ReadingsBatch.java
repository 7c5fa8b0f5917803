package org.fieldreadings.readings.write;

import java.util.List;

/** Readings written in one transaction; travels to the readings verticle by reference ({@code LocalCodec}). */
public record ReadingsBatch(List<Reading> readings) {
  public ReadingsBatch {
    readings = List.copyOf(readings);
  }
}
