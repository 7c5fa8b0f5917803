package org.fieldreadings.sta;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.fieldreadings.sta.model.DecimalText;
import org.junit.jupiter.api.Test;

class JsonTextTest {

  @Test
  void separatesMembersAndElementsAtEveryDepth() {
    JsonText out = new JsonText(new StringBuilder()).beginObject().name("a").number(1).name("b").beginArray().beginObject()
        .name("c").string("x").endObject().beginObject().endObject().number(2).endArray().name("d").value(null)
        .endObject();
    assertThat(out.toString()).isEqualTo("{\"a\":1,\"b\":[{\"c\":\"x\"},{},2],\"d\":null}");
  }

  @Test
  void escapesQuotesBackslashesAndControlCharactersOfText() {
    String text = "a \"quoted\" C:\\path\nline\ttab\u0001 é ☂";
    String written = new JsonText(new StringBuilder()).beginObject().name("t").string(text).endObject().toString();
    assertThat(new JsonObject(written).getString("t")).isEqualTo(text);
    assertThat(written).contains("\\\"quoted\\\"", "C:\\\\path", "\\n", "\\t", "\\u0001");
  }

  @Test
  void writesTimesAsInstantDoesAndDecimalsAsTheirText() {
    String written = new JsonText(new StringBuilder()).beginArray().value(Instant.parse("2025-01-01T00:15:00.250Z"))
        .value(new DecimalText("-0.0")).value(new DecimalText("1.0E-7")).value(42L).endArray().toString();
    assertThat(written).isEqualTo("[\"2025-01-01T00:15:00.250Z\",-0.0,1.0E-7,42]");
  }

  @Test
  void writesATimeWithMicrosecondsWhole() {
    String written = new JsonText(new StringBuilder()).beginArray().value(Instant.parse("2026-11-29T01:02:03.123456Z")).endArray()
        .toString();
    assertThat(written).isEqualTo("[\"2026-11-29T01:02:03.123456Z\"]");
  }

  @Test
  void writesObjectsAndArraysAsVertxDoes() {
    JsonObject point = new JsonObject().put("type", "Point").put("coordinates", new JsonArray().add(-9.1427)
        .add(38.7369));
    String written = new JsonText(new StringBuilder()).beginObject().name("location").value(point).endObject().toString();
    assertThat(written).isEqualTo("{\"location\":" + point.encode() + "}");
  }

  @Test
  void writesALinkAndANavigationLinkFromTheirParts() {
    String prefix = JsonText.escaped("https://host/api/sta/v1.1/Things(");
    String written = new JsonText(new StringBuilder()).beginObject().name("@iot.selfLink").link(prefix, 7, ")")
        .navigationLink(prefix, 7, "Datastreams").endObject().toString();
    assertThat(new JsonObject(written)).isEqualTo(new JsonObject()
        .put("@iot.selfLink", "https://host/api/sta/v1.1/Things(7)")
        .put("Datastreams@iot.navigationLink", "https://host/api/sta/v1.1/Things(7)/Datastreams"));
  }
}
