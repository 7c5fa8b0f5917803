package org.fieldreadings.app.sta;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.HostAndPort;
import io.vertx.core.net.SocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * A reverse proxy on loopback that adds {@code Authorization: ApiKey <key>} to every request: the OGC suite sends no
 * headers of its own. The Host header is passed on as the client sent it, so links the server builds from it point at
 * the proxy, which is what the suite compares them with.
 */
public final class KeyAddingProxy implements AutoCloseable {

  /** Headers of one connection (RFC 9110, 7.6.1), never forwarded; the client and server set their own. */
  private static final List<String> HOP_BY_HOP = List.of("connection", "keep-alive", "proxy-connection",
      "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade");

  private final Vertx vertx;
  private final int port;

  private KeyAddingProxy(Vertx vertx, int port) {
    this.vertx = vertx;
    this.port = port;
  }

  /** A proxy to {@code targetHost:targetPort}, listening on an ephemeral port of 127.0.0.1. */
  public static KeyAddingProxy start(String targetHost, int targetPort, String apiKey) {
    Vertx vertx = Vertx.vertx();
    HttpClient client = vertx.createHttpClient();
    SocketAddress target = SocketAddress.inetSocketAddress(targetPort, targetHost);
    String authorization = "ApiKey " + apiKey;
    try {
      HttpServer server = vertx.createHttpServer()
          .requestHandler(request -> forward(client, target, authorization, request))
          .listen(0, "127.0.0.1").await(10, TimeUnit.SECONDS);
      return new KeyAddingProxy(vertx, server.actualPort());
    } catch (Exception e) {
      vertx.close();
      throw new IllegalStateException("The proxy did not start", e);
    }
  }

  public int port() {
    return port;
  }

  @Override
  public void close() {
    try {
      vertx.close().await(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("The proxy did not stop", e);
    }
  }

  private static void forward(HttpClient client, SocketAddress target, String authorization,
      HttpServerRequest request) {
    RequestOptions options = new RequestOptions().setServer(target).setMethod(request.method())
        .setURI(request.uri()).setHeaders(endToEnd(request.headers()).set(HttpHeaders.AUTHORIZATION, authorization));
    // The client writes Host from these, not from the headers: without them it would name the target.
    HostAndPort authority = request.authority();
    if (authority != null) {
      options.setHost(authority.host()).setPort(authority.port() < 0 ? 80 : authority.port());
    }
    // Request bodies are small (the suite sends none, a client a JSON document): buffered, they go out with a length.
    request.body()
        .compose(body -> client.request(options).compose(outbound -> send(outbound, request, body)))
        .onSuccess(answer -> relay(answer, request.response()))
        .onFailure(failure -> badGateway(request.response(), failure));
  }

  private static Future<HttpClientResponse> send(HttpClientRequest outbound, HttpServerRequest request, Buffer body) {
    boolean declaresBody = request.headers().contains(HttpHeaders.CONTENT_LENGTH)
        || request.headers().contains(HttpHeaders.TRANSFER_ENCODING);
    return declaresBody ? outbound.send(body) : outbound.send();
  }

  /** The answer streamed back as it arrives, with its status and end-to-end headers. */
  private static void relay(HttpClientResponse answer, HttpServerResponse response) {
    response.setStatusCode(answer.statusCode()).setStatusMessage(answer.statusMessage());
    response.headers().addAll(endToEnd(answer.headers()));
    if (!response.headers().contains(HttpHeaders.CONTENT_LENGTH)) {
      response.setChunked(true);
    }
    answer.pipeTo(response);
  }

  private static void badGateway(HttpServerResponse response, Throwable failure) {
    if (!response.headWritten()) {
      response.setStatusCode(502).putHeader(HttpHeaders.CONTENT_TYPE, "text/plain")
          .end("Proxy could not reach the server: " + failure.getMessage());
    } else {
      response.reset();
    }
  }

  private static MultiMap endToEnd(MultiMap headers) {
    MultiMap copy = MultiMap.caseInsensitiveMultiMap();
    headers.forEach((name, value) -> {
      if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
        copy.add(name, value);
      }
    });
    return copy;
  }
}
