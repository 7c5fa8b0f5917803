package org.fieldreadings.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.vertx.core.Vertx;
import io.vertx.core.VertxException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.sqlclient.ClosedConnectionException;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.RawHttp;
import org.fieldreadings.core.testing.RawHttp.Response;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

@ExpectedFailureLogs
class ProblemHandlerTest {

  private static Vertx vertx;
  private static TestHttp http;
  private static RawHttp raw;
  private final ListAppender<ILoggingEvent> log = new ListAppender<>();

  @BeforeEach
  void captureLog() {
    log.start();
    ((Logger) LoggerFactory.getLogger(ProblemHandler.class)).addAppender(log);
  }

  @AfterEach
  void releaseLog() {
    ((Logger) LoggerFactory.getLogger(ProblemHandler.class)).detachAppender(log);
  }

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
    router.post("/body").handler(BodyHandler.create()).handler(ctx -> ctx.end());
    router.get("/db/closed").handler(ctx -> ctx.fail(ClosedConnectionException.INSTANCE));
    router.get("/db/refused").handler(ctx -> ctx.fail(new ConnectException("Connection refused")));
    router.get("/db/inactive").handler(ctx -> ctx.fail(
        VertxException.noStackTrace("Connection is not active now, current status: CLOSED")));
    router.get("/json").produces("application/json").handler(ctx -> ctx.json(new JsonObject()));
    int port = vertx.createHttpServer().requestHandler(router).listen(0).await(10, TimeUnit.SECONDS).actualPort();
    http = new TestHttp(port);
    raw = new RawHttp(port);
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

  @Test
  void requestWithoutHostIs400Problem() {
    Response answer = raw.exchange("GET /validation HTTP/1.1\r\n\r\n");
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json()).isEqualTo(new JsonObject("""
        {"type":"https://field-readings.org/problems/400","title":"Bad Request","status":400,
         "detail":"The request must name the server in a Host header."}"""));
  }

  @Test
  void databaseOutagesAre503WithRetryAfter() {
    for (String kind : new String[] {"closed", "refused", "inactive"}) {
      Answer answer = http.get("/db/" + kind);
      assertThat(answer.status()).as(kind).isEqualTo(503);
      assertThat(answer.header("Retry-After")).as(kind).isEqualTo("5");
      assertThat(answer.json().getString("detail")).isEqualTo("The service is temporarily unavailable; retry shortly.");
    }
    assertThat(log.list).hasSize(3).allSatisfy(event -> {
      assertThat(event.getLevel()).isEqualTo(Level.WARN);
      assertThat(event.getThrowableProxy()).isNull();
    });
  }

  @Test
  void badChunkSizeIsLoggedAsOneLine() {
    raw.exchange("POST /body HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n");
    assertThat(awaitOneEvent().getFormattedMessage())
        .isEqualTo("POST /body: client protocol error: NumberFormatException: Invalid character in chunk size");
  }

  @Test
  void hangUpMidBodyIsLoggedAsOneLine() throws Exception {
    try (Socket socket = raw.open()) {
      socket.getOutputStream().write(
          "POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"a\":".getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      Thread.sleep(200);
    }
    assertThat(awaitOneEvent().getFormattedMessage())
        .isEqualTo("POST /body: client protocol error: HttpClosedException: Connection was closed");
  }

  @Test
  void controlCharactersOfThePathAreEscapedInTheLog() {
    Response answer = raw.exchange("GET /bus/unavailable\u001b[2J%00 HTTP/1.1\r\nHost: x\r\n\r\n");
    assertThat(answer.status()).isEqualTo(503);
    assertThat(awaitOneEvent().getFormattedMessage())
        .startsWith("GET /bus/unavailable\\x1b[2J%00: dependency unavailable: ");
  }

  /** The one event the request logged, with no stack trace; logging may trail the response by a moment. */
  private ILoggingEvent awaitOneEvent() {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (log.list.isEmpty() && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertThat(log.list).hasSize(1);
    assertThat(log.list.get(0).getThrowableProxy()).isNull();
    return log.list.get(0);
  }

  private static Answer call(HttpMethod method, String path, String body) {
    return http.send(http.request(path).method(method.name(), body == null
        ? java.net.http.HttpRequest.BodyPublishers.noBody() : java.net.http.HttpRequest.BodyPublishers.ofString(body)));
  }
}
