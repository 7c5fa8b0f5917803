package org.fieldreadings.plugins.soil;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.pf4j.Extension;

/**
 * Decodes a soil-moisture probe logger export: CSV with one column per quantity and depth (see the plugin's
 * README). The index of a rejection is the zero-based line number: 0 is the header, n the n-th data line.
 */
@Extension
public final class SoilProbeDecoder implements SupplierDecoder {

  private static final DateTimeFormatter LOGGER_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");
  private static final int HEADER = 0;
  private static final int LONGEST_NUMBER = 40;

  @Override
  public Profile profile() {
    return Profile.PROFILE_A;
  }

  @Override
  public DecodeResult decode(RawPayload payload) {
    String[] lines = payload.text().split("\r?\n", -1);
    ExportHeader header = ExportHeader.parse(lines[HEADER]);
    Optional<String> fatal = header.fatalProblem();
    if (fatal.isPresent()) {
      return DecodeResult.rejected(fatal.get());
    }
    DecodeResult.Builder result = DecodeResult.builder();
    header.problems().forEach(problem -> result.reject(HEADER, problem));
    for (int index = HEADER + 1; index < lines.length; index++) {
      if (!lines[index].isBlank()) {
        dataLine(lines[index], index, header, result);
      }
    }
    return result.build();
  }

  private static void dataLine(String line, int index, ExportHeader header, DecodeResult.Builder result) {
    String[] cells = line.split(",", -1);
    if (cells.length != header.columnCount()) {
      result.reject(index, "expected " + header.columnCount() + " cells, got " + cells.length);
      return;
    }
    String serial = cells[header.serialPosition()].strip();
    String timestamp = cells[header.timestampPosition()].strip();
    Instant at;
    try {
      at = LocalDateTime.parse(timestamp, LOGGER_TIME).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      result.reject(index, "timestamp '" + timestamp + "' is not yyyy-MM-dd HH:mm:ss");
      return;
    }
    for (DepthColumn column : header.depthColumns()) {
      String cell = cells[column.position()].strip();
      if (cell.isEmpty()) {
        continue;
      }
      double value;
      try {
        value = number(cell);
      } catch (NumberFormatException e) {
        result.reject(index, column.name() + ": '" + shown(cell) + "' is not a number");
        continue;
      }
      result.observe(index, serial, column.iface(), at, column.quantity().toCatalogUnit(value));
    }
  }

  /** A cell's number; no sensor value needs more characters, and parsing a million digits takes seconds. */
  private static double number(String cell) {
    if (cell.length() > LONGEST_NUMBER) {
      throw new NumberFormatException();
    }
    return new BigDecimal(cell).doubleValue();
  }

  /** A cell as a rejection quotes it: short, whatever the sender put there. */
  private static String shown(String cell) {
    return cell.length() <= LONGEST_NUMBER ? cell : cell.substring(0, LONGEST_NUMBER) + "...";
  }
}
