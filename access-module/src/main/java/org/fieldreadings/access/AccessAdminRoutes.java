package org.fieldreadings.access;

import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.http.EntityId;
import org.fieldreadings.core.http.FieldError;
import org.fieldreadings.core.http.JsonBody;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.plugin.api.Profile;

/** Support's side of access (docs/operations.md, "Admin API"): entities, support-issued keys, ingest keys. */
final class AccessAdminRoutes {

  private static final int BODY_LIMIT = 16 * 1024;
  private static final int MAX_NAME = 200;

  private final EventBus bus;

  private AccessAdminRoutes(EventBus bus) {
    this.bus = bus;
  }

  static void mount(Router admin, EventBus bus) {
    AccessAdminRoutes routes = new AccessAdminRoutes(bus);
    admin.post("/entities").consumes("application/json").produces("application/json")
        .handler(BodyHandler.create().setBodyLimit(BODY_LIMIT)).handler(routes::createEntity);
    admin.get("/entities").produces("application/json").handler(routes::listEntities);
    admin.post("/entities/:entityId/key").produces("application/json").handler(routes::issueKey);
    admin.delete("/entities/:entityId/key").handler(routes::revokeKey);
    admin.post("/ingest-keys").consumes("application/json").produces("application/json")
        .handler(BodyHandler.create().setBodyLimit(BODY_LIMIT)).handler(routes::createIngestKey);
    admin.get("/ingest-keys").produces("application/json").handler(routes::listIngestKeys);
    admin.delete("/ingest-keys/:prefix").handler(routes::revokeIngestKey);
  }

  private void createEntity(RoutingContext ctx) {
    JsonObject body = JsonBody.object(ctx);
    List<FieldError> errors = new ArrayList<>();
    Object email = body.getValue("email");
    if (!(email instanceof String address) || !EmailAddress.isValid(address)) {
      errors.add(new FieldError("email", "must be an e-mail address such as name@example.com"));
    }
    Object name = body.getValue("name", email);
    if (!(name instanceof String text) || text.isBlank() || text.length() > MAX_NAME) {
      errors.add(new FieldError("name", "must be a text of 1 to " + MAX_NAME + " characters"));
    }
    if (!errors.isEmpty()) {
      ctx.fail(new ProblemException(Problem.invalid(errors)));
      return;
    }
    reply(ctx, 201, AccessAddresses.CREATE_ENTITY, new JsonObject().put("email", email).put("name", name));
  }

  private void listEntities(RoutingContext ctx) {
    bus.<JsonObject>request(AccessAddresses.LIST_ENTITIES, new JsonObject())
        .onSuccess(reply -> ctx.json(reply.body().getJsonArray("entities")))
        .onFailure(ctx::fail);
  }

  private void issueKey(RoutingContext ctx) {
    reply(ctx, 201, AccessAddresses.ISSUE_KEY, new JsonObject().put("entityId", EntityId.fromPath(ctx)));
  }

  /** {@code DELETE /admin/entities/{entityId}/key}: 204, as the holder's {@code DELETE /api/access} would. */
  private void revokeKey(RoutingContext ctx) {
    noContent(ctx, AccessAddresses.REVOKE_BY_SUPPORT, new JsonObject().put("entityId", EntityId.fromPath(ctx)));
  }

  private void listIngestKeys(RoutingContext ctx) {
    bus.<JsonObject>request(AccessAddresses.LIST_INGEST_KEYS, new JsonObject())
        .onSuccess(reply -> ctx.json(reply.body().getJsonArray("ingestKeys")))
        .onFailure(ctx::fail);
  }

  /** {@code DELETE /admin/ingest-keys/{prefix}}: the prefix is the key's first characters as listed. */
  private void revokeIngestKey(RoutingContext ctx) {
    String prefix = ctx.pathParam("prefix");
    if (!isPrefix(prefix)) {
      ctx.fail(new ProblemException(Problem.invalid("prefix", "must be the " + ApiKeys.INGEST_KEY_PREFIX
          + " first characters of an ingest key (A-Z, a-z, 0-9, '-' and '_'), as GET /admin/ingest-keys lists them")));
      return;
    }
    noContent(ctx, AccessAddresses.REVOKE_INGEST_KEY, new JsonObject().put("prefix", prefix));
  }

  private static boolean isPrefix(String prefix) {
    return prefix.length() == ApiKeys.INGEST_KEY_PREFIX && prefix.chars().allMatch(c -> (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_');
  }

  private void noContent(RoutingContext ctx, String address, JsonObject request) {
    bus.<JsonObject>request(address, request)
        .onSuccess(reply -> ctx.response().setStatusCode(204).end())
        .onFailure(ctx::fail);
  }

  /**
   * {@code POST /admin/ingest-keys {"profile", "entityId" (optional), "acceptLocation" (optional, false)}}: the
   * key's scope (docs/operations.md, "Ingest keys") is fixed at creation.
   */
  private void createIngestKey(RoutingContext ctx) {
    JsonObject body = JsonBody.object(ctx);
    List<FieldError> errors = new ArrayList<>();
    Object profile = body.getValue("profile");
    if (!(profile instanceof String name) || Profile.parse(name).isEmpty()) {
      errors.add(new FieldError("profile", "must be one of " + Profile.allowedValues()));
    }
    Object entityId = body.getValue("entityId");
    if (entityId != null && !(entityId instanceof String id && DeviceRef.isIdentifier(id))) {
      errors.add(new FieldError("entityId", DeviceRef.IDENTIFIER_RULE));
    }
    Object acceptLocation = body.getValue("acceptLocation", false);
    if (!(acceptLocation instanceof Boolean)) {
      errors.add(new FieldError("acceptLocation", "must be true or false"));
    }
    if (!errors.isEmpty()) {
      ctx.fail(new ProblemException(Problem.invalid(errors)));
      return;
    }
    reply(ctx, 201, AccessAddresses.CREATE_INGEST_KEY, new JsonObject().put("profile", profile)
        .put("entityId", entityId).put("acceptLocation", acceptLocation));
  }

  private void reply(RoutingContext ctx, int status, String address, JsonObject request) {
    bus.<JsonObject>request(address, request)
        .onSuccess(reply -> ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json")
            .end(reply.body().encode()))
        .onFailure(ctx::fail);
  }
}
