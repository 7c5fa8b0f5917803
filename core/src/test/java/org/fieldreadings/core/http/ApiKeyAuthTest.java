package org.fieldreadings.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ApiKeyAuthTest {

  @Test
  void theKeyFollowsTheSchemeWordAndOneSpace() {
    assertThat(ApiKeyAuth.keyOf("ApiKey abc-DEF_123")).isEqualTo("abc-DEF_123");
  }

  @Test
  void theSchemeWordMatchesInAnyCase() {
    assertThat(ApiKeyAuth.keyOf("apikey k")).isEqualTo("k");
    assertThat(ApiKeyAuth.keyOf("APIKEY k")).isEqualTo("k");
  }

  @Test
  void malformedHeadersHaveNoKey() {
    for (String header : new String[] {null, "", "ApiKey", "ApiKey ", "ApiKey  k", "ApiKey\tk", "ApiKeyk",
        "Bearer k", "ApiKey k l", "ApiKey k\t", " ApiKey k", "ApiKez k", "ApiKe k"}) {
      assertThat(ApiKeyAuth.keyOf(header)).as("%s", header).isNull();
    }
  }

  @Test
  void onlyBase64urlOfAtLeast32BytesCanBeAKey() {
    assertThat(ApiKeyAuth.plausible("A".repeat(42) + "_")).isTrue();
    assertThat(ApiKeyAuth.plausible("a-Z_09".repeat(8))).isTrue();
    assertThat(ApiKeyAuth.plausible("A".repeat(42))).isFalse();
    assertThat(ApiKeyAuth.plausible("A".repeat(42) + "=")).isFalse();
    assertThat(ApiKeyAuth.plausible("A".repeat(42) + "+")).isFalse();
    assertThat(ApiKeyAuth.plausible("A".repeat(42) + "é")).isFalse();
    assertThat(ApiKeyAuth.plausible("A".repeat(257))).isFalse();
  }
}
