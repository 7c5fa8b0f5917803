package org.fieldreadings.plugins.cayenne;

import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.PluginSettings;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.fieldreadings.plugins.tts.Ports;
import org.fieldreadings.plugins.tts.TtsUplinks;
import org.fieldreadings.plugins.tts.Uplink;
import org.pf4j.Extension;

/**
 * Decodes The Things Stack v3 uplink messages whose {@code frm_payload} is Cayenne LPP (see the README): temperature,
 * humidity, barometer, analog input and illuminance become readings of connector {@code CH<channel>}, GPS the device
 * location. It reads the uplinks of its ports: the plugin setting {@value #PORTS_SETTING}, by default every
 * application port but {@link #WATER_BALANCE_PORT}. The envelope is read by {@link TtsUplinks}: the index of a
 * rejection is the position of the uplink in the payload's array (0 for one object), and its reason gives the byte
 * offset in the LPP payload.
 */
@Extension
public final class CayenneUplinkDecoder implements SupplierDecoder {

  /** The port of the water balance sensors' layout, which the profile-d-lorawan plugin reads. */
  static final int WATER_BALANCE_PORT = 2;

  /** The setting listing the ports of the LPP devices, comma-separated, e.g. {@code 1,3}. */
  static final String PORTS_SETTING = "ports";

  private static final Pattern PORT_LIST = Pattern.compile("\\s*\\d{1,3}\\s*(,\\s*\\d{1,3}\\s*)*");

  /**
   * Lux per W/m² of daylight: LPP illuminance is photometric, the catalog's irradiance radiometric, and the ratio
   * depends on the light's spectrum (about 93 to 127 lm/W for sunlight), so the conversion is approximate.
   */
  static final double LUX_PER_WATT_PER_SQUARE_METRE = 120;

  private static final double MAX_HUMIDITY_PERCENT = 100;

  /** Set by {@link #configure}, before the host hands the decoder to its threads, and not changed after. */
  private Ports ports = Ports.allBut(WATER_BALANCE_PORT);

  @Override
  public Profile profile() {
    return Profile.PROFILE_D;
  }

  @Override
  public void configure(PluginSettings settings) {
    Optional<String> listed = settings.text(PORTS_SETTING);
    if (listed.isPresent()) {
      ports = parse(listed.get(), settings);
    }
  }

  /** The listed ports; the exception names the setting, never its value. */
  private static Ports parse(String listed, PluginSettings settings) {
    if (PORT_LIST.matcher(listed).matches()) {
      try {
        return Ports.only(Arrays.stream(listed.split(",")).map(String::strip).mapToInt(Integer::parseInt).toArray());
      } catch (IllegalArgumentException outsideTheApplicationPorts) {
        // answered below, as a malformed list is
      }
    }
    throw settings.invalid(PORTS_SETTING,
        "a comma-separated list of f_ports from " + Ports.MIN + " to " + Ports.MAX + ", such as 1,3");
  }

  /**
   * Whether the payload is for this decoder, without reading all of it: its first {@code f_port} field (that of the
   * first uplink) is one of its ports. Anything that is not JSON or has no such field is not for this decoder.
   */
  @Override
  public boolean accepts(RawPayload payload) {
    return ports.takeFirstOf(payload);
  }

  @Override
  public String claims() {
    return ports.toString();
  }

  @Override
  public DecodeResult decode(RawPayload payload) {
    return TtsUplinks.decode(payload, ports, "Cayenne LPP", CayenneUplinkDecoder::uplink);
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
