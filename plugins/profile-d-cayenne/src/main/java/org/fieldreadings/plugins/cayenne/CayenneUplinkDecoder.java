package org.fieldreadings.plugins.cayenne;

import java.time.Instant;
import java.util.OptionalInt;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.fieldreadings.plugins.tts.TtsUplinks;
import org.fieldreadings.plugins.tts.Uplink;
import org.pf4j.Extension;

/**
 * Decodes The Things Stack v3 uplink messages whose {@code frm_payload} is Cayenne LPP, sent on {@link #LPP_PORT}
 * (see the README): temperature, humidity, barometer, analog input and illuminance become readings of connector
 * {@code CH<channel>}, GPS the device location. The envelope is read by {@link TtsUplinks}: the index of a rejection
 * is the position of the uplink in the payload's array (0 for one object), and its reason gives the byte offset in
 * the LPP payload.
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

  private static final double MAX_HUMIDITY_PERCENT = 100;

  @Override
  public Profile profile() {
    return Profile.PROFILE_D;
  }

  /**
   * Whether the payload is for this decoder, without reading all of it: its first {@code f_port} field (that of the
   * first uplink) is {@link #LPP_PORT}. Anything that is not JSON or has no such field is not for this decoder.
   */
  @Override
  public boolean accepts(RawPayload payload) {
    OptionalInt port = TtsUplinks.firstPort(payload);
    return port.isPresent() && port.getAsInt() == LPP_PORT;
  }

  @Override
  public DecodeResult decode(RawPayload payload) {
    return TtsUplinks.decode(payload, LPP_PORT, "Cayenne LPP", CayenneUplinkDecoder::uplink);
  }

  private static void uplink(Uplink uplink, int index, DecodeResult.Builder result) {
    LppPayload lpp = LppPayload.parse(uplink.frmPayload());
    for (LppItem item : lpp.items()) {
      item(item, uplink.devEui(), uplink.receivedAt(), index, result);
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
}
