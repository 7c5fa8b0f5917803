package org.fieldreadings.plugins.lorawan;

import java.time.Instant;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.fieldreadings.plugin.api.Units;
import org.fieldreadings.plugins.lorawan.WaterBalancePayload.DepthBalance;
import org.fieldreadings.plugins.tts.MalformedUplinkException;
import org.fieldreadings.plugins.tts.Ports;
import org.fieldreadings.plugins.tts.TtsUplinks;
import org.fieldreadings.plugins.tts.Uplink;
import org.pf4j.Extension;

/**
 * Decodes LoRaWAN uplink messages of water balance sensors as a network server's webhook delivers them: a JSON
 * envelope whose {@code frm_payload} is the sensor's binary payload in base64 (see the README), read by
 * {@link TtsUplinks}: the index of a rejection is the position of the uplink in the payload's array (0 for one
 * object).
 */
@Extension
public final class LorawanUplinkDecoder implements SupplierDecoder {

  /** The application port on which the sensor sends its measurements, the only one this decoder reads. */
  static final Ports MEASUREMENT_PORT = Ports.only(2);

  @Override
  public Profile profile() {
    return Profile.PROFILE_D;
  }

  /**
   * Only uplinks on the measurement port, judged by the first {@code f_port} of the payload: the other ports are
   * other formats (Cayenne LPP, often on port 1), for the other decoders of the profile.
   */
  @Override
  public boolean accepts(RawPayload payload) {
    return MEASUREMENT_PORT.takeFirstOf(payload);
  }

  @Override
  public String claims() {
    return MEASUREMENT_PORT.toString();
  }

  @Override
  public DecodeResult decode(RawPayload payload) {
    return TtsUplinks.decode(payload, MEASUREMENT_PORT, "measurement", LorawanUplinkDecoder::uplink);
  }

  private static void uplink(Uplink uplink, int index, DecodeResult.Builder result) throws MalformedUplinkException {
    String devEui = uplink.devEui();
    Instant receivedAt = uplink.receivedAt();
    WaterBalancePayload measurement = WaterBalancePayload.parse(uplink.frmPayload());

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
    uplink.bestRssi().ifPresent(rssi -> result.observe(index, devEui, InterfaceFamily.RSSI.single(), receivedAt, rssi));
    uplink.location().ifPresent(at -> result.location(index, devEui, at.latitude(), at.longitude()));
  }

  private static boolean hasDepth(int depthCm) {
    return Arrays.stream(InterfaceFamily.WATER_ENTRANCE.depthsCm()).anyMatch(d -> d == depthCm);
  }
}
