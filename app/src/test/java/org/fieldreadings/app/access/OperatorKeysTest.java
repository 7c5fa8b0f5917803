package org.fieldreadings.app.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.app.cli.FieldReadingsCommand;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Support revokes an entity's key and lists and revokes ingest keys ({@code /admin}, {@code key}, {@code ingest-key}). */
class OperatorKeysTest {

  @TempDir
  static Path dataDir;

  private static DatabaseUrl database;
  private static FieldReadingsServer server;
  private static AccessClient client;
  private static TestHttp admin;
  private static TestHttp api;
  private static String bearer;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeAll
  static void start() throws Exception {
    database = TestPostgres.newDatabase();
    server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of("FR_DATABASE_URL", database.toConfigValue())));
    bearer = "Bearer " + Files.readString(dataDir.resolve("admin.token"));
    client = new AccessClient(server.httpPort(), server.adminPort(), Files.readString(dataDir.resolve("admin.token")));
    admin = new TestHttp(server.adminPort());
    api = new TestHttp(server.httpPort());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private int run(String... args) {
    CommandLine commandLine = FieldReadingsCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    String[] all = java.util.Arrays.copyOf(args, args.length + 2);
    all[args.length] = "--data-dir";
    all[args.length + 1] = dataDir.toString();
    return commandLine.execute(all);
  }

  private static String ingestKey(String profile) {
    Answer created = admin.post("/admin/ingest-keys", "{\"profile\": \"" + profile + "\"}", "Authorization", bearer,
        "Content-Type", "application/json");
    assertThat(created.status()).isEqualTo(201);
    return created.json().getString("ingestKey");
  }

  private static int ingestStatus(String key) {
    return api.post("/api/ingest/PROFILE_B", "", "Authorization", "ApiKey " + key, "Content-Type", "text/plain")
        .status();
  }

  @Test
  void revokingAnEntitysKeyIsRefusedFromTheNextRequestAndIdempotent() {
    String entityId = client.createEntity("revoked-by-support@example.com");
    String apiKey = client.issueKey(entityId).json().getString("apiKey");
    assertThat(client.listDevices(apiKey).status()).isEqualTo(200);

    Answer revoked = admin.delete("/admin/entities/" + entityId + "/key", "Authorization", bearer);

    assertThat(revoked.status()).isEqualTo(204);
    assertThat(client.listDevices(apiKey).status()).isEqualTo(401);
    assertThat(admin.delete("/admin/entities/" + entityId + "/key", "Authorization", bearer).status())
        .isEqualTo(204);
    assertThat(client.adminGet("/admin/entities").array().stream().map(e -> (JsonObject) e)
        .filter(e -> e.getString("entityId").equals(entityId)).findFirst().orElseThrow().getString("keyStatus"))
        .isEqualTo("REVOKED");
  }

  @Test
  void revokingTheKeyOfAnUnknownEntityIs404AndOfAnEntityWithoutKeyIs409() {
    Answer unknown = admin.delete("/admin/entities/nobody/key", "Authorization", bearer);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.header("Content-Type")).isEqualTo("application/problem+json");

    String entityId = client.createEntity("keyless@example.com");
    Answer keyless = admin.delete("/admin/entities/" + entityId + "/key", "Authorization", bearer);
    assertThat(keyless.status()).isEqualTo(409);
    assertThat(keyless.json().getString("detail")).isEqualTo("Entity " + entityId + " has no API key to revoke.");
  }

  @Test
  void ingestKeysAreListedByPrefixNeverWhole() {
    String key = ingestKey("PROFILE_C");

    Answer list = admin.get("/admin/ingest-keys", "Authorization", bearer);

    assertThat(list.status()).isEqualTo(200);
    assertThat(list.body()).doesNotContain(key);
    JsonObject listed = list.array().stream().map(k -> (JsonObject) k)
        .filter(k -> key.startsWith(k.getString("prefix"))).findFirst().orElseThrow();
    assertThat(listed.getString("prefix")).hasSize(8);
    assertThat(listed.getString("profile")).isEqualTo("PROFILE_C");
    assertThat(listed.getLong("createdAt")).isCloseTo(System.currentTimeMillis(),
        org.assertj.core.data.Offset.offset(60_000L));
  }

  @Test
  void aRevokedIngestKeyIsRefusedFromTheNextRequestWhileOthersKeepWorking() {
    String revoked = ingestKey("PROFILE_B");
    String kept = ingestKey("PROFILE_B");
    assertThat(ingestStatus(revoked)).isNotEqualTo(401);

    Answer answer = admin.delete("/admin/ingest-keys/" + revoked.substring(0, 8), "Authorization", bearer);

    assertThat(answer.status()).isEqualTo(204);
    assertThat(ingestStatus(revoked)).isEqualTo(401);
    assertThat(ingestStatus(kept)).isNotEqualTo(401);
    assertThat(admin.get("/admin/ingest-keys", "Authorization", bearer).array().stream()
        .map(k -> ((JsonObject) k).getString("prefix"))).doesNotContain(revoked.substring(0, 8));
  }

  @Test
  void anUnknownPrefixIs404AMalformedOneIs400AndAnAmbiguousOneIs409() {
    assertThat(admin.delete("/admin/ingest-keys/ZZZZZZZZ", "Authorization", bearer).status()).isEqualTo(404);
    Answer malformed = admin.delete("/admin/ingest-keys/short", "Authorization", bearer);
    assertThat(malformed.status()).isEqualTo(400);
    assertThat(malformed.json().getJsonArray("errors").getJsonObject(0).getString("parameter")).isEqualTo("prefix");

    TestPostgres.execute(database, "INSERT INTO access.ingest_key (lookup_digest, profile, prefix) VALUES "
        + "(decode(repeat('01', 32), 'hex'), 'PROFILE_A', 'Twin0000'), "
        + "(decode(repeat('02', 32), 'hex'), 'PROFILE_A', 'Twin0000')");
    Answer ambiguous = admin.delete("/admin/ingest-keys/Twin0000", "Authorization", bearer);
    assertThat(ambiguous.status()).isEqualTo(409);
    assertThat(ambiguous.json().getString("detail")).isEqualTo("Several ingest keys start with Twin0000; none was revoked.");
  }

  @Test
  void keyRevokeAndIngestKeyCommands() {
    String entityId = client.createEntity("cli-revoke@example.com");
    client.issueKey(entityId);
    assertThat(run("key", "revoke", "--entity", entityId)).isZero();
    assertThat(out.toString().trim()).isEqualTo("API key of entity " + entityId + " revoked");

    String key = ingestKey("PROFILE_D");
    out.getBuffer().setLength(0);
    assertThat(run("ingest-key", "list")).isZero();
    assertThat(out.toString().lines().findFirst().orElseThrow()).isEqualTo("PREFIX    PROFILE               "
        + "CREATED                   ENTITY                                LOCATION  DEVICES");
    assertThat(out.toString()).contains(key.substring(0, 8) + "  PROFILE_D").doesNotContain(key);
    assertThat(out.toString().lines().filter(line -> line.startsWith(key.substring(0, 8))).findFirst().orElseThrow())
        .endsWith("  -                                     -         0/10000");

    out.getBuffer().setLength(0);
    assertThat(run("ingest-key", "revoke", "--prefix", key.substring(0, 8))).isZero();
    assertThat(out.toString().trim()).isEqualTo("ingest key " + key.substring(0, 8) + " revoked");
    assertThat(new JsonArray(admin.get("/admin/ingest-keys", "Authorization", bearer).body()).stream()
        .map(k -> ((JsonObject) k).getString("prefix"))).doesNotContain(key.substring(0, 8));
  }
}
