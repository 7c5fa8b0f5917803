package org.fieldreadings.core.http;

import io.vertx.ext.web.RoutingContext;
import org.fieldreadings.core.bus.DeviceRef;

/**
 * The {@code entityId} path parameter of the admin routes. Entities get UUIDs, so any id outside the identifier
 * syntax of {@link DeviceRef#isIdentifier} (a NUL byte, say) names no entity and is refused before it reaches the
 * database.
 */
public final class EntityId {

  private EntityId() {}

  /** The {@code entityId} path parameter; throws a 400 {@link ProblemException} when it is no identifier. */
  public static String fromPath(RoutingContext ctx) {
    String entityId = ctx.pathParam("entityId");
    if (!DeviceRef.isIdentifier(entityId)) {
      throw new ProblemException(Problem.invalid("entityId", DeviceRef.IDENTIFIER_RULE));
    }
    return entityId;
  }
}
