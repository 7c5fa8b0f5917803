package org.fieldreadings.push;

import io.vertx.core.Deployable;
import io.vertx.ext.web.Router;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.db.ModuleSchema;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.push.alert.AlertRoutes;
import org.fieldreadings.push.alert.AlertVerticle;
import org.fieldreadings.push.webhook.WebhookRoutes;

/**
 * The push module as the application sees it: schema {@code push}, the entities' alert rules on their devices'
 * readings and the events they produce ({@link AlertVerticle} judges them), served under {@code /api/alerts}, and
 * the webhooks those events are sent to ({@code /api/webhooks}).
 */
public final class PushModule implements FieldModule {

  public static final ModuleSchema SCHEMA = new ModuleSchema("push");

  @Override
  public ModuleSchema schema() {
    return SCHEMA;
  }

  @Override
  public Deployable verticle() {
    return new AlertVerticle();
  }

  @Override
  public void mountApi(Router api, EdgeContext edge) {
    AlertRoutes.mount(api, edge);
    WebhookRoutes.mount(api, edge);
  }
}
