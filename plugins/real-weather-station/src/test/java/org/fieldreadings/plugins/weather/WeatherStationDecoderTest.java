package org.fieldreadings.plugins.weather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeResource;
import static org.fieldreadings.plugin.api.PluginTestKit.decodeText;
import static org.fieldreadings.plugin.api.PluginTestKit.devices;
import static org.fieldreadings.plugin.api.PluginTestKit.expectedResource;
import static org.fieldreadings.plugin.api.PluginTestKit.readings;
import static org.fieldreadings.plugin.api.PluginTestKit.rejections;

import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.junit.jupiter.api.Test;

class WeatherStationDecoderTest {

  private final WeatherStationDecoder decoder = new WeatherStationDecoder();

  @Test
  void decodesTheSampleUploadWithEveryConversion() {
    DecodeResult result = decodeResource(decoder, "/station-upload.json", "application/json");
    assertThat(decoder.profile()).isEqualTo(Profile.REAL_WEATHER_STATION);
    assertThat(readings(result))
        .containsExactlyElementsOf(expectedResource(getClass(), "/station-upload.readings.txt"));
    assertThat(devices(result)).containsExactly("WS-LIS-0042 group=AIR location=38.7369,-9.1427");
    assertThat(rejections(result)).isEmpty();
  }

  @Test
  void badFieldsRejectOnlyTheirObservation() {
    DecodeResult result = decodeText(decoder, """
        {"stationId": "WS-1", "observations": [
          {"obsTimeUtc": "2024-05-01T10:00:00Z", "tempF": "hot", "humidity": 140, "uv": 3},
          {"obsTimeUtc": "yesterday", "tempF": 50},
          42,
          {"obsTimeUtc": "2024-05-01T10:05:00Z", "tempF": 50}
        ]}""", "application/json");
    assertThat(readings(result)).containsExactly(
        "WS-1 ORIGIN UltraViolet 2024-05-01T10:00:00Z 3",
        "WS-1 ORIGIN AirTemp 2024-05-01T10:05:00Z 10");
    assertThat(rejections(result)).containsExactly(
        "#0 tempF: expected a number, got \"hot\"",
        "#0 humidity: 140 is outside 0..100",
        "#1 obsTimeUtc is missing or not an ISO-8601 date-time with offset",
        "#2 expected an observation object");
  }

  @Test
  void anUnusableEnvelopeRejectsTheWholePayload() {
    assertThat(rejections(decodeText(decoder, "{\"stationId\": \"WS-1\", \"observations\": [", "application/json")))
        .singleElement().asString().startsWith("#-1 not valid JSON at line 1, column 40: Unexpected end-of-input");
    assertThat(rejections(decodeText(decoder, "", "application/json")))
        .containsExactly("#-1 expected a JSON object with stationId and observations");
    assertThat(rejections(decodeText(decoder, "{\"observations\": []}", "application/json")))
        .containsExactly("#-1 stationId is missing or not a string");
    assertThat(rejections(decodeText(decoder, "{\"stationId\": \"WS-1\"}", "application/json")))
        .containsExactly("#-1 observations is missing or not an array");
    assertThat(rejections(decodeText(decoder,
        "{\"stationId\": \"bad id\", \"observations\": [{\"obsTimeUtc\": \"2024-05-01T10:00:00Z\", \"uv\": 1}]}",
        "application/json")))
        .containsExactly("#0 serial 'bad id' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'");
  }

  @Test
  void badStationFactsAreRejectedButReadingsKept() {
    DecodeResult result = decodeText(decoder, """
        {"stationId": "WS-1", "group": "air", "lat": 95, "lon": 0,
         "observations": [{"obsTimeUtc": "2024-05-01T10:00:00Z", "uv": 1}]}""", "application/json");
    assertThat(readings(result)).containsExactly("WS-1 ORIGIN UltraViolet 2024-05-01T10:00:00Z 1");
    assertThat(rejections(result)).containsExactly(
        "#-1 group 'air' is not 1 to 32 characters of A-Z, 0-9, '_'", "#-1 latitude 95.0 is outside -90..90");
  }

