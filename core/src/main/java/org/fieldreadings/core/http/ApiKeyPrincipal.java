package org.fieldreadings.core.http;

import org.fieldreadings.core.bus.AccessContract.KeyHolder;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.User;
import org.fieldreadings.core.bus.DevicesContract.IngestScope;

/** The two kinds of API key and the principal fields of the {@link User} each authenticates as. */
public final class ApiKeyPrincipal {
  public static final String KIND = "kind";
  public static final String ENTITY = "entity";
  public static final String INGEST = "ingest";
  public static final String ENTITY_ID = "entityId";
  public static final String INGEST_PROFILE = "ingestProfile";
  /** An ingest key's {@link IngestScope}, as {@link IngestScope#toJson()} has it. */
  public static final String INGEST_SCOPE = "ingestScope";

  private ApiKeyPrincipal() {}

  /** The user for an access-module reply: an entity key reads, an ingest key only ingests for its profile. */
  static User of(KeyHolder holder) {
    if (holder.entityId() != null) {
      return User.create(new JsonObject().put(KIND, ENTITY).put(ENTITY_ID, holder.entityId()));
    }
    return User.create(new JsonObject().put(KIND, INGEST).put(INGEST_PROFILE, holder.ingestProfile().name())
        .put(INGEST_SCOPE, holder.ingestScope().toJson()));
  }

  /** What the ingest key of {@code user} may write. */
  static IngestScope ingestScope(User user) {
    return IngestScope.fromJson(user.principal().getJsonObject(INGEST_SCOPE));
  }
}
