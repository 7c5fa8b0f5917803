package org.fieldreadings.core.http;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;

/**
 * What module routes get from the HTTP edge verticle that mounts them.
 *
 * @param vertx the Vert.x instance
 * @param config the service configuration
 * @param pool the edge verticle's handle on the shared pool, for routes that stream straight from a cursor
 * @param auth the API key authentication to put in front of every protected route
 */
public record EdgeContext(Vertx vertx, JsonObject config, Pool pool, ApiKeyAuth auth) {}
