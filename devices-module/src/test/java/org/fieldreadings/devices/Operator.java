package org.fieldreadings.devices;

import static org.assertj.core.api.Assertions.assertThat;

import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;

/** Test set-up through the admin API, as an operator does it. */
final class Operator {

  private final TestHttp http;

  Operator(TestHttp http) {
    this.http = http;
  }

  Answer putDevice(String profile, String serial, String body) {
    return http.put("/admin/devices/" + profile + "/" + serial, body, "Content-Type", "application/json");
  }

  Answer addSubscription(String profile, String serial, String body) {
    return http.post("/admin/devices/" + profile + "/" + serial + "/subscriptions", body,
        "Content-Type", "application/json");
  }

  Answer assign(String entityId, String profile, String serial) {
    return http.put("/admin/entities/" + entityId + "/devices/" + profile + "/" + serial, null);
  }

  Answer unassign(String entityId, String profile, String serial) {
    return http.delete("/admin/entities/" + entityId + "/devices/" + profile + "/" + serial);
  }

  /** Creates (or updates) the device and associates it with the entity. */
  void give(String entityId, String profile, String serial, String body) {
    assertThat(putDevice(profile, serial, body).status()).isIn(200, 201);
    assertThat(assign(entityId, profile, serial).status()).isEqualTo(204);
  }
}
