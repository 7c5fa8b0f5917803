package org.fieldreadings.plugins.gateway;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One checked frame: {@code $GWD,<gateway>,<epoch seconds>,<source>,<channels>*<checksum>}, where the checksum is
 * the XOR of the characters between {@code $} and {@code *} in two hex digits (as in NMEA 0183).
 *
 * @param gateway the gateway serial
 * @param at when the gateway received the values
 * @param source {@link #GATEWAY_ITSELF} for the gateway's own channels, otherwise the attached device's id
 * @param channels the {@code key=value} pairs separated by {@code ;}
 */
record Frame(String gateway, Instant at, String source, String channels) {

  /** The source field of a frame that carries the gateway's own channels. */
  static final String GATEWAY_ITSELF = "-";

  private static final Pattern SHAPE = Pattern.compile("\\$(GWD,([^,]*),([^,]*),([^,]*),([^*]*))\\*([0-9A-Fa-f]{2})");

  /** Parses and checks one line, or explains in the exception's message why it is not a frame. */
  static Frame parse(String line) throws MalformedFrameException {
    Matcher m = SHAPE.matcher(line);
    if (!m.matches()) {
      throw new MalformedFrameException("not a $GWD frame with 4 fields and a *hh checksum");
    }
    int expected = Integer.parseInt(m.group(6), 16);
    int actual = m.group(1).chars().reduce(0, (a, b) -> a ^ b);
    if (expected != actual) {
      throw new MalformedFrameException(
          String.format("checksum %02X does not match the frame (computed %02X)", expected, actual));
    }
    Instant at;
    try {
      at = Instant.ofEpochSecond(Long.parseLong(m.group(3)));
    } catch (NumberFormatException | DateTimeException e) {
      // DateTimeException: a number of seconds beyond what an Instant holds.
      throw new MalformedFrameException("time '" + m.group(3) + "' is not epoch seconds");
    }
    return new Frame(m.group(2), at, m.group(4), m.group(5));
  }
}
