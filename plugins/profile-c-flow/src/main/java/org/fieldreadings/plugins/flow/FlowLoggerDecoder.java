package org.fieldreadings.plugins.flow;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;
import java.util.regex.Pattern;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.pf4j.Extension;

/**
 * Decodes a flow and pulse logger export: semicolon-separated lines with decimal commas, one value a line (see
 * the plugin's README). The index of a rejection is the zero-based line number: 0 is the header.
 */
@Extension
public final class FlowLoggerDecoder implements SupplierDecoder {

  static final String HEADER = "Logger;Channel;Date;Time;Value;Unit";

  private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("dd.MM.uuuu HH:mm:ss");
  /** Digits with an optional decimal comma: a point could be a thousands separator, so it is refused. */
  private static final Pattern DECIMAL_COMMA = Pattern.compile("-?\\d+(,\\d+)?");
  /** No logger value needs more characters, and parsing a million digits takes seconds. */
  private static final int LONGEST_NUMBER = 40;

  @Override
  public Profile profile() {
    return Profile.PROFILE_C;
  }

  @Override
  public DecodeResult decode(RawPayload payload) {
    String[] lines = payload.text().split("\r?\n", -1);
    if (!lines[0].strip().equalsIgnoreCase(HEADER)) {
      return DecodeResult.rejected("the first line must be the header " + HEADER);
    }
    DecodeResult.Builder result = DecodeResult.builder();
    for (int index = 1; index < lines.length; index++) {
      if (!lines[index].isBlank()) {
        line(lines[index].strip().split(";", -1), index, result);
      }
    }
    return result.build();
  }

  private static void line(String[] cells, int index, DecodeResult.Builder result) {
    if (cells.length != 6) {
      result.reject(index, "expected 6 fields separated by ';', got " + cells.length);
      return;
    }
    String serial = cells[0];
    Optional<LoggerChannel> channel = LoggerChannel.byName(cells[1]);
    if (channel.isEmpty()) {
      result.reject(index, "unknown channel '" + cells[1] + "'");
      return;
    }
    Optional<DoubleUnaryOperator> conversion = channel.get().conversionFrom(cells[5]);
    if (conversion.isEmpty()) {
      result.reject(index, "unit '" + cells[5] + "' does not fit channel " + channel.get()
          + " (expected " + channel.get().units() + ")");
      return;
    }
    Instant at;
    try {
      at = LocalDateTime.parse(cells[2] + " " + cells[3], DATE_TIME).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      result.reject(index, "date and time '" + cells[2] + " " + cells[3] + "' are not dd.MM.yyyy HH:mm:ss");
      return;
    }
    if (cells[4].length() > LONGEST_NUMBER || !DECIMAL_COMMA.matcher(cells[4]).matches()) {
      result.reject(index, "value '" + shown(cells[4]) + "' is not a number with a decimal comma");
      return;
    }
    double value = new BigDecimal(cells[4].replace(',', '.')).doubleValue();
    result.observe(index, serial, channel.get().iface(), at, conversion.get().applyAsDouble(value));
  }

  /** A cell as a rejection quotes it: short, whatever the sender put there. */
  private static String shown(String cell) {
    return cell.length() <= LONGEST_NUMBER ? cell : cell.substring(0, LONGEST_NUMBER) + "...";
  }
}
