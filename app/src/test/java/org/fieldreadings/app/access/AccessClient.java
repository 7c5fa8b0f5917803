package org.fieldreadings.app.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;

/** The calls access tests make, on the public and admin listeners of one server. */
final class AccessClient {

  final TestHttp api;
  final TestHttp admin;
  private final String adminToken;

  AccessClient(int apiPort, int adminPort, String adminToken) {
    this.api = new TestHttp(apiPort);
    this.admin = new TestHttp(adminPort);
    this.adminToken = adminToken;
  }

  String createEntity(String email) {
    Answer answer = admin.post("/admin/entities", new JsonObject().put("email", email).put("name", "Farm " + email)
        .encode(), "Authorization", "Bearer " + adminToken, "Content-Type", "application/json");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
    return answer.json().getString("entityId");
  }

  Answer adminGet(String path) {
    return admin.get(path, "Authorization", "Bearer " + adminToken);
  }

  Answer issueKey(String entityId) {
    return admin.post("/admin/entities/" + entityId + "/key", null, "Authorization", "Bearer " + adminToken);
  }

  Answer requestToken(String email) {
    return api.post("/api/access/token", new JsonObject().put("email", email).encode(),
        "Content-Type", "application/json");
  }

  Answer exchange(String token) {
    return api.post("/api/access?token=" + URLEncoder.encode(token, StandardCharsets.UTF_8), null);
  }

  /** The exchange with the token in a form body, out of the URL that proxies' access logs keep. */
  Answer exchangeInForm(String token) {
    return api.post("/api/access", "token=" + URLEncoder.encode(token, StandardCharsets.UTF_8),
        "Content-Type", "application/x-www-form-urlencoded");
  }

  Answer revoke(String apiKey) {
    return api.delete("/api/access", "Authorization", "ApiKey " + apiKey);
  }

  /** An authenticated read any entity key may make. */
  Answer listDevices(String apiKey) {
    return api.get("/api/devices/serials", "Authorization", "ApiKey " + apiKey);
  }
}
