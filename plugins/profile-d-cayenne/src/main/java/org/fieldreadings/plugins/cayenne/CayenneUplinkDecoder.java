package org.fieldreadings.plugins.cayenne;

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
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.pf4j.Extension;

/**
 * Decodes The Things Stack v3 uplink messages whose {@code frm_payload} is Cayenne LPP, sent on {@link #LPP_PORT}
 * (see the README): temperature, humidity, barometer, analog input and illuminance become readings of connector
 * {@code CH<channel>}, GPS the device location. The payload is one uplink object or an array of them; the index of
 * a rejection is the position in that array (0 for one object), and its reason gives the byte offset in the LPP
 * payload.
 */
@Extension
public final class CayenneUplinkDecoder implements SupplierDecoder {

  /** The application port on which the devices send Cayenne LPP; port 2 is the water balance sensors' layout. */
  static final int LPP_PORT = 3;

  /**
   * Lux per W/m² of daylight: LPP illuminance is photometric, the catalog's irradiance radiometric, and the ratio
   * depends on the light's spectrum (about 93 to 127 lm/W for sunlight), so the conversion is approximate.
   */
  static final double LUX_PER_WATT_PER_SQUARE_METRE = 120;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int SHOWN_CHARACTERS = 40;
  private static final double MAX_HUMIDITY_PERCENT = 100;

  @Override
  public Profile profile() {
    return Profile.PROFILE_D;
  }

  /**
   * Whether the payload is for this decoder, without reading all of it: its first {@code f_port} field (that of the
   * first uplink) is {@link #LPP_PORT}. Anything that is not JSON or has no such field is not for this decoder.
   */
  public boolean accepts(RawPayload payload) {
    try (JsonParser parser = JSON.createParser(payload.body())) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token == JsonToken.FIELD_NAME && "f_port".equals(parser.currentName())) {
          return parser.nextToken() == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.INT
              && parser.getIntValue() == LPP_PORT;
        }
      }
      return false;
    } catch (IOException e) {
      return false;
    }
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
    if (!port.isIntegralNumber() || !port.canConvertToInt() || port.intValue() != LPP_PORT) {
      throw new MalformedUplinkException(
          "f_port " + shown(port) + " is not a Cayenne LPP uplink (expected " + LPP_PORT + ")");
    }
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(text(message.path("frm_payload"), "uplink_message.frm_payload"));
    } catch (IllegalArgumentException e) {
      throw new MalformedUplinkException("uplink_message.frm_payload is not base64");
    }
    LppPayload lpp = LppPayload.parse(bytes);
    for (LppItem item : lpp.items()) {
      item(item, devEui, receivedAt, index, result);
    }
    lpp.unreadRest().ifPresent(reason -> result.reject(index, reason));
  }

  /** One LPP item as a reading of connector {@code CH<channel>}, the device location, or a rejection. */
  private static void item(LppItem item, String devEui, Instant at, int index, DecodeResult.Builder result) {
    String connector = "CH" + item.channel();
    int raw = item.fields().get(0);
    switch (item.type()) {
      case TEMPERATURE -> result.observe(index, devEui, connector, InterfaceFamily.AIR_TEMP.single(), at, raw / 10.0);
      case HUMIDITY -> {
        double percent = raw / 2.0;
        if (percent > MAX_HUMIDITY_PERCENT) {
          result.reject(index, item.describe() + " is " + percent + " %, above 100 %");
        } else {
          result.observe(index, devEui, connector, InterfaceFamily.AIR_HUM.single(), at, percent);
        }
      }
      case BAROMETER -> result.observe(index, devEui, connector, InterfaceFamily.PRESSURE.single(), at, raw / 10.0);
      case ANALOG_INPUT -> result.observe(index, devEui, connector, InterfaceFamily.BAT.single(), at, raw / 100.0);
      case ILLUMINANCE -> result.observe(index, devEui, connector, InterfaceFamily.SOLAR_IRRADIANCE.single(), at,
          raw / LUX_PER_WATT_PER_SQUARE_METRE);
      case GPS -> result.location(index, devEui, raw / 10_000.0, item.fields().get(1) / 10_000.0);
      default -> result.reject(index, item.describe() + " has no interface in the catalog");
    }
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
