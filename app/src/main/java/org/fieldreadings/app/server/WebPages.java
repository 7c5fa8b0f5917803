package org.fieldreadings.app.server;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.StaticHandler;

/** How the public listener serves its browser pages (the explorer, the API docs) and their static files. */
final class WebPages {

  /** Assets keep their names across releases, so browsers revalidate them after a short while. */
  private static final long ASSET_MAX_AGE_SECONDS = 600;

  private WebPages() {}

  /** Answers with an HTML page under the given Content-Security-Policy; the page is revalidated on every visit. */
  static void html(RoutingContext ctx, Buffer page, String contentSecurityPolicy) {
    secure(ctx);
    ctx.response()
        .putHeader("Content-Type", "text/html; charset=utf-8")
        .putHeader("Cache-Control", "no-cache")
        .putHeader("Content-Security-Policy", contentSecurityPolicy)
        .end(page);
  }

  /**
   * The headers every file of the pages carries, pages and assets (scripts, styles, the contract) alike: no browser
   * guesses another type than the one sent, and no page's address leaks to another site. Continues the route.
   */
  static void secureAndNext(RoutingContext ctx) {
    secure(ctx);
    ctx.next();
  }

  private static void secure(RoutingContext ctx) {
    ctx.response().putHeader("X-Content-Type-Options", "nosniff").putHeader("Referrer-Policy", "no-referrer");
  }

  /** Serves the files of a class-path folder; a missing file falls through to the next handler (finally a 404). */
  static StaticHandler assets(String classpathRoot) {
    return StaticHandler.create(classpathRoot).setMaxAgeSeconds(ASSET_MAX_AGE_SECONDS);
  }
}
