package org.fieldreadings.access;

import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.ClientAddress;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.JsonBody;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;

/** {@code POST /access/token}, {@code POST /access}, {@code DELETE /access} (docs/api.md). */
final class AccessRoutes {

  static final String TOKEN_SENT_MESSAGE = "If the address belongs to an entity, a token was sent.";
  private static final int BODY_LIMIT = 4096;

  private final EventBus bus;
  private final ApiKeyAuth auth;

  private AccessRoutes(EventBus bus, ApiKeyAuth auth) {
    this.bus = bus;
    this.auth = auth;
  }

  static void mount(Router api, EdgeContext edge) {
    AccessRoutes routes = new AccessRoutes(edge.vertx().eventBus(), edge.auth());
    api.post("/access/token").consumes("application/json").produces("application/json")
        .handler(BodyHandler.create().setBodyLimit(BODY_LIMIT))
        .handler(routes::requestToken);
    // The token may come in a form body, so that no proxy's access log holds it, or as the interface's query parameter.
    api.post("/access").produces("application/json").handler(BodyHandler.create().setBodyLimit(BODY_LIMIT))
        .handler(edge.auth().failureLimit()).handler(routes::exchangeToken);
    api.delete("/access").handler(edge.auth().entity()).handler(routes::revoke);
  }

  private void requestToken(RoutingContext ctx) {
    JsonObject body = JsonBody.object(ctx);
    Object email = body.getValue("email");
    if (!(email instanceof String address) || !EmailAddress.isValid(address)) {
      ctx.fail(new ProblemException(Problem.invalid("email", email == null
          ? "is required" : "must be an e-mail address such as name@example.com")));
      return;
    }
    JsonObject request = new JsonObject().put("email", address)
        .put("clientAddress", ClientAddress.of(ctx));
    bus.request(AccessAddresses.REQUEST_TOKEN, request)
        .onSuccess(reply -> ctx.response().setStatusCode(202)
            .putHeader("Content-Type", "application/json")
            .end(new JsonObject().put("message", TOKEN_SENT_MESSAGE).encode()))
        .onFailure(ctx::fail);
  }

  private void exchangeToken(RoutingContext ctx) {
    String token = ctx.queryParams().get("token");
    if (token == null) {
      token = ctx.request().getFormAttribute("token");
    }
    if (token == null || token.isBlank()) {
      ctx.fail(new ProblemException(Problem.invalid("token", "is required: the temporary token received by e-mail")));
      return;
    }
    bus.<JsonObject>request(AccessAddresses.EXCHANGE_TOKEN, new JsonObject().put("token", token))
        .onSuccess(reply -> ctx.response().putHeader("Cache-Control", "no-store").putHeader("Content-Type",
            "application/json").end(reply.body().encode()))
        .onFailure(e -> auth.refused(ctx, e));
  }

  private void revoke(RoutingContext ctx) {
    bus.request(AccessAddresses.REVOKE, new JsonObject().put("entityId", ApiKeyAuth.entityId(ctx)))
        .onSuccess(reply -> ctx.response().setStatusCode(204).end())
        .onFailure(ctx::fail);
  }
}
