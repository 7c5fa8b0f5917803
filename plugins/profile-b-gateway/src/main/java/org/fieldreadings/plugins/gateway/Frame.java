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
 * @param text the payload the frame was read from
 * @param channelsFrom where the {@code key=value} pairs separated by {@code ;} start in {@code text}
 * @param channelsTo where they end
 */
record Frame(String gateway, Instant at, String source, String text, int channelsFrom, int channelsTo) {

  /** The source field of a frame that carries the gateway's own channels. */
  static final String GATEWAY_ITSELF = "-";

  private static final String PREFIX = "$GWD,";
  /** The {@code *hh} that ends a frame. */
  private static final int CHECKSUM_TAIL = 3;
  private static final String MALFORMED = "not a $GWD frame with 4 fields and a *hh checksum";

  /**
   * Parses and checks the line {@code text[from, to)}, or explains in the exception's message why it is not a frame.
   * The shape is checked by hand rather than by a regular expression, and the line is read where it stands: a
   * payload holds many thousand frames. The gateway, source and time of {@code previous} (null for none) are taken
   * over when they are the same, as they mostly are from one frame to the next, so that a payload's observations
   * share them.
   */
  static Frame parse(String text, int from, int to, Frame previous) throws MalformedFrameException {
    int star = to - CHECKSUM_TAIL;
    if (to - from < PREFIX.length() + CHECKSUM_TAIL || !text.startsWith(PREFIX, from) || text.charAt(star) != '*') {
      throw new MalformedFrameException(MALFORMED);
    }
    // One pass over the characters between '$' and '*': their checksum, the three field ends, and no '*' among the
    // channels (the channels run to the one '*', which is followed by the two hex digits that end the line).
    int actual = 0;
    int afterGateway = -1;
    int afterTime = -1;
    int afterSource = -1;
    for (int i = from + 1; i < star; i++) {
      char c = text.charAt(i);
      actual ^= c;
      if (afterSource >= 0) {
        if (c == '*') {
          throw new MalformedFrameException(MALFORMED);
        }
      } else if (c == ',' && i >= from + PREFIX.length()) {
        if (afterGateway < 0) {
          afterGateway = i;
        } else if (afterTime < 0) {
          afterTime = i;
        } else {
          afterSource = i;
        }
      }
    }
    int high = hexDigit(text.charAt(star + 1));
    int low = hexDigit(text.charAt(star + 2));
    if (afterSource < 0 || high < 0 || low < 0) {
      throw new MalformedFrameException(MALFORMED);
    }
    int expected = high << 4 | low;
    if (expected != actual) {
      throw new MalformedFrameException(
          String.format("checksum %02X does not match the frame (computed %02X)", expected, actual));
    }
    Instant at;
    try {
      long seconds = Long.parseLong(text, afterGateway + 1, afterTime, 10);
      at = previous != null && previous.at.getEpochSecond() == seconds ? previous.at : Instant.ofEpochSecond(seconds);
    } catch (NumberFormatException | DateTimeException e) {
      // DateTimeException: a number of seconds beyond what an Instant holds.
      throw new MalformedFrameException(
          "time '" + text.substring(afterGateway + 1, afterTime) + "' is not epoch seconds");
    }
    String gateway = field(text, from + PREFIX.length(), afterGateway, previous == null ? null : previous.gateway);
    String source = field(text, afterTime + 1, afterSource, previous == null ? null : previous.source);
    return new Frame(gateway, at, source, text, afterSource + 1, star);
  }

  /** {@code text[from, to)}: {@code same} when it holds those characters. */
  private static String field(String text, int from, int to, String same) {
    return same != null && same.length() == to - from && text.startsWith(same, from) ? same : text.substring(from, to);
  }

  /** The value of an ASCII hex digit, or -1. */
  private static int hexDigit(char c) {
    return c >= '0' && c <= '9' ? c - '0'
        : c >= 'A' && c <= 'F' ? c - 'A' + 10
        : c >= 'a' && c <= 'f' ? c - 'a' + 10
        : -1;
  }
}
