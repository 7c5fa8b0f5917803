package org.fieldreadings.plugins.lorawan;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.fieldreadings.plugin.api.Units;
import org.fieldreadings.plugins.lorawan.WaterBalancePayload.DepthBalance;
import org.pf4j.Extension;

/**
 * Decodes LoRaWAN uplink messages of water balance sensors as a network server's webhook delivers them: a JSON
 * envelope whose {@code frm_payload} is the sensor's binary payload in base64 (see the README). The payload is one
 * uplink object or an array of them; the index of a rejection is the position in that array (0 for one object).
 */
@Extension
public final class LorawanUplinkDecoder implements SupplierDecoder {

  /** The application port on which the sensor sends its measurements. */
  static final int MEASUREMENT_PORT = 2;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int SHOWN_CHARACTERS = 40;

  @Override
  public Profile profile() {
    return Profile.PROFILE_D;
  }

  @Override
  public DecodeResult decode(RawPayload payload) {
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
        uplink(uplink, index, result);
      } catch (MalformedUplinkException e) {
        result.reject(index, e.getMessage());
      }
      index++;
    }
    return result.build();
  }

  private static void uplink(JsonNode uplink, int index, DecodeResult.Builder result) throws MalformedUplinkException {
    String devEui = text(uplink.path("end_device_ids").path("dev_eui"), "end_device_ids.dev_eui");
    Instant receivedAt = receivedAt(uplink);
    JsonNode message = uplink.path("uplink_message");
    JsonNode port = message.path("f_port");
    if (!port.isIntegralNumber() || !port.canConvertToInt() || port.intValue() != MEASUREMENT_PORT) {
      throw new MalformedUplinkException(
          "f_port " + shown(port) + " is not a measurement uplink (expected " + MEASUREMENT_PORT + ")");
    }
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(text(message.path("frm_payload"), "uplink_message.frm_payload"));
    } catch (IllegalArgumentException e) {
      throw new MalformedUplinkException("uplink_message.frm_payload is not base64");
    }
    WaterBalancePayload measurement = WaterBalancePayload.parse(bytes);

    for (DepthBalance depth : measurement.depths()) {
      if (!hasDepth(depth.depthCm())) {
        result.reject(index, "depth " + depth.depthCm() + " cm is not in the catalog (water balance depths: "
            + Arrays.stream(InterfaceFamily.WATER_ENTRANCE.depthsCm()).mapToObj(String::valueOf)
                .collect(Collectors.joining(", ")) + ")");
        continue;
      }
      result.observe(index, devEui, InterfaceFamily.WATER_ENTRANCE.atDepth(depth.depthCm()), receivedAt,
          depth.entranceHundredthsMm() / 100.0);
      result.observe(index, devEui, InterfaceFamily.WATER_LOSS.atDepth(depth.depthCm()), receivedAt,
          depth.lossHundredthsMm() / 100.0);
    }
    result.observe(index, devEui, InterfaceFamily.BAT.single(), receivedAt,
        Units.millivoltsToVolts(measurement.batteryMillivolts()));
    OptionalDouble bestRssi = StreamSupport.stream(message.path("rx_metadata").spliterator(), false)
        .map(gateway -> gateway.path("rssi"))
        .filter(JsonNode::isNumber)
        .mapToDouble(JsonNode::doubleValue)
        .max();
    bestRssi.ifPresent(rssi -> result.observe(index, devEui, InterfaceFamily.RSSI.single(), receivedAt, rssi));

    JsonNode user = message.path("locations").path("user");
    if (user.path("latitude").isNumber() && user.path("longitude").isNumber()) {
      result.location(index, devEui, user.path("latitude").doubleValue(), user.path("longitude").doubleValue());
    }
  }

  private static boolean hasDepth(int depthCm) {
    return Arrays.stream(InterfaceFamily.WATER_ENTRANCE.depthsCm()).anyMatch(d -> d == depthCm);
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
