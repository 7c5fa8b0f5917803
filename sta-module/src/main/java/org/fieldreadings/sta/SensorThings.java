package org.fieldreadings.sta;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.ProblemException;

/**
 * The OGC SensorThings API 1.1 (Sensing Core, read-only) under {@code /api/sta/v1.1}: the caller's devices, series
 * and readings as Things, Datastreams and Observations (docs/api.md, "SensorThings API"). It owns no data: it reads
 * through the devices and readings modules' contracts.
 */
public final class SensorThings {

  /** The service root under the API's mount point. */
  public static final String ROOT = "/sta/v1.1";

  private SensorThings() {}

  public static void mount(Router api, EdgeContext edge) {
    StaHandler handler = new StaHandler(edge);
    for (String path : new String[] {ROOT, ROOT + "/*"}) {
      api.get(path).handler(edge.auth().entity()).handler(handler);
      api.route(path).handler(ctx -> {
        ctx.response().putHeader("Allow", "GET");
        ctx.fail(ProblemException.of(405, "The SensorThings API is read-only: readings arrive through ingest and "
            + "import."));
      });
    }
  }
}
