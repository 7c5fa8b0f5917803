package org.fieldreadings.app.sta;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy in front of a real Vert.x server that answers with what it received. */
class KeyAddingProxyTest {

  private Vertx vertx;
  private KeyAddingProxy proxy;

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    int port = vertx.createHttpServer().requestHandler(request -> request.body().onSuccess(body -> {
      JsonObject seen = new JsonObject().put("method", request.method().name()).put("uri", request.uri())
          .put("authorization", request.getHeader("Authorization")).put("host", request.getHeader("Host"))
          .put("accept", request.getHeader("Accept")).put("body", body.toString());
      request.response().setStatusCode(request.uri().contains("missing") ? 404 : 201)
          .putHeader("Content-Type", "application/json").putHeader("X-Seen", "yes").end(seen.encode());
    })).listen(0, "127.0.0.1").await(10, TimeUnit.SECONDS).actualPort();
    proxy = KeyAddingProxy.start("127.0.0.1", port, "k-123");
  }

  @AfterEach
  void stop() throws Exception {
    proxy.close();
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  @Test
  void aRequestArrivesWithTheKeyAndEverythingElseAsSent() {
    Answer answer = new TestHttp(proxy.port()).post("/api/sta/v1.1/Things(1)/Datastreams?$filter=name%20eq%20'a'",
        "{\"name\":\"a\"}", "Content-Type", "application/json", "Accept", "application/json");

    assertThat(answer.status()).isEqualTo(201);
    assertThat(answer.header("X-Seen")).isEqualTo("yes");
    JsonObject seen = answer.json();
    assertThat(seen.getString("method")).isEqualTo("POST");
    assertThat(seen.getString("uri")).isEqualTo("/api/sta/v1.1/Things(1)/Datastreams?$filter=name%20eq%20'a'");
    assertThat(seen.getString("authorization")).isEqualTo("ApiKey k-123");
    assertThat(seen.getString("accept")).isEqualTo("application/json");
    assertThat(seen.getString("body")).isEqualTo("{\"name\":\"a\"}");
    // Links the server builds from Host then point at the proxy, where the client is.
    assertThat(seen.getString("host")).isEqualTo("127.0.0.1:" + proxy.port());
  }

  @Test
  void aKeyTheClientSentIsReplacedAndAnErrorStatusComesBack() {
    Answer answer = new TestHttp(proxy.port()).get("/missing", "Authorization", "ApiKey other");

    assertThat(answer.status()).isEqualTo(404);
    assertThat(answer.json().getString("authorization")).isEqualTo("ApiKey k-123");
    assertThat(answer.json().getString("body")).isEmpty();
  }
}
