package org.fieldreadings.readings.write;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fieldreadings.core.http.DeviceRef;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.Timestamps;

/**
 * The canonical CSV of OPERATIONS.md, the plugin-free format for backfills: a header naming the six columns
 * {@code profile,serial,connectorId,interface,timestamp,value} (in any order), then one reading a line; timestamps
 * RFC 3339 or epoch milliseconds. {@link #parse} turns a line into a reading or says what is wrong with it.
 */
final class CanonicalCsv {

  static final List<String> COLUMNS = List.of("profile", "serial", "connectorId", "interface", "timestamp", "value");

  /** Repeated devices and connectors share one object each, so a batch of readings stays small in memory. */
  private static final int REMEMBERED = 10_000;

  private final int[] index = new int[COLUMNS.size()];
  private final Map<String, DeviceRef> devices = new HashMap<>();
  private final Map<String, String> connectors = new HashMap<>();

  private CanonicalCsv(List<String> header) {
    for (int i = 0; i < COLUMNS.size(); i++) {
      index[i] = header.indexOf(COLUMNS.get(i));
    }
  }

  /** The reader of a header line; empty when the header lacks one of the columns. */
  static Optional<CanonicalCsv> fromHeader(String line) {
    List<String> header = Arrays.stream(split(line)).map(String::trim).toList();
    return header.containsAll(COLUMNS) ? Optional.of(new CanonicalCsv(header)) : Optional.empty();
  }

  /** A line's reading; throws {@link IllegalArgumentException} with a reason for a bad line. */
  Reading parse(String line) {
    String[] cells = split(line);
    String[] value = new String[COLUMNS.size()];
    for (int i = 0; i < index.length; i++) {
      if (index[i] >= cells.length) {
        throw new IllegalArgumentException("expected " + COLUMNS.size() + " columns, found " + cells.length);
      }
      value[i] = cells[index[i]].trim();
    }
    Profile profile = Profile.parse(value[0]).orElseThrow(() -> new IllegalArgumentException(
        "profile '" + value[0] + "' is not one of " + Profile.allowedValues()));
    if (!DeviceRef.isIdentifier(value[1])) {
      throw new IllegalArgumentException("serial " + DeviceRef.IDENTIFIER_RULE);
    }
    if (!DeviceRef.isIdentifier(value[2])) {
      throw new IllegalArgumentException("connectorId " + DeviceRef.IDENTIFIER_RULE);
    }
    SensorInterface iface = InterfaceCatalog.byName(value[3]).orElseThrow(() -> new IllegalArgumentException(
        "interface '" + value[3] + "' is not an interface name of SPEC.md 2.3"));
    double number;
    try {
      number = Double.parseDouble(value[5]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("value '" + value[5] + "' is not a number");
    }
    if (!Double.isFinite(number)) {
      throw new IllegalArgumentException("value must be a finite number");
    }
    return new Reading(device(profile, value[1]), remembered(connectors, value[2], value[2]), iface,
        timestamp(value[4]), number);
  }

  private DeviceRef device(Profile profile, String serial) {
    return remembered(devices, profile.name() + '/' + serial, new DeviceRef(profile, serial));
  }

  private static <T> T remembered(Map<String, T> known, String key, T value) {
    if (known.size() >= REMEMBERED) {
      known.clear();
    }
    T previous = known.putIfAbsent(key, value);
    return previous == null ? value : previous;
  }

  private static long timestamp(String text) {
    if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
      return Long.parseLong(text);
    }
    try {
      Instant instant = Timestamps.parse(text);
      return instant.toEpochMilli();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("timestamp '" + text + "' is neither RFC 3339 nor epoch milliseconds");
    }
  }

  private static String[] split(String line) {
    String[] cells = line.split(",", -1);
    for (int i = 0; i < cells.length; i++) {
      String cell = cells[i].trim();
      if (cell.length() >= 2 && cell.startsWith("\"") && cell.endsWith("\"")) {
        cells[i] = cell.substring(1, cell.length() - 1);
      }
    }
    return cells;
  }
}
