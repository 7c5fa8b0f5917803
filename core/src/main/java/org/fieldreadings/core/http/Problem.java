package org.fieldreadings.core.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * An RFC 9457 problem detail, the body of every error response ({@code application/problem+json}).
 *
 * @param status the HTTP status
 * @param title the short, fixed summary of the status
 * @param detail what went wrong with this request, safe to show to the client
 * @param errors the invalid parameters of a validation failure, empty otherwise
 */
public record Problem(int status, String title, String detail, List<FieldError> errors) {

  public static final String CONTENT_TYPE = "application/problem+json";

  public Problem {
    errors = List.copyOf(errors);
  }

  public static Problem of(int status, String detail) {
    return new Problem(status, titleOf(status), detail, List.of());
  }

  /** A 400 listing the invalid parameters; the detail joins their messages. */
  public static Problem invalid(List<FieldError> errors) {
    String detail = String.join("; ", errors.stream().map(e -> e.parameter() + ": " + e.message()).toList());
    return new Problem(400, titleOf(400), detail, errors);
  }

  public static Problem invalid(String parameter, String message) {
    return invalid(List.of(new FieldError(parameter, message)));
  }

  public JsonObject toJson() {
    JsonObject json = new JsonObject()
        .put("type", typeOf(status))
        .put("title", title)
        .put("status", status)
        .put("detail", detail);
    if (!errors.isEmpty()) {
      json.put("errors", new JsonArray(errors.stream().map(FieldError::toJson).toList()));
    }
    return json;
  }

  /** A stable URI per status, so clients can switch on it. */
  static String typeOf(int status) {
    return "https://field-readings.org/problems/" + status;
  }

  static String titleOf(int status) {
    return switch (status) {
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 406 -> "Not Acceptable";
      case 409 -> "Conflict";
      case 413 -> "Content Too Large";
      case 415 -> "Unsupported Media Type";
      case 422 -> "Unprocessable Content";
      case 429 -> "Too Many Requests";
      case 502 -> "Bad Gateway";
      case 503 -> "Service Unavailable";
      case 504 -> "Gateway Timeout";
      default -> status >= 500 ? "Internal Server Error" : "Client Error";
    };
  }
}
