package org.fieldreadings.core.http;

import io.vertx.core.json.JsonObject;

/** One invalid parameter of a request, as listed in a problem's {@code errors}. */
public record FieldError(String parameter, String message) {
  public JsonObject toJson() {
    return new JsonObject().put("parameter", parameter).put("message", message);
  }
}
