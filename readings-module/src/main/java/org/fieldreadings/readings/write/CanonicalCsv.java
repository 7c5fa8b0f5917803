package org.fieldreadings.readings.write;

import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fieldreadings.core.catalog.InterfaceNames;
import org.fieldreadings.core.http.DeviceRef;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.ShortDecimal;
import org.fieldreadings.readings.Timestamps;

/**
 * The canonical CSV (docs/operations.md), the plugin-free format for backfills: a header naming the six columns
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
  /** The previous good line's cells and what they were read as: files list a series' readings together. */
  private String[] previous = new String[COLUMNS.size()];
  private DeviceRef previousDevice;
  private SensorInterface previousInterface;

  private CanonicalCsv(List<String> header) {
    for (int i = 0; i < COLUMNS.size(); i++) {
      index[i] = header.indexOf(COLUMNS.get(i));
    }
  }

  /** The reader of a header line; empty when the header lacks one of the columns. */
  static Optional<CanonicalCsv> fromHeader(String line) {
    List<String> header = Arrays.asList(split(line));
    return header.containsAll(COLUMNS) ? Optional.of(new CanonicalCsv(header)) : Optional.empty();
  }

  /**
   * A line's reading; throws {@link IllegalArgumentException} with a reason for a bad line, a timestamp outside the
   * bounds included.
   */
  Reading parse(String line, AcceptedWindow.Bounds bounds) {
    String[] cells = split(line);
    String[] value = new String[COLUMNS.size()];
    for (int i = 0; i < index.length; i++) {
      if (index[i] >= cells.length) {
        throw new IllegalArgumentException("expected " + COLUMNS.size() + " columns, found " + cells.length);
      }
      value[i] = cells[index[i]];
    }
    DeviceRef device = value[0].equals(previous[0]) && value[1].equals(previous[1]) ? previousDevice
        : device(value[0], value[1]);
    String connector = value[2].equals(previous[2]) ? previous[2] : connector(value[2]);
    SensorInterface iface = value[3].equals(previous[3]) ? previousInterface : iface(value[3]);
    Reading reading = new Reading(device, connector, iface, timestamp(value[4], bounds), number(value[5]));
    previous = value;
    previous[2] = connector;
    previousDevice = device;
    previousInterface = iface;
    return reading;
  }

  private DeviceRef device(String profileName, String serial) {
    Profile profile = Profile.parse(profileName).orElseThrow(() -> new IllegalArgumentException(
        "profile '" + profileName + "' is not one of " + Profile.allowedValues()));
    if (!DeviceRef.isIdentifier(serial)) {
      throw new IllegalArgumentException("serial " + DeviceRef.IDENTIFIER_RULE);
    }
    return device(profile, serial);
  }

  private String connector(String connectorId) {
    if (!DeviceRef.isIdentifier(connectorId)) {
      throw new IllegalArgumentException("connectorId " + DeviceRef.IDENTIFIER_RULE);
    }
    return remembered(connectors, connectorId, connectorId);
  }

  private static SensorInterface iface(String name) {
    return InterfaceCatalog.byName(name).orElseThrow(() -> new IllegalArgumentException(
        InterfaceNames.unknown(List.of(name))));
  }

  private static double number(String text) {
    double number;
    try {
      number = ShortDecimal.parse(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("value '" + text + "' is not a number");
    }
    if (!Double.isFinite(number)) {
      throw new IllegalArgumentException("value must be a finite number");
    }
    return number;
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

  private static long timestamp(String text, AcceptedWindow.Bounds bounds) {
    long millis;
    try {
      millis = isDigits(text) ? Long.parseLong(text) : Timestamps.parse(text).toEpochMilli();
    } catch (DateTimeParseException | NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException("timestamp '" + text + "' is neither RFC 3339 nor epoch milliseconds");
    }
    if (!bounds.contains(millis)) {
      throw new IllegalArgumentException("timestamp '" + text + "' is outside the accepted window: " + bounds.rule());
    }
    return millis;
  }

  private static boolean isDigits(String text) {
    if (text.isEmpty()) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      if (!Character.isDigit(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** The comma-separated cells of a line, each trimmed and without the double quotes around it, if any. */
  private static String[] split(String line) {
    int count = 1;
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == ',') {
        count++;
      }
    }
    String[] cells = new String[count];
    int start = 0;
    for (int i = 0; i < count; i++) {
      int end = i == count - 1 ? line.length() : line.indexOf(',', start);
      cells[i] = cell(line, start, end);
      start = end + 1;
    }
    return cells;
  }

  /** The cell in {@code [start, end)} of a line: trimmed, then unquoted and trimmed inside the quotes. */
  private static String cell(String line, int start, int end) {
    int from = trimStart(line, start, end);
    int to = trimEnd(line, from, end);
    if (to - from >= 2 && line.charAt(from) == '"' && line.charAt(to - 1) == '"') {
      from = trimStart(line, from + 1, to - 1);
      to = trimEnd(line, from, to - 1);
    }
    return line.substring(from, to);
  }

  /** As {@link String#trim}: characters up to the space are blanks. */
  private static int trimStart(String line, int start, int end) {
    while (start < end && line.charAt(start) <= ' ') {
      start++;
    }
    return start;
  }

  private static int trimEnd(String line, int start, int end) {
    while (end > start && line.charAt(end - 1) <= ' ') {
      end--;
    }
    return end;
  }
}
