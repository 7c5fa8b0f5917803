package org.fieldreadings.plugins.tts;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.stream.StreamSupport;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.RawPayload;

/**
 * Reads The Things Stack v3 uplink webhooks: a JSON payload holding one uplink message object or an array of them,
 * each with the device ids, {@code received_at} and an {@code uplink_message} whose {@code frm_payload} is the
 * device's payload in base64. The index of a rejection is the position in that array (0 for one object). Each
 * plugin that uses it decodes the device's payload of its own {@link Ports}.
 */
public final class TtsUplinks {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int SHOWN_CHARACTERS = 40;

  private TtsUplinks() {}

  /** What a plugin makes of the device's payload of one uplink; a {@link MalformedUplinkException} rejects it. */
  @FunctionalInterface
  public interface PayloadDecoder {
    void decode(Uplink uplink, int index, DecodeResult.Builder result) throws MalformedUplinkException;
  }

  /**
   * Decodes every uplink of a webhook payload sent on one of {@code ports}: the envelope here, the device's payload by
   * {@code decoder}. A payload that is not such JSON is rejected whole; an uplink whose envelope is incomplete, or
   * that was sent on another port, is rejected as {@code "f_port <port> is not a <layout> uplink (expected <ports>)"}.
   */
  public static DecodeResult decode(RawPayload payload, Ports ports, String layout, PayloadDecoder decoder) {
    JsonNode root;
    try {
      root = JSON.readTree(payload.body());
    } catch (JacksonException e) {
      return DecodeResult.rejected(invalidJson(e));
    } catch (IOException e) {
      return DecodeResult.rejected("unreadable payload: " + e.getMessage());
    }
    if (root == null || !(root.isObject() || root.isArray())) {
      return DecodeResult.rejected("expected an uplink message object or an array of them");
    }
    DecodeResult.Builder result = DecodeResult.builder();
    Iterable<JsonNode> uplinks = root.isArray() ? root : List.of(root);
    int index = 0;
    for (JsonNode uplink : uplinks) {
      try {
        decoder.decode(envelope(uplink, ports, layout), index, result);
      } catch (MalformedUplinkException e) {
        result.reject(index, e.getMessage());
      }
      index++;
    }
    return result.build();
  }

  /**
   * The first {@code f_port} of a payload (that of its first uplink) without reading all of it, for a decoder's
   * {@code accepts}; empty when the payload is not JSON or has no integer {@code f_port} there.
   */
  public static OptionalInt firstPort(RawPayload payload) {
    try (JsonParser parser = JSON.createParser(payload.body())) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token == JsonToken.FIELD_NAME && "f_port".equals(parser.currentName())) {
          return parser.nextToken() == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.INT
              ? OptionalInt.of(parser.getIntValue())
              : OptionalInt.empty();
        }
      }
      return OptionalInt.empty();
    } catch (IOException e) {
      return OptionalInt.empty();
    }
  }

  private static Uplink envelope(JsonNode uplink, Ports ports, String layout) throws MalformedUplinkException {
    String devEui = text(uplink.path("end_device_ids").path("dev_eui"), "end_device_ids.dev_eui");
    Instant receivedAt = receivedAt(uplink);
    JsonNode message = uplink.path("uplink_message");
    JsonNode sentOn = message.path("f_port");
    if (!sentOn.isIntegralNumber() || !sentOn.canConvertToInt() || !ports.contains(sentOn.intValue())) {
      throw new MalformedUplinkException(
          "f_port " + shown(sentOn) + " is not a " + layout + " uplink (expected " + ports + ")");
    }
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(text(message.path("frm_payload"), "uplink_message.frm_payload"));
    } catch (IllegalArgumentException e) {
      throw new MalformedUplinkException("uplink_message.frm_payload is not base64");
    }
    OptionalDouble bestRssi = StreamSupport.stream(message.path("rx_metadata").spliterator(), false)
        .map(gateway -> gateway.path("rssi"))
        .filter(JsonNode::isNumber)
        .mapToDouble(JsonNode::doubleValue)
        .max();
    JsonNode user = message.path("locations").path("user");
    Optional<Uplink.Coordinates> location = user.path("latitude").isNumber() && user.path("longitude").isNumber()
        ? Optional.of(new Uplink.Coordinates(user.path("latitude").doubleValue(), user.path("longitude").doubleValue()))
        : Optional.empty();
    return new Uplink(devEui, receivedAt, bytes, bestRssi, location);
  }

  private static Instant receivedAt(JsonNode uplink) throws MalformedUplinkException {
    String text = text(uplink.path("received_at"), "received_at");
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      throw new MalformedUplinkException("received_at '" + cut(text) + "' is not an RFC 3339 date-time");
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
    return value.isMissingNode() ? "missing" : cut(value.toString());
  }

  private static String cut(String text) {
    return text.length() <= SHOWN_CHARACTERS ? text : text.substring(0, SHOWN_CHARACTERS) + "...";
  }

  private static String text(JsonNode node, String name) throws MalformedUplinkException {
    if (!node.isTextual()) {
      throw new MalformedUplinkException(name + " is missing or not a string");
    }
    return node.textValue();
  }
}
