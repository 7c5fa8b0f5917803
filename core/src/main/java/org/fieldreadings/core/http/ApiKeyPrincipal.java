package org.fieldreadings.core.http;

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
  static User fromAuthenticateReply(JsonObject reply) {
    if (reply.containsKey(ENTITY_ID)) {
      return User.create(new JsonObject().put(KIND, ENTITY).put(ENTITY_ID, reply.getString(ENTITY_ID)));
    }
    return User.create(new JsonObject().put(KIND, INGEST).put(INGEST_PROFILE, reply.getString(INGEST_PROFILE))
        .put(INGEST_SCOPE, reply.getJsonObject(INGEST_SCOPE)));
  }

  /** What the ingest key of {@code user} may write. */
  static IngestScope ingestScope(User user) {
    return IngestScope.fromJson(user.principal().getJsonObject(INGEST_SCOPE));
  }
}
