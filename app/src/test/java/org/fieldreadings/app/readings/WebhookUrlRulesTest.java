package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Webhook URLs under the default configuration: {@code https://} only, and never to the server's networks. */
class WebhookUrlRulesTest {

  @RegisterExtension
  static ReadingsFixture fixture = ReadingsFixture.perClass();

  @Test
  void aUrlToALoopbackAddressIs400NamingWhy() {
    assertThat(refusal("https://127.0.0.1:8443/hook")).isEqualTo("its host 127.0.0.1 resolves to a loopback "
        + "address (127.0.0.1), which needs webhooks.allow.private=true");
  }

  @Test
  void aUrlToAPrivateAddressIs400NamingWhy() {
    assertThat(refusal("https://10.0.0.7/hook")).isEqualTo("its host 10.0.0.7 resolves to a private address "
        + "(10.0.0.7), which needs webhooks.allow.private=true");
  }

  @Test
  void aPlainHttpUrlIs400NamingWhy() {
    assertThat(refusal("http://203.0.113.9/hook")).isEqualTo(
        "must be an https:// URL (http:// needs webhooks.allow.http=true)");
  }

  private static String refusal(String url) {
    Answer answer = fixture.api.post("/api/webhooks", new JsonObject().put("url", url)
        .put("events", new JsonArray().add("alert.triggered")).encode(), "Authorization", "ApiKey " + fixture.apiKey,
        "Content-Type", "application/json");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).isEqualTo("application/problem+json");
    JsonObject error = answer.json().getJsonArray("errors").getJsonObject(0);
    assertThat(error.getString("parameter")).isEqualTo("url");
    assertThat(answer.json().getJsonArray("errors")).hasSize(1);
    return error.getString("message");
  }
}
