package org.fieldreadings.readings.ingest;

import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.core.bus.AccessContract.KeyHolder;
import org.fieldreadings.core.bus.BusFailureException;
import io.vertx.core.Future;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.DevicesContract.IngestScope;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.ModuleHarness;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.plugin.api.SpiVersion;
import org.fieldreadings.readings.ReadingsModule;
import org.fieldreadings.readings.plugins.TestPlugins;
import org.fieldreadings.readings.plugins.fixtures.CsvGatewayDecoder;
import org.fieldreadings.readings.plugins.fixtures.LoopingDecoder;
import org.fieldreadings.readings.plugins.fixtures.ThrowingDecoder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ingest routes of the readings module alone, in front of two broken plugins (PROFILE_A throws, PROFILE_C loops
 * on payload {@code loop}) and a PROFILE_B plugin that accepts {@code text/csv} only: each failure is a clear problem
 * for its payload only, and the module keeps serving.
 * Devices and readings end to end are the application's tests.
 */
@ExpectedFailureLogs
class IngestRoutesTest {

  private static final Map<String, String> PROFILE_BY_KEY =
      Map.of("key-0123456789abcdefghij0123456789abcdefghij-a", "PROFILE_A", "key-0123456789abcdefghij0123456789abcdefghij-b", "PROFILE_B", "key-0123456789abcdefghij0123456789abcdefghij-c", "PROFILE_C", "key-0123456789abcdefghij0123456789abcdefghij-d", "PROFILE_D");

  @TempDir
  static Path pluginsDir;

  private static ModuleHarness harness;

  @BeforeAll
  static void start() throws Exception {
    TestPlugins.folderPlugin(pluginsDir, "throwing", SpiVersion.PLUGIN_REQUIRES, ThrowingDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "looping", SpiVersion.PLUGIN_REQUIRES, LoopingDecoder.class);
    TestPlugins.folderPlugin(pluginsDir, "csv-gateway", SpiVersion.PLUGIN_REQUIRES, CsvGatewayDecoder.class);
    harness = ModuleHarness.start(Map.of("FR_PLUGINS_DIR", pluginsDir.toString(),
        "FR_PLUGINS_DECODE_BUDGET", "PT0.5S", "FR_INGEST_MAX_BYTES", "1024"), new ReadingsModule());
    harness.serve(AccessContract.AUTHENTICATE, key -> {
      String profile = PROFILE_BY_KEY.get(key.value());
      return profile == null
          ? Future.failedFuture(new BusFailureException(BusFailure.UNAUTHORIZED, "unknown key"))
          : Future.succeededFuture(KeyHolder.ingest(Profile.valueOf(profile), new IngestScope(1, null, false)));
    });
  }

  @AfterAll
  static void stop() {
    harness.close();
  }

  private static Answer ingest(String profile, String key, String body) {
    return harness.http().post("/api/ingest/" + profile, body, "Authorization", "ApiKey " + key,
        "Content-Type", "text/plain");
  }

