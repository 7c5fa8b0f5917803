package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.ApiKeyAuthProvider;
import org.fieldreadings.core.http.AuthFailureLimiter;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.KeyRateLimiter;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenAPI contract ({@code GET /api/openapi.json}) against the running API: served without a key next to
 * Swagger UI, describing exactly the operations the public router serves, with the catalog's enumerations.
 */
class ApiContractTest {

  /**
   * Documented operations another branch is building: accepted as absent from the router until they land, never as
   * mounted differently from the contract.
   */
  private static final Set<String> DOCUMENTED_NOT_YET_MOUNTED = Set.of("POST /ingest/{profile}");

  /** The documentation's own routes: served, public, and not operations of the contract. */
  private static final Set<String> DOCUMENTATION_ROUTES =
      Set.of("GET /openapi.json", "GET /docs", "GET /docs/*");
  /**
   * The SensorThings resource paths under the entity sets ({@code Things(1)/Datastreams}, ...): the standard's
   * grammar, described in docs/api.md rather than one OpenAPI operation each.
   */
  private static final String STA_RESOURCE_PATHS = "GET /sta/v1.1/*";

  private static final List<String> HTTP_METHODS =
      List.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

  @TempDir
  static Path dataDir;

  private static JsonObject config;
  private static FieldReadingsServer server;
  private static TestHttp http;
  private static JsonObject contract;

