package org.fieldreadings.app.server;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;

/**
 * The API's own documentation, public like the token operations (docs/api.md, "Authentication"):
 * {@code GET /openapi.json} is the contract, {@code GET /docs} is Swagger UI reading it. Swagger UI's files come from
 * its webjar; the application's initializer is looked up first, so it replaces the webjar's demo one.
 */
final class DocsRoutes {

  /** The OpenAPI 3.1 contract of the public API, on the class path. */
  static final String CONTRACT = "api/openapi.json";

  private static final String WEB = "org/fieldreadings/app/web/docs/";
  /** Swagger UI styles elements inline and draws icons from data: URIs; everything else comes from this origin. */
  private static final String CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
      + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

  private DocsRoutes() {}

  static void mount(Router api) {
    Buffer contract = ClasspathResource.read(CONTRACT);
    Buffer page = ClasspathResource.read(WEB + "index.html");
    api.get("/openapi.json").handler(WebPages::secureAndNext).handler(ctx -> ctx.response()
        .putHeader("Content-Type", "application/json")
        .putHeader("Cache-Control", "no-cache")
        .end(contract));
    api.get("/docs").handler(ctx -> {
      if (ctx.request().path().endsWith("/")) {
        // The route also matches /api/docs/, where the page's relative links would miss their files. The target is
        // built from the mount point, never from the client's path: //evil.example/../api/docs/ routes here too.
        String mount = ctx.mountPoint() == null ? "" : ctx.mountPoint().replaceAll("/+$", "");
        ctx.redirect(mount + "/docs");
      } else {
        WebPages.html(ctx, page, CSP);
      }
    });
    api.get("/docs/*")
        .handler(WebPages::secureAndNext)
        .handler(WebPages.assets(WEB + "assets"))
        .handler(WebPages.assets(WebJar.SWAGGER_UI.root()));
  }
}
