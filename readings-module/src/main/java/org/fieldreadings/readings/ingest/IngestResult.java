package org.fieldreadings.readings.ingest;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.fieldreadings.plugin.api.Rejection;
import org.fieldreadings.plugin.api.Warning;
import org.fieldreadings.readings.write.WriteResult;

/**
 * What ingesting one payload did: the readings stored and already known, the parts that were rejected, and those the
 * plugin skipped on purpose.
 */
public record IngestResult(WriteResult written, List<Rejection> rejected, long rejectedCount, List<Warning> warnings) {

  public IngestResult {
    rejected = List.copyOf(rejected);
    warnings = List.copyOf(warnings);
  }

  /**
   * {@code {"stored": n, "duplicates": n, "rejectedCount": n, "rejected": [{"index": i, "reason": "..."}],
   * "warnings": [{"index": i, "reason": "..."}]}}: {@code rejected} lists at most {@link Rejection#LISTED} of the
   * {@code rejectedCount}, as the canonical import does.
   */
  public JsonObject toJson() {
    JsonArray rejections = new JsonArray();
    rejected.forEach(r -> rejections.add(part(r.index(), r.reason())));
    JsonArray warned = new JsonArray();
    warnings.forEach(w -> warned.add(part(w.index(), w.reason())));
    return written.toJson().put("rejectedCount", rejectedCount).put("rejected", rejections).put("warnings", warned);
  }

  private static JsonObject part(int index, String reason) {
    return new JsonObject().put("index", index).put("reason", reason);
  }
}