  @Test
  void aPluginThatThrowsIsA502ForThatPayloadWithoutItsStackTrace() {
    Answer answer = ingest("PROFILE_A", "key-0123456789abcdefghij0123456789abcdefghij-a", "serial,timestamp\n");
    assertThat(answer.status()).isEqualTo(502);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getString("title")).isEqualTo("Bad Gateway");
    assertThat(answer.json().getString("detail"))
        .isEqualTo("plugin throwing failed on this payload; the server log has the details");
    assertThat(answer.body()).doesNotContain("IllegalStateException", "row 7", "at org.");
  }

  @Test
  void aPluginThatOverrunsItsBudgetIsA504AndTheProfileKeepsServing() {
    Answer looping = ingest("PROFILE_C", "key-0123456789abcdefghij0123456789abcdefghij-c", "loop");
    assertThat(looping.status()).isEqualTo(504);
    assertThat(looping.json().getString("detail")).isEqualTo("plugin looping did not decode the payload within 500 ms");
    Answer next = ingest("PROFILE_C", "key-0123456789abcdefghij0123456789abcdefghij-c", "thread");
    assertThat(next.status()).isEqualTo(200);
    assertThat(next.json().getJsonArray("rejected").getJsonObject(0).getString("reason")).startsWith("plugin-PROFILE_C-");
  }

  @Test
  void aPayloadWithNothingToStoreAnswersZeroes() {
    Answer answer = ingest("PROFILE_C", "key-0123456789abcdefghij0123456789abcdefghij-c", "");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.json()).isEqualTo(new JsonObject().put("stored", 0).put("duplicates", 0)
        .put("rejectedCount", 0).put("rejected", new JsonArray()).put("warnings", new JsonArray()));
  }

  @Test
  void aProfileWithoutAPluginIsA404ListingThoseThatHaveOne() {
    Answer answer = ingest("PROFILE_D", "key-0123456789abcdefghij0123456789abcdefghij-d", "{}");
    assertThat(answer.status()).isEqualTo(404);
    assertThat(answer.json().getString("detail"))
        .isEqualTo("no plugin decodes PROFILE_D payloads; available: PROFILE_A, PROFILE_B, PROFILE_C");
  }

  @Test
  void aPayloadNoPluginOfItsProfileAcceptsIsA422NamingThePluginsAskedAndAcceptedOnesShowTheirWarnings() {
    Answer answer = ingest("PROFILE_B", "key-0123456789abcdefghij0123456789abcdefghij-b", "$GWD");
    assertThat(answer.status()).isEqualTo(422);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    assertThat(answer.json().getString("detail"))
        .isEqualTo("no PROFILE_B plugin accepts this text/plain payload; asked: csv-gateway (any payload it accepts)");
    Answer csv = harness.http().post("/api/ingest/PROFILE_B", "a,b", "Authorization", "ApiKey key-0123456789abcdefghij0123456789abcdefghij-b",
        "Content-Type", "text/csv");
    assertThat(csv.status()).isEqualTo(200);
    assertThat(csv.json().getJsonArray("rejected").getJsonObject(0).getString("reason"))
        .isEqualTo("decoded by the csv gateway plugin");
    assertThat(csv.json().getJsonArray("warnings"))
        .isEqualTo(new JsonArray().add(new JsonObject().put("index", 0).put("reason", "header line skipped")));
  }

  @Test
  void aKeyOfAnotherProfileGetsTheSame401AsNoKey() {
    Answer otherProfile = ingest("PROFILE_C", "key-0123456789abcdefghij0123456789abcdefghij-a", "thread");
    Answer noKey = harness.http().post("/api/ingest/PROFILE_C", "thread");
    assertThat(otherProfile.status()).isEqualTo(401);
    assertThat(otherProfile.header("WWW-Authenticate")).isEqualTo("ApiKey realm=\"api\"");
    assertThat(otherProfile.body()).isEqualTo(noKey.body());
  }

  @Test
  void anUnknownProfileIsA400() {
    Answer answer = ingest("PROFILE_Z", "key-0123456789abcdefghij0123456789abcdefghij-a", "x");
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors").getJsonObject(0).getString("parameter")).isEqualTo("profile");
  }

  @Test
  void aPayloadOverTheLimitIsA413WhetherAnnouncedOrChunked() {
    String body = "x".repeat(1025);
    Answer announced = ingest("PROFILE_C", "key-0123456789abcdefghij0123456789abcdefghij-c", body);
    assertThat(announced.status()).isEqualTo(413);
    assertThat(announced.json().getString("detail"))
        .isEqualTo("The payload is over the ingest limit of 1024 bytes; send it in smaller parts.");
    Answer chunked = harness.http().send(harness.http().request("/api/ingest/PROFILE_C").POST(
            HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body.getBytes()))),
        "Authorization", "ApiKey key-0123456789abcdefghij0123456789abcdefghij-c");
    assertThat(chunked.status()).isEqualTo(413);
    assertThat(ingest("PROFILE_C", "key-0123456789abcdefghij0123456789abcdefghij-c", "x".repeat(1024)).status()).isEqualTo(200);
  }

  @Test
  void theAdminRouteRunsTheSamePipeline() {
    Answer answer = harness.http().post("/admin/ingest/PROFILE_A", "serial,timestamp\n");
    assertThat(answer.status()).isEqualTo(502);
    assertThat(harness.http().post("/admin/ingest/PROFILE_C", "thread").status()).isEqualTo(200);
  }

  @Test
  void theAdminPluginListShowsWhatTheHostMadeOfEachPlugin() {
    Answer answer = harness.http().get("/admin/plugins");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.array()).isEqualTo(new JsonArray()
        .add(new JsonObject().put("pluginId", "csv-gateway").put("version", "1.0.0").put("profile", "PROFILE_B")
            .put("rank", 1).put("decoder", CsvGatewayDecoder.class.getName()).put("claims", "any payload it accepts")
            .put("state", "STARTED").put("jar", "csv-gateway").putNull("reason"))
        .add(new JsonObject().put("pluginId", "looping").put("version", "1.0.0").put("profile", "PROFILE_C")
            .put("rank", 1).put("decoder", LoopingDecoder.class.getName()).put("claims", "any payload it accepts")
            .put("state", "STARTED").put("jar", "looping").putNull("reason"))
        .add(new JsonObject().put("pluginId", "throwing").put("version", "1.0.0").put("profile", "PROFILE_A")
            .put("rank", 1).put("decoder", ThrowingDecoder.class.getName()).put("claims", "any payload it accepts")
            .put("state", "STARTED").put("jar", "throwing").putNull("reason")));
  }

  @Test
  void aReloadOfAnUnchangedFolderAnswersNothingChangedAndThePluginList() {
    Answer answer = harness.http().post("/admin/plugins/reload", "");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    assertThat(answer.json().fieldNames()).containsExactly("loaded", "unloaded", "replaced", "plugins");
    assertThat(answer.json().getJsonArray("loaded")).isEmpty();
    assertThat(answer.json().getJsonArray("unloaded")).isEmpty();
    assertThat(answer.json().getJsonArray("replaced")).isEmpty();
    assertThat(answer.json().getJsonArray("plugins")).isEqualTo(harness.http().get("/admin/plugins").array());
  }
}
