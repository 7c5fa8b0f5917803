package org.fieldreadings.plugins.weather;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.Rejection;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.pf4j.Extension;

/**
 * Decodes a weather station upload: one JSON object per station with its observations in imperial units
 * (see the plugin's README). The index of a rejection is the position in {@code observations}.
 */
@Extension
public final class WeatherStationDecoder implements SupplierDecoder {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int SHOWN_CHARACTERS = 40;

  @Override
  public Profile profile() {
    return Profile.REAL_WEATHER_STATION;
  }

  @Override
  public DecodeResult decode(RawPayload payload) {
    JsonNode upload;
    try {
      upload = JSON.readTree(payload.body());
    } catch (JacksonException e) {
      return DecodeResult.rejected(invalidJson(e));
    } catch (IOException e) {
      return DecodeResult.rejected("unreadable payload: " + e.getMessage());
    }
    if (upload == null || !upload.isObject()) {
      return DecodeResult.rejected("expected a JSON object with stationId and observations");
    }
    JsonNode stationId = upload.path("stationId");
    if (!stationId.isTextual()) {
      return DecodeResult.rejected("stationId is missing or not a string");
    }
    JsonNode observations = upload.path("observations");
    if (!observations.isArray()) {
      return DecodeResult.rejected("observations is missing or not an array");
    }
    String serial = stationId.textValue();
    DecodeResult.Builder result = DecodeResult.builder();
    stationFacts(upload, serial, result);
    for (int index = 0; index < observations.size(); index++) {
      observation(observations.get(index), index, serial, result);
    }
    return result.build();
  }

  private static void stationFacts(JsonNode upload, String serial, DecodeResult.Builder result) {
    JsonNode group = upload.path("group");
    if (group.isTextual()) {
      result.group(Rejection.WHOLE_PAYLOAD, serial, group.textValue());
    }
    JsonNode lat = upload.path("lat");
    JsonNode lon = upload.path("lon");
    if (lat.isNumber() && lon.isNumber()) {
      result.location(Rejection.WHOLE_PAYLOAD, serial, lat.doubleValue(), lon.doubleValue());
    } else if (!lat.isMissingNode() || !lon.isMissingNode()) {
      result.reject(Rejection.WHOLE_PAYLOAD, "lat and lon must both be numbers");
    }
  }

  private static void observation(JsonNode observation, int index, String serial, DecodeResult.Builder result) {
    if (!observation.isObject()) {
      result.reject(index, "expected an observation object");
      return;
    }
    Instant at;
    try {
      at = OffsetDateTime.parse(observation.path("obsTimeUtc").asText()).toInstant();
    } catch (DateTimeParseException e) {
      result.reject(index, "obsTimeUtc is missing or not an ISO-8601 date-time with offset");
      return;
    }
    for (WeatherField field : WeatherField.values()) {
      JsonNode value = observation.path(field.jsonName());
      if (value.isMissingNode() || value.isNull()) {
        continue;
      }
      if (!value.isNumber()) {
        result.reject(index, field.jsonName() + ": expected a number, got " + shown(value));
      } else if (!field.inRange(value.doubleValue())) {
        result.reject(index, field.jsonName() + ": " + shown(value) + " is outside " + field.range());
      } else {
        result.observe(index, serial, field.iface(), at, field.toCatalogUnit(value.doubleValue()));
      }
    }
  }

  /**
   * Why the payload is not JSON, with the line and column when the parser knows them: it does not for a broken
   * limit such as the nesting depth.
   */
  private static String invalidJson(JacksonException e) {
    JsonLocation at = e.getLocation();
    return "not valid JSON" + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
        + ": " + e.getOriginalMessage();
  }

  /** A value as a rejection quotes it: short, whatever the sender put there. */
  private static String shown(JsonNode value) {
    String text = value.isNumber() ? value.asText() : value.toString();
    return text.length() <= SHOWN_CHARACTERS ? text : text.substring(0, SHOWN_CHARACTERS) + "...";
  }
}
