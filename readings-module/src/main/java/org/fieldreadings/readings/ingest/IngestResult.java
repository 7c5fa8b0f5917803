package org.fieldreadings.readings.ingest;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.fieldreadings.plugin.api.Rejection;
import org.fieldreadings.readings.write.WriteResult;

/** What ingesting one payload did: the readings stored and already known, and the parts that were rejected. */
public record IngestResult(WriteResult written, List<Rejection> rejected) {

  public IngestResult {
    rejected = List.copyOf(rejected);
  }

  /** {@code {"stored": n, "duplicates": n, "rejected": [{"index": i, "reason": "..."}]}}. */
  public JsonObject toJson() {
    JsonArray rejections = new JsonArray();
    rejected.forEach(r -> rejections.add(new JsonObject().put("index", r.index()).put("reason", r.reason())));
    return written.toJson().put("rejected", rejections);
  }
}