  @Test
  void jsonNestedDeeperThanTheParserAllowsRejectsTheWholePayload() {
    String deep = "[".repeat(1001) + "]".repeat(1001);
    assertThat(rejections(decodeText(decoder, deep, "application/json"))).singleElement().asString()
        .startsWith("#-1 not valid JSON: ").contains("nesting depth");
    String deepObservation = "{\"stationId\": \"WS-1\", \"observations\": [" + "{\"a\":".repeat(1001) + "1"
        + "}".repeat(1001) + "]}";
    assertThat(rejections(decodeText(decoder, deepObservation, "application/json"))).singleElement().asString()
        .startsWith("#-1 not valid JSON: ").contains("nesting depth");
  }

  @Test
  void wrongShapesAreRejectionsNeverExceptions() {
    for (String odd : new String[] {"null", "[]", "[{}]", "42", "\"text\"", "true",
        "{\"stationId\": null, \"observations\": []}",
        "{\"stationId\": [\"WS-1\"], \"observations\": []}",
        "{\"stationId\": {\"id\": \"WS-1\"}, \"observations\": []}",
        "{\"stationId\": \"WS-1\", \"observations\": null}",
        "{\"stationId\": \"WS-1\", \"observations\": {\"0\": {}}}"}) {
      DecodeResult result = decodeText(decoder, odd, "application/json");
      assertThat(result.observations()).as(odd).isEmpty();
      assertThat(rejections(result)).as(odd).singleElement().asString().startsWith("#-1 ");
    }
  }

  @Test
  void oddValuesInsideAnObservationRejectOnlyThatObservation() {
    DecodeResult result = decodeText(decoder, """
        {"stationId": "WS-1", "group": ["AIR"], "lat": null, "lon": {"x": 1},
         "observations": [
          null,
          [],
          {"obsTimeUtc": null, "uv": 1},
          {"obsTimeUtc": ["2024-05-01T10:00:00Z"], "uv": 1},
          {"obsTimeUtc": "2024-05-01T10:00:00Z", "uv": [1], "tempF": {"v": 1}, "humidity": true},
          {"obsTimeUtc": "2024-05-01T10:00:00Z", "tempF": 1e400, "uv": 123456789012345678901234567890},
          {"obsTimeUtc": "2024-05-01T10:00:00Z", "uv": null, "tempF": 50}
        ]}""", "application/json");
    assertThat(readings(result)).containsExactly("WS-1 ORIGIN AirTemp 2024-05-01T10:00:00Z 10");
    assertThat(rejections(result)).containsExactly(
        "#-1 lat and lon must both be numbers",
        "#0 expected an observation object",
        "#1 expected an observation object",
        "#2 obsTimeUtc is missing or not an ISO-8601 date-time with offset",
        "#3 obsTimeUtc is missing or not an ISO-8601 date-time with offset",
        "#4 tempF: expected a number, got {\"v\":1}",
        "#4 humidity: expected a number, got true",
        "#4 uv: expected a number, got [1]",
        "#5 tempF: Infinity is outside -80..150",
        "#5 uv: 123456789012345678901234567890 is outside 0..20");
  }

  @Test
  void aHugeValueIsQuotedShortInItsRejection() {
    String huge = "x".repeat(100_000);
    DecodeResult result = decodeText(decoder, "{\"stationId\": \"WS-1\", \"observations\": [{\"obsTimeUtc\": "
        + "\"2024-05-01T10:00:00Z\", \"uv\": \"" + huge + "\"}]}", "application/json");
    assertThat(rejections(result)).containsExactly(
        "#0 uv: expected a number, got \"" + "x".repeat(39) + "...");
  }
}
