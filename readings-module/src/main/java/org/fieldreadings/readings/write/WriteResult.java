package org.fieldreadings.readings.write;

import io.vertx.core.json.JsonObject;

/**
 * What a write did: {@code stored} readings are new or corrected values, {@code duplicates} were already stored
 * with the same value (or repeated within the batch).
 */
public record WriteResult(long stored, long duplicates) {

  public static final WriteResult NOTHING = new WriteResult(0, 0);

  public WriteResult plus(WriteResult other) {
    return new WriteResult(stored + other.stored, duplicates + other.duplicates);
  }

  public JsonObject toJson() {
    return new JsonObject().put("stored", stored).put("duplicates", duplicates);
  }
}
