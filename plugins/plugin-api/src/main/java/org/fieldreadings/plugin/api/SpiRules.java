package org.fieldreadings.plugin.api;

import java.util.List;
import java.util.function.IntPredicate;

/**
 * The checks behind the SPI's records (docs/api.md: serial and group syntax, the interface catalog).
 * Each throws {@link IllegalArgumentException} with a reason fit for an ingest answer.
 */
final class SpiRules {

  private static final int SERIAL_LENGTH = 64;
  private static final int GROUP_LENGTH = 32;
  private static final int QUOTED_CHARACTERS = 80;

  private SpiRules() {}

  static String serial(String serial) {
    if (!serialSyntax(serial)) {
      throw new IllegalArgumentException(
          "serial " + quoted(serial) + " is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'");
    }
    return serial;
  }

  /** Connector ids are what clients pass as {@code connectorId} of the readings API: the serial syntax. */
  static String connectorId(String connectorId) {
    if (!serialSyntax(connectorId)) {
      throw new IllegalArgumentException("connectorId " + quoted(connectorId)
          + " is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':', '-'");
    }
    return connectorId;
  }

  static String group(String group) {
    if (!groupSyntax(group)) {
      throw new IllegalArgumentException("group " + quoted(group) + " is not 1 to 32 characters of A-Z, 0-9, '_'");
    }
    return group;
  }

  /** Only the catalog's own interfaces pass, so a hand-made {@link SensorInterface} cannot smuggle in a name. */
  static SensorInterface catalogInterface(SensorInterface iface) {
    List<SensorInterface> catalog = InterfaceCatalog.all();
    int position = iface == null ? -1 : iface.position();
    if (position < 0 || position >= catalog.size()
        || catalog.get(position) != iface && !catalog.get(position).equals(iface)) {
      throw new IllegalArgumentException(
          "interface " + (iface == null ? "null" : quoted(iface.name())) + " is not in the catalog");
    }
    return iface;
  }

  static double finite(double value, SensorInterface iface) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("value of " + iface.name() + " is " + value + ", not a finite number");
    }
    return value;
  }

  /*
   * The syntaxes are checked character by character rather than by regular expression: every observation of a
   * payload checks its serial and connector id, and a matcher per check cost more than the rest of the observation.
   */

  /** 1 to 64 characters of {@code [A-Za-z0-9._:-]}. */
  private static boolean serialSyntax(String text) {
    return syntax(text, SERIAL_LENGTH, c -> c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
        || c == '.' || c == '_' || c == ':' || c == '-');
  }

  /** 1 to 32 characters of {@code [A-Z0-9_]}. */
  private static boolean groupSyntax(String text) {
    return syntax(text, GROUP_LENGTH, c -> c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_');
  }

  private static boolean syntax(String text, int maxLength, IntPredicate allowed) {
    if (text == null || text.isEmpty() || text.length() > maxLength) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      if (!allowed.test(text.charAt(i))) {
        return false;
      }
    }
    return true;
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
