package org.fieldreadings.sta;

import io.vertx.ext.web.Router;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.sta.model.EntitySet;

/**
 * The OGC SensorThings API 1.1 (Sensing Core, read-only) under {@code /api/sta/v1.1}: the caller's devices, series
 * and readings as Things, Datastreams and Observations (docs/api.md, "SensorThings API"). It owns no data: it reads
 * through the devices and readings modules' contracts. Only GET is routed, so any other method is the router's 405.
 */
public final class SensorThings {

  /** The service root under the API's mount point. */
  public static final String ROOT = "/sta/v1.1";
  /** The route of every other resource path (an entity, a navigation, a property), described in docs/api.md. */
  public static final String RESOURCE_PATHS = ROOT + "/*";

  private SensorThings() {}

  public static void mount(Router api, EdgeContext edge) {
    StaHandler handler = new StaHandler(edge);
    api.get(ROOT).handler(edge.auth().entity()).handler(handler);
    for (EntitySet set : EntitySet.values()) {
      api.get(ROOT + "/" + set.plural()).handler(edge.auth().entity()).handler(handler);
    }
    api.get(RESOURCE_PATHS).handler(edge.auth().entity()).handler(handler);
  }
}
