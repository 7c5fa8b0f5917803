package org.fieldreadings.push.webhook;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.UUID;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.crypto.SecretBox;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.JsonBody;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;

/** {@code /webhooks} (docs/api.md, "Webhooks"): where an entity's alert events are sent. */
public final class WebhookRoutes {

  private static final String JSON = "application/json";
  private static final int BODY_LIMIT = 4096;

  private final Vertx vertx;
  private final WebhookStore store;
  private final UrlPolicy policy;

  private WebhookRoutes(EdgeContext edge) {
    this.vertx = edge.vertx();
    this.store = new WebhookStore(edge.pool(), WebhookDeliverer.secretBox(edge.config()),
        ConfigKeys.WEBHOOKS_MAX_PER_ENTITY.get(edge.config()));
    this.policy = WebhookDeliverer.urlPolicy(edge.config());
  }

  public static void mount(Router api, EdgeContext edge) {
    WebhookRoutes routes = new WebhookRoutes(edge);
    api.get("/webhooks").produces(JSON).handler(edge.auth().entity()).handler(routes::list);
    api.post("/webhooks").consumes(JSON).produces(JSON).handler(BodyHandler.create().setBodyLimit(BODY_LIMIT))
        .handler(edge.auth().entity()).handler(routes::create);
    api.delete("/webhooks/:id").handler(edge.auth().entity()).handler(routes::delete);
    api.post("/webhooks/:id/test").handler(edge.auth().entity()).handler(routes::test);
  }

  private void list(RoutingContext ctx) {
    store.list(ApiKeyAuth.entityId(ctx)).onSuccess(webhooks -> ctx.response().putHeader("Content-Type", JSON)
        .end(new JsonArray(webhooks.stream().map(Webhook::toJson).toList()).encode())).onFailure(ctx::fail);
  }

  /** The URL's host is resolved and checked now too, so a refused address is a 400 rather than failed deliveries. */
  private void create(RoutingContext ctx) {
    String entityId = ApiKeyAuth.entityId(ctx);
    WebhookBody.Fields fields = WebhookBody.parse(JsonBody.object(ctx), policy);
    Webhook webhook = new Webhook(UUID.randomUUID(), fields.url(), fields.events(), true);
    WebhookSecret secret = WebhookSecret.generate();
    policy.resolve(vertx, policy.parse(fields.url()))
        .recover(error -> Future.failedFuture(error instanceof UrlPolicy.RefusedUrl
            ? new ProblemException(Problem.invalid("url", error.getMessage())) : error))
        .compose(address -> store.create(entityId, webhook, secret))
        .onSuccess(created -> ctx.response().setStatusCode(201).putHeader("Content-Type", JSON)
            .putHeader("Location", "/api/webhooks/" + created.id())
            .end(created.toJson().put("secret", secret.value()).encode()))
        .onFailure(ctx::fail);
  }

  private void delete(RoutingContext ctx) {
    store.delete(ApiKeyAuth.entityId(ctx), id(ctx)).onSuccess(v -> ctx.response().setStatusCode(204).end())
        .onFailure(ctx::fail);
  }

  private void test(RoutingContext ctx) {
    store.enqueueTest(ApiKeyAuth.entityId(ctx), id(ctx))
        .onSuccess(v -> {
          vertx.eventBus().send(WebhookDeliverer.WAKE, null);
          ctx.response().setStatusCode(202).end();
        })
        .onFailure(ctx::fail);
  }

  /** The path's webhook id; one that cannot be an id names no webhook (404). */
  private static UUID id(RoutingContext ctx) {
    try {
      return UUID.fromString(ctx.pathParam("id"));
    } catch (IllegalArgumentException e) {
      throw WebhookStore.notFound();
    }
  }
}
