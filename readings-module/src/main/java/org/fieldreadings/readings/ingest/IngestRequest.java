package org.fieldreadings.readings.ingest;

import java.util.Objects;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;

/**
 * A raw supplier payload to ingest with the plugin of its profile; travels to the readings verticle by reference
 * ({@code LocalCodec}), so the bytes are never copied on the way.
 */
public record IngestRequest(Profile profile, RawPayload payload) {

  public IngestRequest {
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(payload, "payload");
  }
}
