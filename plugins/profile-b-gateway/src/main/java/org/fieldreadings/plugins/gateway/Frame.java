package org.fieldreadings.plugins.gateway;

import java.time.DateTimeException;
import java.time.Instant;

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

  private static final String PREFIX = "$GWD,";
  /** The {@code *hh} that ends a frame. */
  private static final int CHECKSUM_TAIL = 3;
  private static final String MALFORMED = "not a $GWD frame with 4 fields and a *hh checksum";

  /**
   * Parses and checks one line, or explains in the exception's message why it is not a frame. The shape is checked
   * by hand rather than by a regular expression: a payload holds many thousand frames.
   */
  static Frame parse(String line) throws MalformedFrameException {
    int star = line.length() - CHECKSUM_TAIL;
    int afterGateway = line.indexOf(',', PREFIX.length());
    int afterTime = afterGateway < 0 ? -1 : line.indexOf(',', afterGateway + 1);
    int afterSource = afterTime < 0 ? -1 : line.indexOf(',', afterTime + 1);
    // The channels run to the one '*', which is followed by the two hex digits that end the line.
    if (!line.startsWith(PREFIX) || afterSource < 0 || afterSource >= star || line.charAt(star) != '*'
        || line.indexOf('*', afterSource + 1) != star) {
      throw new MalformedFrameException(MALFORMED);
    }
    int high = hexDigit(line.charAt(star + 1));
    int low = hexDigit(line.charAt(star + 2));
    if (high < 0 || low < 0) {
      throw new MalformedFrameException(MALFORMED);
    }
    int expected = high << 4 | low;
    int actual = 0;
    for (int i = 1; i < star; i++) {
      actual ^= line.charAt(i);
    }
    if (expected != actual) {
      throw new MalformedFrameException(
          String.format("checksum %02X does not match the frame (computed %02X)", expected, actual));
    }
    String time = line.substring(afterGateway + 1, afterTime);
    Instant at;
    try {
      at = Instant.ofEpochSecond(Long.parseLong(time));
    } catch (NumberFormatException | DateTimeException e) {
      // DateTimeException: a number of seconds beyond what an Instant holds.
      throw new MalformedFrameException("time '" + time + "' is not epoch seconds");
    }
    return new Frame(line.substring(PREFIX.length(), afterGateway), at, line.substring(afterTime + 1, afterSource),
        line.substring(afterSource + 1, star));
  }

  /** The value of an ASCII hex digit, or -1. */
  private static int hexDigit(char c) {
    return c >= '0' && c <= '9' ? c - '0'
        : c >= 'A' && c <= 'F' ? c - 'A' + 10
        : c >= 'a' && c <= 'f' ? c - 'a' + 10
        : -1;
  }
}
