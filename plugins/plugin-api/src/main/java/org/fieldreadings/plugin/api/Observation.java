package org.fieldreadings.plugin.api;

import java.time.Instant;

/**
 * One normalized reading: the value of one interface of one connector of a device at one moment, in the unit of
 * the interface ({@link SensorInterface#unit()}). Every instance is valid: the constructor checks the serial
 * syntax, the connector id, that the interface is the catalog's and that the value is finite, and throws
 * {@link IllegalArgumentException} otherwise ({@link DecodeResult.Builder} turns that into a rejection).
 *
 * @param serial the device serial: 1 to 64 characters of {@code [A-Za-z0-9._:-]}
 * @param connectorId the source of the reading within the device: {@link #ORIGIN} for the device itself, or the
 *     identifier an attached device sent to its gateway (1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-', as serials)
 * @param iface the interface, from {@link InterfaceCatalog} or {@link InterfaceFamily}
 * @param timestamp the moment of the reading (stored with millisecond precision)
 * @param value the value in the unit of the interface
 * @param part the position of the part of the payload it comes from, as for a {@link Rejection}, so that the host
 *     names that part when it refuses the reading (e.g. a timestamp outside the accepted window); set by
 *     {@link DecodeResult.Builder}, {@link Rejection#WHOLE_PAYLOAD} when unknown
 */
public record Observation(
    String serial, String connectorId, SensorInterface iface, Instant timestamp, double value, int part) {

  /** The connector of a device's own channels. */
  public static final String ORIGIN = "ORIGIN";

  public Observation {
    SpiRules.serial(serial);
    SpiRules.connectorId(connectorId);
    SpiRules.catalogInterface(iface);
    if (timestamp == null) {
      throw new IllegalArgumentException("timestamp is missing");
    }
    SpiRules.finite(value, iface);
    if (part < Rejection.WHOLE_PAYLOAD) {
      throw new IllegalArgumentException("part " + part + " is below " + Rejection.WHOLE_PAYLOAD);
    }
  }

  /** A reading from no particular part of the payload ({@link Rejection#WHOLE_PAYLOAD}), as SPI 1.0.0 made it. */
  public Observation(String serial, String connectorId, SensorInterface iface, Instant timestamp, double value) {
    this(serial, connectorId, iface, timestamp, value, Rejection.WHOLE_PAYLOAD);
  }

  /** The timestamp in epoch milliseconds (UTC), as readings are served. */
  public long epochMillis() {
    return timestamp.toEpochMilli();
  }
}
