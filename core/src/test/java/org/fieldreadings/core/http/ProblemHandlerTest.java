package org.fieldreadings.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ProblemHandlerTest {

  private static Vertx vertx;
  private static TestHttp http;

  @BeforeAll
  static void startServer() throws Exception {
    vertx = Vertx.vertx();
    vertx.eventBus().consumer("test.not-found", msg -> msg.fail(BusFailure.NOT_FOUND, "no such device"));
    vertx.eventBus().consumer("test.unavailable", msg -> msg.fail(BusFailure.UNAVAILABLE, "database unavailable"));
    Router router = Router.router(vertx);
    ProblemHandler.install(router, ApiKeyAuth.CHALLENGE);
    router.get("/validation").handler(ctx -> ctx.fail(new ProblemException(Problem.invalid("interfaces",
        "unknown interface name(s): Foo"))));
    router.get("/unauthorized").handler(ctx -> ctx.fail(ProblemException.of(401, "no key")));
    router.get("/bus/:address").handler(ctx -> vertx.eventBus().request("test." + ctx.pathParam("address"), "x")
        .onSuccess(reply -> ctx.end())
        .onFailure(ctx::fail));
    router.get("/crash").handler(ctx -> {
      throw new IllegalStateException("secret internals at org.example.Foo");
    });
    router.post("/json").handler(BodyHandler.create().setBodyLimit(10)).handler(ctx -> ctx.end());
    router.get("/json").produces("application/json").handler(ctx -> ctx.json(new JsonObject()));
    http = new TestHttp(vertx.createHttpServer().requestHandler(router).listen(0).await(10, TimeUnit.SECONDS)
        .actualPort());
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  @Test
  void validationFailureListsTheParameter() {
    Answer answer = call(HttpMethod.GET, "/validation", null);
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json()).isEqualTo(new JsonObject("""
        {"type":"https://field-readings.org/problems/400","title":"Bad Request","status":400,
         "detail":"interfaces: unknown interface name(s): Foo",
         "errors":[{"parameter":"interfaces","message":"unknown interface name(s): Foo"}]}"""));
  }

  @Test
  void unauthorizedCarriesTheChallenge() {
    Answer answer = call(HttpMethod.GET, "/unauthorized", null);
    assertThat(answer.status()).isEqualTo(401);
    assertThat(answer.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
    assertThat(answer.json().getString("title")).isEqualTo("Unauthorized");
  }

  @Test
  void busFailureCodeBecomesTheStatus() {
    Answer answer = call(HttpMethod.GET, "/bus/not-found", null);
    assertThat(answer.status()).isEqualTo(404);
    assertThat(answer.json().getString("detail")).isEqualTo("no such device");
  }

  @Test
  void unavailableDependencyIs503WithRetryAfter() {
    Answer answer = call(HttpMethod.GET, "/bus/unavailable", null);
    assertThat(answer.status()).isEqualTo(503);
    assertThat(answer.header("Retry-After")).isEqualTo("5");
  }

  @Test
  void missingConsumerIs503() {
    assertThat(call(HttpMethod.GET, "/bus/nobody-listens", null).status()).isEqualTo(503);
  }

  @Test
  void unexpectedExceptionIs500WithoutInternals() {
    Answer answer = call(HttpMethod.GET, "/crash", null);
    assertThat(answer.status()).isEqualTo(500);
    assertThat(answer.json().getString("detail")).startsWith("Unexpected error; quote error id ")
        .doesNotContain("org.example").doesNotContain("secret");
  }

  @Test
  void unknownPathIs404Problem() {
    Answer answer = call(HttpMethod.GET, "/nowhere", null);
    assertThat(answer.status()).isEqualTo(404);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getString("detail")).isEqualTo("No such resource.");
  }

  @Test
  void wrongMethodIs405Problem() {
    Answer answer = call(HttpMethod.DELETE, "/crash", null);
    assertThat(answer.status()).isEqualTo(405);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
  }

  @Test
  void oversizedBodyIs413Problem() {
    Answer answer = call(HttpMethod.POST, "/json", "{\"a\": \"0123456789\"}");
    assertThat(answer.status()).isEqualTo(413);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
  }

  @Test
  void unacceptableAcceptIs406Problem() {
    Answer answer = http.get("/json", "Accept", "image/png");
    assertThat(answer.status()).isEqualTo(406);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getInteger("status")).isEqualTo(406);
  }

  private static Answer call(HttpMethod method, String path, String body) {
    return http.send(http.request(path).method(method.name(), body == null
        ? java.net.http.HttpRequest.BodyPublishers.noBody() : java.net.http.HttpRequest.BodyPublishers.ofString(body)));
  }
}
