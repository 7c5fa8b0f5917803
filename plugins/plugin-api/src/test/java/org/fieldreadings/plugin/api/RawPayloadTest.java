package org.fieldreadings.plugin.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RawPayloadTest {

  @Test
  void textDropsTheByteOrderMark() {
    RawPayload payload = new RawPayload("\uFEFFa,b".getBytes(StandardCharsets.UTF_8), "text/csv");
    assertThat(payload.text()).isEqualTo("a,b");
  }

  @Test
  void mediaTypeLeavesOutParameters() {
    assertThat(RawPayload.ofText("{}", "Application/JSON; charset=utf-8").mediaType()).isEqualTo("application/json");
    assertThat(RawPayload.ofText("{}", null).contentType()).isEqualTo(RawPayload.OCTET_STREAM);
  }

  @Test
  void equalityComparesTheBytes() {
    assertThat(RawPayload.ofText("x", "text/plain")).isEqualTo(RawPayload.ofText("x", "text/plain"))
        .hasSameHashCodeAs(RawPayload.ofText("x", "text/plain"))
        .hasToString("RawPayload[1 bytes, text/plain]");
  }
}
