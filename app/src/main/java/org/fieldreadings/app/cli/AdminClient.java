package org.fieldreadings.app.cli;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.fieldreadings.core.config.ConfigKeys;

/**
 * The command line's client of the running server's admin API: address and token from the same configuration
 * the server uses (the token from {@code <data.dir>/admin.token} when not configured).
 */
public final class AdminClient {

  // HTTP/1.1: parallel uploads then travel on connections of their own instead of one upgraded HTTP/2 connection.
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  private final String baseUrl;
  private final String token;

  AdminClient(String baseUrl, String token) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  static AdminClient fromConfig(JsonObject config) {
    return fromConfig(config, ConfigKeys.ADMIN_PORT.get(config));
  }

  /** The client of the admin listener on the given port (the one a node bound, when configured as 0). */
  public static AdminClient fromConfig(JsonObject config, int port) {
    String host = ConfigKeys.ADMIN_HOST.get(config);
    if (host.equals("0.0.0.0") || host.equals("::")) {
      host = "127.0.0.1";
    }
    String token = ConfigKeys.ADMIN_TOKEN.get(config);
    if (token == null) {
      Path file = Path.of(ConfigKeys.DATA_DIR.get(config)).resolve("admin.token");
      try {
        token = Files.readString(file).trim();
      } catch (IOException e) {
        throw new CommandFailure("no admin token: set admin.token or run the server once so that " + file
            + " exists");
      }
    }
    return new AdminClient("http://" + host + ":" + port, token);
  }

  /** Sends a JSON request and returns the decoded JSON answer (null for an empty one). */
  public Object call(String method, String path, JsonObject body) {
    return send(method, path, body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(body.encode()), "application/json");
  }

  /** Sends any body with the given content type and returns the decoded JSON answer. */
  public Object send(String method, String path, BodyPublisher body, String contentType) {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
        .timeout(Duration.ofMinutes(30))
        .header("Authorization", "Bearer " + token)
        .header("Content-Type", contentType)
        .header("Accept", "application/json")
        .method(method, body)
        .build();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (ConnectException e) {
      throw new CommandFailure("cannot reach the admin API at " + baseUrl + ": is the server running?");
    } catch (IOException e) {
      throw new CommandFailure("admin API at " + baseUrl + " failed: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CommandFailure("interrupted");
    }
    Object answer = decode(response.body());
    if (response.statusCode() >= 400) {
      String detail = answer instanceof JsonObject problem && problem.getString("detail") != null
          ? problem.getString("detail") : response.body();
      throw new CommandFailure(response.statusCode() + ": " + detail);
    }
    return answer;
  }

  private static Object decode(String body) {
    if (body == null || body.isBlank()) {
      return null;
    }
    try {
      return Json.decodeValue(body);
    } catch (DecodeException e) {
      return body;
    }
  }
}
