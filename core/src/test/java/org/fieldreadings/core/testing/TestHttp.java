package org.fieldreadings.core.testing;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A blocking HTTP client for tests, talking to a server on loopback. */
public final class TestHttp {

  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final int port;

  public TestHttp(int port) {
    this.port = port;
  }

  /** A request to {@code path} on this server; add headers and send with {@link #send}. */
  public HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(30));
  }

  public Answer get(String path, String... headers) {
    return send(request(path).GET(), headers);
  }

  public Answer delete(String path, String... headers) {
    return send(request(path).DELETE(), headers);
  }

  public Answer post(String path, String body, String... headers) {
    return send(request(path).POST(body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(body)), headers);
  }

  public Answer put(String path, String body, String... headers) {
    return send(request(path).PUT(body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(body)), headers);
  }

  /** Sends with the given header name/value pairs. */
  public Answer send(HttpRequest.Builder builder, String... headers) {
    for (int i = 0; i < headers.length; i += 2) {
      builder.header(headers[i], headers[i + 1]);
    }
    try {
      return new Answer(CLIENT.send(builder.build(), HttpResponse.BodyHandlers.ofString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A response with helpers for the assertions tests make. */
  public record Answer(HttpResponse<String> response) {
    public int status() {
      return response.statusCode();
    }

    public String header(String name) {
      return response.headers().firstValue(name).orElse(null);
    }

    public String body() {
      return response.body();
    }

    public JsonObject json() {
      return new JsonObject(response.body());
    }

    public JsonArray array() {
      return new JsonArray(response.body());
    }

    @Override
    public String toString() {
      return response.statusCode() + " " + response.body();
    }
  }
}
