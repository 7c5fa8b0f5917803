package org.fieldreadings.core.http;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** Reading JSON request bodies, with a 400 problem instead of an exception for a body that is not a JSON object. */
public final class JsonBodies {

  private JsonBodies() {}

  /** The body as a JSON object; throws a 400 {@link ProblemException} when it is empty or not an object. */
  public static JsonObject object(RoutingContext ctx) {
    try {
      JsonObject body = ctx.body().asJsonObject();
      if (body == null) {
        throw new ProblemException(Problem.invalid("body", "a JSON object is required"));
      }
      return body;
    } catch (DecodeException | ClassCastException e) {
      throw new ProblemException(Problem.invalid("body", "is not a valid JSON object"));
    }
  }
}
