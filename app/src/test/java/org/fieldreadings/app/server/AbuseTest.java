package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.fieldreadings.core.testing.RawHttp;
import org.fieldreadings.core.testing.RawHttp.Response;
import org.fieldreadings.core.testing.TestHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A few thousand malformed and hostile requests across the public and admin routes, written on raw sockets: odd
 * methods, control bytes and dot segments in paths, overlong lines and headers, bad or missing {@code Host}, bad and
 * deeply nested JSON, huge numbers, wrong content types, bad credentials, broken chunked framing, HTTP/0.9 and
 * garbage request lines, bad query parameters. None may get a 5xx (505 for versions the server does not speak),
 * every error the router answers is problem+json, nothing is logged with a stack trace, and the node stays healthy.
 */
class AbuseTest {

  private static final int REQUESTS = 2000;
  private static final String[] PROFILES = {"PROFILE_A", "PROFILE_B", "PROFILE_C", "PROFILE_D", "REAL_WEATHER_STATION"};

  @TempDir
  static Path dataDir;

  private static FieldReadingsServer server;
  private static String adminToken;
  private static String entityId;
  private static String apiKey;
  private static String ingestKey;
  private static final ListAppender<ILoggingEvent> LOG = new ListAppender<>();

  @BeforeAll
  static void start() throws Exception {
    server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of(
        "FR_RATELIMIT_KEY_RPS", "1000000", "FR_RATELIMIT_KEY_BURST", "1000000")));
    adminToken = Files.readString(dataDir.resolve("admin.token"));
    TestHttp admin = new TestHttp(server.adminPort());
    String bearer = "Bearer " + adminToken;
    entityId = admin.post("/admin/entities", new JsonObject().put("email", "abuse@example.com").encode(),
        "Authorization", bearer, "Content-Type", "application/json").json().getString("entityId");
    apiKey = admin.post("/admin/entities/" + entityId + "/key", null, "Authorization", bearer).json()
        .getString("apiKey");
    ingestKey = admin.post("/admin/ingest-keys", new JsonObject().put("profile", "PROFILE_A").encode(),
        "Authorization", bearer, "Content-Type", "application/json").json().getString("ingestKey");
    LOG.start();
    ((Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME)).addAppender(LOG);
  }

  @AfterAll
  static void stop() {
    ((Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME)).detachAppender(LOG);
    server.close();
  }

  @Test
  void hostileRequestsGetNo5xxAndProblemsAndLeaveTheNodeHealthy() {
    Random random = new Random(12);
    List<String> violations = new ArrayList<>();
    for (int i = 0; i < REQUESTS; i++) {
      boolean admin = random.nextBoolean();
      Hostile request = hostile(random, admin);
      // A request the server cannot parse to its end is waited for only briefly: the server waits for more bytes.
      Response response = new RawHttp(admin ? server.adminPort() : server.httpPort())
          .exchange(request.bytes(), request.mustBeAnswered() ? 10_000 : 1_000);
      String verdict = judge(request, response);
      if (verdict != null) {
        violations.add(verdict + " <- " + request.label() + " <- " + preview(request.bytes()));
      }
    }
    assertThat(violations).isEmpty();
    assertThat(LOG.list).filteredOn(event -> event.getLevel() == Level.ERROR || event.getThrowableProxy() != null)
        .extracting(ILoggingEvent::getFormattedMessage).isEmpty();
    assertThat(new TestHttp(server.adminPort()).get("/health").status()).isEqualTo(200);
  }

  @Test
  void requestWithoutHostIs400ProblemOnBothListeners() {
    for (int port : new int[] {server.httpPort(), server.adminPort()}) {
      Response response = new RawHttp(port).exchange("GET /api/openapi.json HTTP/1.1\r\n\r\n");
      assertThat(response.status()).isEqualTo(400);
      assertThat(response.header("Content-Type")).isEqualTo("application/problem+json");
      assertThat(response.json().getString("detail")).isEqualTo("The request must name the server in a Host header.");
    }
  }

  @Test
  void nulInAnEntityIdIs400() {
    RawHttp admin = new RawHttp(server.adminPort());
    for (String request : new String[] {
        "POST /admin/entities/%00/key HTTP/1.1\r\n",
        "DELETE /admin/entities/%00/key HTTP/1.1\r\n",
        "PUT /admin/entities/a%00b/devices/PROFILE_A/s-1 HTTP/1.1\r\n",
        "DELETE /admin/entities/%00/devices/PROFILE_A/s-1 HTTP/1.1\r\n"}) {
      Response response = admin.exchange(request + "Host: localhost\r\nAuthorization: Bearer " + adminToken
          + "\r\nContent-Length: 0\r\n\r\n");
      assertThat(response.status()).as(request).isEqualTo(400);
      assertThat(response.json()).isEqualTo(new JsonObject("""
          {"type":"https://field-readings.org/problems/400","title":"Bad Request","status":400,
           "detail":"entityId: must be 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':' and '-'",
           "errors":[{"parameter":"entityId",
                      "message":"must be 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':' and '-'"}]}"""));
    }
  }

  @Test
  void oddPathsAndRefusedAcceptsAreProblems() {
    for (String[] request : new String[][] {{"admin", "GET /admin/plugins/ HTTP/1.1\r\n", "401"},
        {"admin", "GET /admin/plugins/ HTTP/1.1\r\nAccept: text/html\r\nAuthorization: Bearer " + adminToken
            + "\r\n", "406"},
        {"api", "GET /api/devices/serials/?group=A&group=B HTTP/1.1\r\nAccept: text/plain\r\n", "406"},
        {"api", "GET /explorer/%c0%ae%c0%ae/logback.xml HTTP/1.1\r\n", "404"},
        {"admin", "GET /admin/%c0%ae%c0%ae/ HTTP/1.1\r\nAuthorization: Bearer " + adminToken + "\r\n", "404"}}) {
      int port = request[0].equals("admin") ? server.adminPort() : server.httpPort();
      Response response = new RawHttp(port).exchange(request[1] + "Host: localhost\r\n\r\n");
      assertThat(response.status()).as(request[1]).isEqualTo(Integer.parseInt(request[2]));
      assertThat(response.header("Content-Type")).as(request[1]).isEqualTo("application/problem+json");
      assertThat(response.json().getInteger("status")).isEqualTo(response.status());
    }
  }

  @Test
  void requestsNettyCannotDecodeAreProblemsOnBothListeners() {
    for (int port : new int[] {server.httpPort(), server.adminPort()}) {
      for (String[] request : new String[][] {{"GET /" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", "414"},
          {"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(20_000) + "\r\n\r\n", "431"},
          {"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", "400"}}) {
        Response response = new RawHttp(port).exchange(request[0]);
        assertThat(response.status()).as(request[1]).isEqualTo(Integer.parseInt(request[1]));
        assertThat(response.header("Content-Type")).as(request[1]).isEqualTo("application/problem+json");
        assertThat(response.json().getInteger("status")).isEqualTo(response.status());
      }
    }
  }

  @Test
  void docsRedirectNeverLeavesTheServer() {
    RawHttp api = new RawHttp(server.httpPort());
    for (String path : new String[] {"//evil.example/../api/docs/", "/api/docs/", "/api//docs/", "/api/docs//"}) {
      Response response = api.exchange("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
      assertThat(response.status()).as(path).isEqualTo(302);
      assertThat(response.header("Location")).as(path).isEqualTo("/api/docs");
    }
  }

  @Test
  void unknownHttpVersionIs505Problem() {
    RawHttp api = new RawHttp(server.httpPort());
    for (String request : new String[] {
        "GET /api/openapi.json HTTP/2.0\r\nHost: localhost\r\n\r\n", "GET / HTTP/9.9\r\nHost: localhost\r\n\r\n",
        "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"}) {
      Response response = api.exchange(request);
      assertThat(response.status()).as(request).isEqualTo(505);
      assertThat(response.header("Content-Type")).isEqualTo("application/problem+json");
      assertThat(response.json().getString("detail")).isEqualTo("Only HTTP/1.0 and HTTP/1.1 are spoken here.");
    }
  }

  @Test
  void thousandsOfSilentConnectionsDoNotStarveANewClient() throws Exception {
    // Each connection costs two descriptors in this process (client and server side): 5,000 of the 20,000 allowed.
    List<Socket> silent = new ArrayList<>();
    try {
      for (int i = 0; i < 2500; i++) {
        silent.add(new RawHttp(i % 2 == 0 ? server.httpPort() : server.adminPort()).open());
      }
      long started = System.nanoTime();
      assertThat(new TestHttp(server.httpPort()).get("/api/devices/serials").status()).isEqualTo(401);
      assertThat(new TestHttp(server.adminPort()).get("/health").status()).isEqualTo(200);
      assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(2000);
    } finally {
      for (Socket socket : silent) {
        socket.close();
      }
    }
  }

  /** What is wrong with the response, or null. */
  private static String judge(Hostile request, Response response) {
    int status = response.status();
    if (status >= 500 && !(status == 505 && request.unknownVersion())) {
      return status + " " + response.body();
    }
    if (status == 0 && request.mustBeAnswered() && !response.body().startsWith(RawHttp.REFUSED_WHILE_SENDING)) {
      return "no answer: " + response.body();
    }
    if (status >= 400 && !response.body().isEmpty()
        && !"application/problem+json".equals(response.header("Content-Type"))) {
      return status + " as " + response.header("Content-Type");
    }
    return null;
  }

  /**
   * One hostile request.
   *
   * @param unknownVersion whether it speaks an HTTP version other than 1.0 and 1.1 (505 allowed)
   * @param mustBeAnswered whether its framing is sound, so that silence would be the server's fault
   */
  private record Hostile(String label, byte[] bytes, boolean unknownVersion, boolean mustBeAnswered) {}

  private static Hostile hostile(Random random, boolean admin) {
    int kind = random.nextInt(10);
    return switch (kind) {
      case 0 -> garbageLine(random);
      case 1 -> framing(random, admin);
      default -> {
        String method = pick(random, METHODS);
        String path = mutatePath(random, pick(random, admin ? ADMIN_PATHS : PUBLIC_PATHS));
        List<String> headers = headers(random, admin);
        byte[] body = body(random, admin);
        yield new Hostile("request " + method + " " + path, request(method, path, headers, body), false, true);
      }
    };
  }

  private static final String[] METHODS = {
      "GET", "GET", "GET", "POST", "POST", "POST", "PUT", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE",
      "BREW", "FOO%00", "M-SEARCH", "PROPFIND", "X".repeat(300), "get"};

  private static final String[] PUBLIC_PATHS = {
      "/", "/api/docs", "/api/docs/swagger-ui.css", "/api/openapi.json", "/api/devices/serials",
      "/api/devices/{profile}/{serial}", "/api/devices/{profile}/{serial}/readings", "/api/access",
      "/api/access/token", "/api/ingest/{profile}", "/explorer/app.js", "/explorer/chart.js/chart.umd.js",
      "/api/nothing", "/health"};

  private static final String[] ADMIN_PATHS = {
      "/health", "/admin/entities", "/admin/entities/{entity}/key",
      "/admin/entities/{entity}/devices/{profile}/{serial}", "/admin/devices/{profile}/{serial}",
      "/admin/devices/{profile}/{serial}/subscriptions", "/admin/ingest/{profile}", "/admin/ingest-keys",
      "/admin/readings", "/admin/plugins", "/admin/nothing", "/api/docs"};

  private static final String[] SEGMENTS = {
      "%00", "%01", "a%00b", "%1b[31mred", "\u0001", "..", "%2e%2e", "%2f", "%5c", "", "%zz", "%", "%C3%28",
      "%E2%80%AE", "%FF%FE", "x".repeat(70), "y".repeat(5000), "s-1", "s-1", "s-1", "WS-1", "a b", "<script>",
      "'; DROP TABLE x; --", "\u00e9", "%u0041"};

  private static final String[] QUERIES = {
      "", "", "?interfaces=AirTemp&startDate=2024-03-01T00:00:00Z&endDate=2024-03-02T00:00:00Z",
      "?interfaces=AirTemp&startDate=garbage&endDate=2024-03-02T00:00:00Z",
      "?interfaces=%00&startDate=2024-03-01T00:00:00Z&endDate=2024-03-02T00:00:00Z&aggregation=hour",
      "?interfaces=AirTemp&startDate=-999999999-01-01T00:00:00Z&endDate=+999999999-12-31T23:59:59Z",
      "?interfaces=AirTemp&startDate=2024-03-01T00:00:00Z&endDate=2024-03-02T00:00:00Z&aggregation=%1b",
      "?interfaces=" + "AirTemp,".repeat(400) + "&startDate=2024-03-01T00:00:00Z&endDate=2024-03-02T00:00:00Z",
      "?startDate=1e999999&endDate=99999999999999999999999", "?interfaces&startDate&endDate&aggregation",
      "?token=%00", "?token=" + "t".repeat(3000), "?profile=%00&group=%00&unassigned=maybe", "?a=%zz", "?%%%%",
      "?interfaces=AirTemp&interfaces=AirTemp&startDate=2024-03-02T00:00:00Z&endDate=2024-03-01T00:00:00Z",
      "?limit=-1&offset=99999999999999999999"};

  private static String mutatePath(Random random, String template) {
    String path = template
        .replace("{profile}", random.nextInt(4) == 0 ? pick(random, SEGMENTS) : pick(random, PROFILES))
        .replace("{serial}", random.nextInt(3) == 0 ? pick(random, SEGMENTS) : "s-1")
        .replace("{entity}", random.nextInt(3) == 0 ? pick(random, SEGMENTS) : entityId);
    switch (random.nextInt(8)) {
      case 0 -> path = path + "/" + pick(random, SEGMENTS);
      case 1 -> path = "/" + pick(random, SEGMENTS) + path;
      case 2 -> path = path.replace("/", "//");
      case 3 -> path = path + "/../../" + pick(random, SEGMENTS);
      default -> { }
    }
    return path + pick(random, QUERIES);
  }

  private static List<String> headers(Random random, boolean admin) {
    List<String> headers = new ArrayList<>();
    switch (random.nextInt(12)) {
      case 0 -> { }
      case 1 -> headers.add("Host: ");
      case 2 -> headers.add("Host: a b\u0001");
      case 3 -> {
        headers.add("Host: one");
        headers.add("Host: two");
      }
      case 4 -> headers.add("Host: " + "h".repeat(2000));
      default -> headers.add("Host: localhost");
    }
    String[] credentials = {
        "Authorization: Bearer " + adminToken, "Authorization: ApiKey " + apiKey, "Authorization: ApiKey " + ingestKey,
        "Authorization: ApiKey ", "Authorization: ApiKey \u0001\u0002", "Authorization: ApiKey " + "k".repeat(6000),
        "Authorization: Basic YWRtaW46YWRtaW4=", "Authorization: Bearer wrong-token-wrong-token",
        "Authorization: ApiKey %00", "Authorization: ApiKey " + apiKey + " extra", "Authorization:", null};
    String credential = random.nextInt(3) == 0 && admin ? credentials[0] : pick(random, credentials);
    if (credential != null) {
      headers.add(credential);
    }
    String[] types = {
        "Content-Type: application/json", "Content-Type: application/json", "Content-Type: text/csv",
        "Content-Type: text/plain", "Content-Type: application/octet-stream",
        "Content-Type: application/json; charset=utf-7",
        "Content-Type: multipart/form-data; boundary=x", "Content-Type: application/x-www-form-urlencoded",
        "Content-Type: %00", null};
    String type = pick(random, types);
    if (type != null) {
      headers.add(type);
    }
    String[] extras = {
        null, null, null, "Accept: image/png", "Accept: */*", "Accept-Encoding: gzip, deflate, br",
        "X-Forwarded-For: 1.2.3.4, %00", "Content-Encoding: gzip", "Expect: 100-continue",
        "X-Big: " + "b".repeat(7000), "Connection: Upgrade, HTTP2-Settings", "Upgrade: h2c", "Range: bytes=0-1,-5",
        "Cookie: " + "c=1; ".repeat(500), "If-None-Match: \u0001"};
    String extra = pick(random, extras);
    if (extra != null) {
      headers.add(extra);
    }
    return headers;
  }

  private static byte[] body(Random random, boolean admin) {
    String csvHeader = "profile,serial,connectorId,interface,timestamp,value\n";
    String[] bodies = {
        "", "", "{}", "{", "[", "null", "\"text\"", "{\"email\":\"abuse@example.com\"}",
        "{\"email\":\"x@example.com\",\"name\":\"" + "n".repeat(5000) + "\"}", "{\"email\":\"\\u0000@example.com\"}",
        "{\"profile\":\"PROFILE_A\"}", "{\"profile\":{\"profile\":[]}}", "{\"a\":1e999999}",
        "{\"a\":123456789012345678901234567890123456789012345678901234567890}", "[" .repeat(100_000),
        "{\"a\":".repeat(20_000) + "1" + "}".repeat(20_000), "[".repeat(3000) + "]".repeat(3000),
        "{\"group\":\"g\",\"lat\":1e400,\"lon\":-1e400}", "{\"lat\":\"north\",\"lon\":[]}",
        "{\"email\":\"a@b.c\",\"email\":\"d@e.f\"}", "\u0000\u0001\u0002", "\u00ff\u00fe\u00fd",
        csvHeader + "PROFILE_A,s-1,c,AirTemp,2024-03-01T00:00:00Z,1e999999\n",
        csvHeader + "PROFILE_A,s-1,c,AirTemp,-999999999-01-01T00:00:00Z,1\n",
        csvHeader + "PROFILE_A,%00,c,AirTemp,2024-03-01T00:00:00Z,1\n", csvHeader + "\"unterminated\n",
        "soil,probe,1,2,3\n" + "9".repeat(400), "{\"DevEUI\":\"" + "0".repeat(100) + "\",\"data\":\"!!!\"}"};
    return pick(random, bodies).getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Request lines no HTTP/1.x parser accepts, and versions the server does not speak. */
  private static Hostile garbageLine(Random random) {
    String[][] lines = {
        {"GARBAGE\r\n\r\n", "no"}, {"GET /\r\n\r\n", "no"}, {"GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", "no"},
        {"\r\n\r\n\r\n", "no"}, {"GET / HTTP/2.0\r\nHost: x\r\n\r\n", "version"},
        {"GET / HTTP/9.9\r\nHost: x\r\n\r\n", "version"}, {"GET / FTP/1.0\r\nHost: x\r\n\r\n", "no"},
        {"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "version"},
        {"GET " + "/a".repeat(4000) + " HTTP/1.1\r\nHost: x\r\n\r\n", "yes"},
        {"GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n", "no"},
        {"GET / HTTP/1.1\r\nHost: x\r\n" + "X-H: v\r\n".repeat(2000) + "\r\n", "no"},
        {"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + "v".repeat(10_000) + "\r\n\r\n", "no"},
        {"\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003", "no"},
        {"GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n", "no"}, {"G\u00c9T / HTTP/1.1\r\nHost: x\r\n\r\n", "no"},
        {"GET / HTTP/1.1\nHost: x\n\n", "no"}, {" GET / HTTP/1.1\r\nHost: x\r\n\r\n", "no"},
        {"GET http://evil.example/api/docs/ HTTP/1.1\r\nHost: x\r\n\r\n", "yes"},
        {"CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n", "no"},
        {"GET * HTTP/1.1\r\nHost: x\r\n\r\n", "yes"}, {"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", "yes"},
        {"GET /api/docs HTTP/1.0\r\n\r\n", "yes"}};
    String[] line = lines[random.nextInt(lines.length)];
    return new Hostile("line", line[0].getBytes(StandardCharsets.ISO_8859_1), line[1].equals("version"),
        line[1].equals("yes"));
  }

  /** Bodies whose framing is broken: bad chunk sizes, conflicting or nonsensical lengths. */
  private static Hostile framing(Random random, boolean admin) {
    String path = admin ? pick(random, new String[] {"/admin/entities", "/admin/readings", "/admin/ingest/PROFILE_A"})
        : pick(random, new String[] {"/api/access/token", "/api/ingest/PROFILE_A", "/api/access"});
    String auth = "Authorization: " + (admin ? "Bearer " + adminToken : "ApiKey " + ingestKey) + "\r\n";
    String head = "POST " + path + " HTTP/1.1\r\nHost: localhost\r\n" + auth + "Content-Type: application/json\r\n";
    String[][] framings = {
        {"Transfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n", "no"},
        {"Transfer-Encoding: chunked\r\n\r\n-5\r\nabc\r\n0\r\n\r\n", "no"},
        {"Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\nabc\r\n0\r\n\r\n", "no"},
        {"Transfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n", "no"},
        {"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", "yes"},
        {"Transfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n", "no"},
        {"Transfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", "no"},
        {"Transfer-Encoding: identity\r\n\r\n{}", "no"}, {"Content-Length: -1\r\n\r\n{}", "no"},
        {"Content-Length: abc\r\n\r\n{}", "no"}, {"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}}", "no"},
        {"Content-Length: 99999999999999999999\r\n\r\n{}", "no"},
        {"Content-Length: 1\r\n\r\n{}GET / HTTP/1.1\r\n\r\n", "no"}};
    String[] framing = framings[random.nextInt(framings.length)];
    return new Hostile("framing " + path, (head + framing[0]).getBytes(StandardCharsets.ISO_8859_1), false,
        framing[1].equals("yes"));
  }

  private static byte[] request(String method, String path, List<String> headers, byte[] body) {
    StringBuilder head = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    headers.forEach(header -> head.append(header).append("\r\n"));
    head.append("Content-Length: ").append(body.length).append("\r\nConnection: close\r\n\r\n");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    bytes.writeBytes(body);
    return bytes.toByteArray();
  }

  private static <T> T pick(Random random, T[] values) {
    return values[random.nextInt(values.length)];
  }

  private static String preview(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    text = text.length() > 300 ? text.substring(0, 300) + "..." : text;
    StringBuilder escaped = new StringBuilder();
    text.chars().forEach(c -> escaped.append(c < 0x20 || c > 0x7e ? String.format("\\x%02x", c)
        : String.valueOf((char) c)));
    return escaped.toString();
  }
}
