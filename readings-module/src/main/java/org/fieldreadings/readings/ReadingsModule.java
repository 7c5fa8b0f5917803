package org.fieldreadings.readings;

import io.vertx.core.Deployable;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import java.util.List;
import org.fieldreadings.core.FieldModule;
import org.fieldreadings.core.db.ModuleSchema;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.readings.agronomy.AgronomyRoutes;
import org.fieldreadings.readings.ingest.IngestRoutes;
import org.fieldreadings.readings.plugins.PluginInfo;
import org.fieldreadings.readings.plugins.PluginRoutes;
import org.fieldreadings.readings.query.LatestRoutes;
import org.fieldreadings.readings.query.ReadingsRoutes;
import org.fieldreadings.readings.query.StreamRoutes;
import org.fieldreadings.readings.source.ReadSource;
import org.fieldreadings.readings.source.ReplicaLag;
import org.fieldreadings.readings.write.AcceptedWindow;
import org.fieldreadings.readings.write.ImportRoutes;
import org.fieldreadings.readings.write.PointsToBlocks;

/**
 * The readings module as the application sees it: schema `readings`, {@link ReadingsVerticle} (with the supplier
 * plugins) and its routes: readings queries and ingest on the public listener; canonical import, ingest and the
 * plugin list on the admin listener.
 */
public final class ReadingsModule implements FieldModule {

  public static final ModuleSchema SCHEMA = new ModuleSchema("readings", List.of(new PointsToBlocks()));
  private static final DeliveryOptions HEALTH_TIMEOUT = new DeliveryOptions().setSendTimeout(2000);

  @Override
  public ModuleSchema schema() {
    return SCHEMA;
  }

  @Override
  public Deployable verticle() {
    return new ReadingsVerticle();
  }

  @Override
  public void mountApi(Router api, EdgeContext edge) {
    ReadSource source = ReadSource.of(edge);
    ReadingsRoutes.mount(api, edge, source);
    LatestRoutes.mount(api, edge, source);
    AgronomyRoutes.mount(api, edge, source);
    StreamRoutes.mount(api, edge, source);
    IngestRoutes.mountApi(api, edge);
  }

  @Override
  public void mountAdmin(Router admin, EdgeContext edge) {
    ImportRoutes.mount(admin, edge.vertx(), AcceptedWindow.fromConfig(edge.config()));
    IngestRoutes.mountAdmin(admin, edge);
    PluginRoutes.mount(admin, edge.vertx().eventBus());
  }

  /**
   * {@code {"plugins": "DEGRADED"}} while some plugin is {@code WEDGED}, else {@code "UP"}; {@code "UNKNOWN"} when
   * the plugin host does not answer. With a replica, also {@code "replica": {"status": "CURRENT", "lagMillis": 80}}
   * ({@code BEHIND}: skipped, more than {@code database.replica.max.lag} behind; {@code DOWN}: not usable).
   */
  @Override
  public Future<JsonObject> health(Vertx vertx) {
    return vertx.eventBus().<JsonObject>request(ReadingsAddresses.PLUGINS, new JsonObject(), HEALTH_TIMEOUT)
        .map(reply -> reply.body().getJsonArray("plugins").stream()
            .anyMatch(plugin -> PluginInfo.State.WEDGED.name().equals(((JsonObject) plugin).getString("state")))
            ? "DEGRADED" : "UP")
        .otherwise("UNKNOWN")
        .map(plugins -> {
          JsonObject health = new JsonObject().put("plugins", plugins);
          ReplicaLag replica = ReplicaLag.of(vertx);
          return replica == null ? health : health.put("replica", replica.health());
        });
  }
}
