package org.fieldreadings.readings.ingest;

import java.util.Objects;
import org.fieldreadings.core.bus.DevicesContract.IngestScope;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;

/**
 * A raw supplier payload to ingest with the plugin of its profile, and what the ingest key that sent it may write
 * ({@code scope} null: the operator's, unrestricted); travels to the readings verticle by reference
 * ({@code LocalCodec}), so the bytes are never copied on the way.
 */
public record IngestRequest(Profile profile, RawPayload payload, IngestScope scope) {

  public IngestRequest {
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(payload, "payload");
  }
}
