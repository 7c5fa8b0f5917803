package org.fieldreadings.plugins.tts;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What one The Things Stack v3 uplink message says beside the device's own bytes: the envelope, read by
 * {@link TtsUplinks}.
 *
 * @param devEui {@code end_device_ids.dev_eui}, the device serial
 * @param receivedAt {@code received_at}, when the network server received the uplink: the readings' timestamp
 * @param frmPayload {@code uplink_message.frm_payload} decoded from base64: the device's payload
 * @param bestRssi the strongest {@code rssi} of {@code uplink_message.rx_metadata} (dBm), empty when no gateway
 *     gave one
 * @param location {@code uplink_message.locations.user}, where the operator placed the device, when it has both
 *     coordinates as numbers
 */
public record Uplink(
    String devEui, Instant receivedAt, byte[] frmPayload, OptionalDouble bestRssi,
    Optional<Coordinates> location) {

  /** A latitude and longitude in degrees, as the envelope gives them (the plugin's builder checks the range). */
  public record Coordinates(double latitude, double longitude) {}
}
