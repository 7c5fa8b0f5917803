package org.fieldreadings.core.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** The JSON object body of a request (read by a {@code BodyHandler} first). */
public final class JsonBody {

  private JsonBody() {}

  /**
   * The body as a JSON object; an empty body is an empty object. Throws a 400 {@link ProblemException} naming
   * {@code body} when it is not a JSON object.
   */
  public static JsonObject object(RoutingContext ctx) {
    Buffer buffer = ctx.body().buffer();
    if (buffer == null || buffer.length() == 0) {
      return new JsonObject();
    }
    try {
      if (Json.decodeValue(buffer) instanceof JsonObject object) {
        return object;
      }
    } catch (DecodeException e) {
      // Answered below: the parser's message may quote the body back, which a problem should not.
    }
    throw new ProblemException(Problem.invalid("body", "must be a JSON object"));
  }
}
