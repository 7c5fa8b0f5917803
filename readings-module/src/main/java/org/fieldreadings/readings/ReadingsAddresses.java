package org.fieldreadings.readings;

import io.vertx.core.buffer.Buffer;
import org.fieldreadings.core.bus.BusAddress;
import org.fieldreadings.readings.ingest.IngestRequest;
import org.fieldreadings.readings.write.ReadingsBatch;
import org.fieldreadings.readings.write.WriteResult;

/** Event-bus addresses private to the readings module. */
public final class ReadingsAddresses {

  /** Stores a batch. */
  public static final BusAddress<ReadingsBatch, WriteResult> WRITE = new BusAddress<>("readings.write");

  /**
   * Ingests a payload; replies the JSON answer, encoded: {@code {"stored": n, "duplicates": n, "rejected":
   * [{"index": i, "reason": "..."}]}}. Fails 404 when no plugin serves the profile, 502 when the plugin failed on the payload, 503
   * when it has too many payloads waiting or every decode thread of the profile is wedged, 504 when it overran its
   * decode budget (see {@code IngestPipeline}).
   */
  public static final BusAddress<IngestRequest, Buffer> INGEST = new BusAddress<>("readings.ingest");

  /**
   * {@code {}} → {@code {"plugins": [{"pluginId", "version", "profile", "rank", "state", "jar", "reason"}]}}, in
   * plugin-id order.
   */
  public static final String PLUGINS = "readings.plugins";

  /** Reloads the plugins folder; replies with what changed ({@code PluginReload} as JSON). */
  public static final String PLUGINS_RELOAD = "readings.plugins.reload";

  /** Writes of large batches take a while: the default 30 s reply timeout is too short (milliseconds). */
  public static final long WRITE_TIMEOUT_MS = 10 * 60 * 1000L;

  private ReadingsAddresses() {}
}