  @BeforeAll
  static void start() {
    config = TestServers.config(dataDir, Map.of());
    server = FieldReadingsServer.start(config);
    http = new TestHttp(server.httpPort());
    contract = new JsonObject(ClasspathResource.read(DocsRoutes.CONTRACT));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void contractIsServedWithoutAKey() {
    Answer answer = http.get("/api/openapi.json");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    assertThat(answer.json()).isEqualTo(contract);
    assertThat(contract.getJsonArray("servers")).isEqualTo(new JsonArray().add(new JsonObject().put("url", "/api")));
  }

  @Test
  void swaggerUiIsServedWithoutAKeyAndReadsTheContract() {
    Answer page = http.get("/api/docs");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.header("Content-Type")).startsWith("text/html");
    assertThat(page.body()).contains("src=\"docs/swagger-ui-bundle.js\"", "src=\"docs/swagger-initializer.js\"");
    assertThat(http.get("/api/docs/swagger-ui-bundle.js").status()).isEqualTo(200);
    assertThat(http.get("/api/docs/swagger-ui.css").header("Content-Type")).startsWith("text/css");
    assertThat(http.get("/api/docs/swagger-initializer.js").body()).contains("\"../openapi.json\"")
        .doesNotContain("petstore");
    Answer slash = http.get("/api/docs/");
    assertThat(slash.status()).isEqualTo(302);
    assertThat(slash.header("Location")).isEqualTo("/api/docs");
    Answer missing = http.get("/api/docs/nothing.js");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.header("Content-Type")).isEqualTo("application/problem+json");
  }

  @Test
  void everyServedRouteIsInTheContractAndEveryOperationIsServed() {
    Set<String> served = new TreeSet<>(routesOf(publicApiRouter(), ""));
    assertThat(served).containsAll(DOCUMENTATION_ROUTES);
    served.removeAll(DOCUMENTATION_ROUTES);
    assertThat(served.remove(STA_RESOURCE_PATHS)).as("SensorThings resource paths served").isTrue();
    Set<String> documented = operations().keySet();

    assertThat(minus(served, documented)).as("routes served but missing from openapi.json").isEmpty();
    assertThat(minus(documented, served)).as("operations of openapi.json the router does not serve")
        .isSubsetOf(DOCUMENTED_NOT_YET_MOUNTED);
  }

  @Test
  void theRunningServerAnswersEveryMountedOperation() {
    for (String operation : operations().keySet()) {
      String[] methodAndPath = operation.split(" ", 2);
      String path = "/api" + methodAndPath[1].replace("{profile}", "PROFILE_A").replace("{serial}", "SM-1")
          .replace("{id}", "00000000-0000-0000-0000-000000000001");
      Answer answer = http.send(http.request(path).method(methodAndPath[0],
          java.net.http.HttpRequest.BodyPublishers.noBody()));
      if (DOCUMENTED_NOT_YET_MOUNTED.contains(operation) && answer.status() == 404) {
        continue;
      }
      // The health answer asks for nothing, so it is the one that succeeds.
      assertThat(answer.status()).as(operation + " without a key or body: " + answer)
          .isIn(operation.equals("GET /health") ? Set.of(200) : Set.of(400, 401, 415));
    }
  }

  @Test
  void contractBasicsFollowTheSpecification() {
    assertThat(contract.getString("openapi")).startsWith("3.1.");
    assertThat(contract.getJsonObject("info").getString("version")).isEqualTo("1.0.0");
    Map<String, JsonObject> operations = operations();
    List<String> operationIds = operations.values().stream().map(op -> op.getString("operationId")).toList();
    assertThat(operationIds).doesNotContainNull().doesNotHaveDuplicates().containsExactlyInAnyOrder(
        "requestAccessToken", "getApiKey", "revokeApiKey", "getDeviceSerials", "getDeviceBySerial",
        "getReadingsBySerial", "getReadingsOfDevices", "ingestRawPayload", "getLatestBySerial", "getFleetLatest",
        "getAgronomyBySerial", "getDeviceLocations", "getHealth", "listAlertRules", "createAlertRule",
        "getAlertRule", "replaceAlertRule", "deleteAlertRule", "listAlertEvents", "streamReadingsBySerial",
        "listWebhooks", "createWebhook", "deleteWebhook", "testWebhook", "getSensorThingsRoot", "listStaThings",
        "listStaLocations", "listStaHistoricalLocations", "listStaSensors", "listStaObservedProperties",
        "listStaDatastreams", "listStaObservations", "listStaFeaturesOfInterest");
    assertThat(operations.get("GET /devices/{profile}/{serial}/readings").getString("operationId"))
        .isEqualTo("getReadingsBySerial");

    JsonObject schemas = contract.getJsonObject("components").getJsonObject("schemas");
    assertThat(enumOf(schemas, "Profile"))
        .containsExactly("PROFILE_A", "REAL_WEATHER_STATION", "PROFILE_B", "PROFILE_C", "PROFILE_D")
        .containsExactlyElementsOf(Arrays.stream(Profile.values()).map(Profile::name).toList());
    assertThat(enumOf(schemas, "InterfaceName")).hasSize(88)
        .containsExactlyElementsOf(InterfaceCatalog.all().stream().map(SensorInterface::name).toList());
    assertThat(enumOf(schemas, "Aggregation")).containsExactly("none", "hour", "day", "week", "month", "auto");
  }

  @Test
  void theApiReferenceHasASectionForEveryOperation() throws IOException {
    // Tests run in the module's folder; the reference is the repository's docs/api.md.
    String reference = Files.readString(Path.of("..", "docs", "api.md"));
    assertThat(operations().keySet()).allSatisfy(operation ->
        assertThat(reference).as("docs/api.md section of " + operation).contains("\n### " + operation + "\n"));
  }

  @Test
  void onlyTheTokenOperationsArePublicAndKeyedOperationsDocumentTheir401() {
    operations().forEach((operation, op) -> {
      JsonArray security = op.getJsonArray("security", contract.getJsonArray("security"));
      if (Set.of("requestAccessToken", "getApiKey", "getHealth").contains(op.getString("operationId"))) {
        assertThat(security).as(operation).isEmpty();
      } else {
        assertThat(security).as(operation).isNotEmpty();
        assertThat(op.getJsonObject("responses").containsKey("401")).as(operation + " documents 401").isTrue();
      }
    });
  }

  @Test
  void everyReferenceResolves() {
    List<String> refs = new ArrayList<>();
    collectRefs(contract, refs);
    assertThat(refs).isNotEmpty();
    for (String ref : refs) {
      assertThat(ref).startsWith("#/");
      Object target = contract;
      for (String part : ref.substring(2).split("/")) {
        target = target instanceof JsonObject object ? object.getValue(part) : null;
      }
      assertThat(target).as(ref).isInstanceOf(JsonObject.class);
    }
  }

  /** The {@code /api} router exactly as every public listener builds it, from the server's modules. */
  private static Router publicApiRouter() {
    ApiKeyAuth auth = new ApiKeyAuth(new ApiKeyAuthProvider(server.vertx(), Duration.ofSeconds(1)),
        new KeyRateLimiter(1, 1), new AuthFailureLimiter(1_000_000));
    return PublicHttpVerticle.apiRouter(new EdgeContext(server.vertx(), config, null, auth),
        FieldReadingsServer.MODULES);
  }

  /** "METHOD /path/{param}" of every route, sub-routers included; a route matching any method shows as "ANY". */
  private static List<String> routesOf(Router router, String prefix) {
    List<String> routes = new ArrayList<>();
    for (Route route : router.getRoutes()) {
      if (route.getPath() == null) {
        assertThat(route.isRegexPath()).as("a regex route cannot be described in the contract").isFalse();
        continue; // the failure handler and other handlers for every request: not an operation
      }
      // Vert.x keeps "/docs/*" as the prefix path "/docs/"; show it as written.
      String path = prefix + route.getPath().replaceAll(":(\\w+)", "{$1}") + (route.isExactPath() ? "" : "*");
      if (route.getSubRouter() != null) {
        routes.addAll(routesOf(route.getSubRouter(), path.replaceAll("/?\\*+$", "")));
      } else if (route.methods().isEmpty()) {
        routes.add("ANY " + path);
      } else {
        route.methods().forEach(method -> routes.add(method.name() + " " + path));
      }
    }
    return routes;
  }

  /** Every operation of the contract by "METHOD /path". */
  private static Map<String, JsonObject> operations() {
    JsonObject paths = contract.getJsonObject("paths");
    return paths.fieldNames().stream()
        .flatMap(path -> HTTP_METHODS.stream().filter(paths.getJsonObject(path)::containsKey)
            .map(method -> Map.entry(method.toUpperCase() + " " + path, paths.getJsonObject(path).getJsonObject(method))))
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
  }

  private static List<String> enumOf(JsonObject schemas, String name) {
    return schemas.getJsonObject(name).getJsonArray("enum").stream().map(String.class::cast).toList();
  }

  private static Set<String> minus(Set<String> a, Set<String> b) {
    Set<String> difference = new TreeSet<>(a);
    difference.removeAll(b);
    return difference;
  }

  private static void collectRefs(Object node, List<String> refs) {
    if (node instanceof JsonObject object) {
      object.forEach(entry -> {
        if (entry.getKey().equals("$ref")) {
          refs.add((String) entry.getValue());
        } else {
          collectRefs(entry.getValue(), refs);
        }
      });
    } else if (node instanceof JsonArray array) {
      array.forEach(item -> collectRefs(item, refs));
    }
  }
}
