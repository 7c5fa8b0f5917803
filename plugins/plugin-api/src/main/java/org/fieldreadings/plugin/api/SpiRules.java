package org.fieldreadings.plugin.api;

import java.util.regex.Pattern;

/**
 * The checks behind the SPI's records (docs/api.md: serial and group syntax, the interface catalog).
 * Each throws {@link IllegalArgumentException} with a reason fit for an ingest answer.
 */
final class SpiRules {

  private static final Pattern SERIAL = Pattern.compile("[A-Za-z0-9._:-]{1,64}");
  private static final Pattern GROUP = Pattern.compile("[A-Z0-9_]{1,32}");
  private static final int QUOTED_CHARACTERS = 80;

  private SpiRules() {}

  static String serial(String serial) {
    if (serial == null || !SERIAL.matcher(serial).matches()) {
      throw new IllegalArgumentException(
          "serial " + quoted(serial) + " is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'");
    }
    return serial;
  }

  /** Connector ids are what clients pass as {@code connectorId} of the readings API: the serial syntax. */
  static String connectorId(String connectorId) {
    if (connectorId == null || !SERIAL.matcher(connectorId).matches()) {
      throw new IllegalArgumentException("connectorId " + quoted(connectorId)
          + " is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'");
    }
    return connectorId;
  }

  static String group(String group) {
    if (group == null || !GROUP.matcher(group).matches()) {
      throw new IllegalArgumentException("group " + quoted(group) + " is not 1 to 32 characters of A-Z, 0-9, '_'");
    }
    return group;
  }

  /** Only the catalog's own instances pass, so a hand-made {@link SensorInterface} cannot smuggle in a name. */
  static SensorInterface catalogInterface(SensorInterface iface) {
    if (iface == null || !InterfaceCatalog.byName(iface.name()).map(iface::equals).orElse(false)) {
      throw new IllegalArgumentException(
          "interface " + (iface == null ? "null" : quoted(iface.name())) + " is not in the catalog");
    }
    return iface;
  }

  static double finite(double value, String what) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(what + " is " + value + ", not a finite number");
    }
    return value;
  }

  /**
   * A value as a reason quotes it: cut short, since a payload can repeat one huge bad value in every part it
   * rejects and the answer lists every rejection.
   */
  static String quoted(String text) {
    if (text == null) {
      return "null";
    }
    return "'" + (text.length() <= QUOTED_CHARACTERS ? text : text.substring(0, QUOTED_CHARACTERS) + "...") + "'";
  }
}
