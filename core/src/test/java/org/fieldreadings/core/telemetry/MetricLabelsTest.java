package org.fieldreadings.core.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.ProblemHandler;
import org.fieldreadings.core.testing.RawHttp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Whatever methods and paths clients send, the HTTP metrics keep a fixed set of series. */
class MetricLabelsTest {

  private static final Pattern REQUESTS = Pattern.compile("^vertx_http_server_requests_total\\{(.*)} (\\S+)$");

  private Vertx vertx;
  private RawHttp raw;

  @BeforeEach
  void startServer() throws Exception {
    vertx = Telemetry.newVertx();
    Router router = Router.router(vertx);
    ProblemHandler.install(router, ApiKeyAuth.CHALLENGE);
    router.get("/things/:id").handler(ctx -> ctx.end("ok"));
    raw = new RawHttp(vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1")
        .await(10, TimeUnit.SECONDS).actualPort());
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  @Test
  void inventedMethodsAndRandomPathsAddNoSeries() {
    for (int i = 0; i < 1000; i++) {
      assertThat(send("GET", "/things/" + i).status()).isEqualTo(200);
      assertThat(send("M" + i + "X", "/things/" + i).status()).isEqualTo(405);
      assertThat(send("GET", "/random/" + i + "/path-" + Integer.toHexString(i * 7919)).status()).isEqualTo(404);
      assertThat(send("Q" + i, "/random/" + i).status()).isEqualTo(404);
    }
    String scrape = Telemetry.prometheus(vertx).scrape();

    assertThat(requestSeries(scrape)).containsExactlyInAnyOrder(
        "code=\"200\",method=\"GET\",route=\"/things/:id\" 1000.0",
        "code=\"405\",method=\"OTHER\",route=\"\" 1000.0",
        "code=\"404\",method=\"GET\",route=\"\" 1000.0",
        "code=\"404\",method=\"OTHER\",route=\"\" 1000.0");
    Set<String> methods = new TreeSet<>();
    Matcher method = Pattern.compile("method=\"([^\"]*)\"").matcher(scrape);
    while (method.find()) {
      methods.add(method.group(1));
    }
    assertThat(methods).containsExactly("GET", "OTHER");
    assertThat(scrape).doesNotContain("/random/").doesNotContain("/things/1");
    long series = Arrays.stream(scrape.split("\n")).filter(line -> line.startsWith("vertx_http_server_")).count();
    assertThat(series).isLessThanOrEqualTo(40);
  }

  private RawHttp.Response send(String method, String path) {
    return raw.exchange(method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  }

  private static List<String> requestSeries(String scrape) {
    return Arrays.stream(scrape.split("\n")).map(REQUESTS::matcher).filter(Matcher::matches)
        .map(m -> m.group(1) + " " + m.group(2)).toList();
  }
}
