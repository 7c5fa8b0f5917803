package org.fieldreadings.app.server;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;

/**
 * The readings explorer at {@code /}: a static page that calls the public API with the key its user pastes, and
 * draws the readings with Chart.js from its webjar.
 */
final class ExplorerRoutes {

  private static final String WEB = "org/fieldreadings/app/web/explorer/";
  /** The page holds an API key: scripts, styles and requests from this origin only, and no framing. */
  private static final String CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
      + "frame-ancestors 'none'; form-action 'none'";

  private ExplorerRoutes() {}

  static void mount(Router root) {
    Buffer page = ClasspathResource.read(WEB + "index.html");
    root.get("/").handler(ctx -> WebPages.html(ctx, page, CSP));
    root.get("/explorer/*").handler(WebPages::secureAndNext);
    root.get("/explorer/chart.js/*").handler(WebPages.assets(WebJar.CHART_JS.root() + "/dist"));
    root.get("/explorer/*").handler(WebPages.assets(WEB + "assets"));
  }
}
