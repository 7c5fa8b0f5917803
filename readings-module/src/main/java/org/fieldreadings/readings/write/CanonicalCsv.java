package org.fieldreadings.readings.write;

import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
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

  private static final int PROFILE = 0;
  private static final int SERIAL = 1;
  private static final int CONNECTOR = 2;
  private static final int INTERFACE = 3;
  private static final int TIMESTAMP = 4;
  private static final int VALUE = 5;

  private final int[] index = new int[COLUMNS.size()];
  private final Map<String, DeviceRef> devices = new HashMap<>();
  private final Map<String, String> connectors = new HashMap<>();
  private final Cells cells = new Cells();
  /**
   * The previous good line's series cells (profile, serial, connector, interface) as bytes, and what they were read
   * as: files list a series' readings together, so most lines repeat them and are compared, not read again.
   */
  private final byte[][] previous = new byte[INTERFACE + 1][];
  private final int[] previousLength = new int[INTERFACE + 1];
  private DeviceRef previousDevice;
  private String previousConnector;
  private SensorInterface previousInterface;
  private final ByteText text = new ByteText();

  private CanonicalCsv(List<String> header) {
    for (int i = 0; i < COLUMNS.size(); i++) {
      index[i] = header.indexOf(COLUMNS.get(i));
    }
    for (int i = 0; i < previous.length; i++) {
      previous[i] = new byte[64];
    }
  }

  /** The reader of a header line; empty when the header lacks one of the columns. */
  static Optional<CanonicalCsv> fromHeader(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    Cells cells = new Cells();
    List<String> header = new ArrayList<>();
    for (int i = 0, count = cells.split(bytes, 0, bytes.length); i < count; i++) {
      header.add(new String(bytes, cells.start[i], cells.end[i] - cells.start[i], StandardCharsets.UTF_8));
    }
    return header.containsAll(COLUMNS) ? Optional.of(new CanonicalCsv(header)) : Optional.empty();
  }

  /**
   * A line's reading; throws {@link IllegalArgumentException} with a reason for a bad line, a timestamp outside the
   * bounds included.
   */
  Reading parse(String line, AcceptedWindow.Bounds bounds) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    return parse(bytes, 0, bytes.length, bounds);
  }

  /** As {@link #parse(String, AcceptedWindow.Bounds)}, for the UTF-8 line in {@code bytes[start, end)}. */
  Reading parse(byte[] bytes, int start, int end, AcceptedWindow.Bounds bounds) {
    int count = cells.split(bytes, start, end);
    for (int column : index) {
      if (column >= count) {
        throw new IllegalArgumentException("expected " + COLUMNS.size() + " columns, found " + count);
      }
    }
    boolean sameDevice = same(bytes, PROFILE) && same(bytes, SERIAL);
    DeviceRef device = sameDevice ? previousDevice : device(cell(bytes, PROFILE), cell(bytes, SERIAL));
    String connector = same(bytes, CONNECTOR) ? previousConnector : connector(cell(bytes, CONNECTOR));
    SensorInterface iface = same(bytes, INTERFACE) ? previousInterface : iface(cell(bytes, INTERFACE));
    Reading reading = new Reading(device, connector, iface, timestamp(view(bytes, TIMESTAMP), bounds),
        number(view(bytes, VALUE)));
    for (int column = PROFILE; column <= INTERFACE; column++) {
      remember(bytes, column);
    }
    previousDevice = device;
    previousConnector = connector;
    previousInterface = iface;
    return reading;
  }

  /** Whether a series cell of this line is the previous good line's. */
  private boolean same(byte[] bytes, int column) {
    int c = index[column];
    return previousDevice != null && Arrays.equals(bytes, cells.start[c], cells.end[c], previous[column], 0,
        previousLength[column]);
  }

  private void remember(byte[] bytes, int column) {
    int c = index[column];
    int length = cells.end[c] - cells.start[c];
    if (previous[column].length < length) {
      previous[column] = new byte[length];
    }
    System.arraycopy(bytes, cells.start[c], previous[column], 0, length);
    previousLength[column] = length;
  }

  private String cell(byte[] bytes, int column) {
    return view(bytes, column).toString();
  }

  private ByteText view(byte[] bytes, int column) {
    int c = index[column];
    return text.of(bytes, cells.start[c], cells.end[c]);
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

  private static double number(CharSequence text) {
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

  private static long timestamp(CharSequence text, AcceptedWindow.Bounds bounds) {
    long millis;
    try {
      millis = isDigits(text) ? Long.parseLong(text, 0, text.length(), 10) : Timestamps.parseMillis(text);
    } catch (DateTimeParseException | NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException("timestamp '" + text + "' is neither RFC 3339 nor epoch milliseconds");
    }
    if (!bounds.contains(millis)) {
      throw new IllegalArgumentException("timestamp '" + text + "' is outside the accepted window: " + bounds.rule());
    }
    return millis;
  }

  private static boolean isDigits(CharSequence text) {
    if (text.length() == 0) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      if (!Character.isDigit(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** Where each cell of a line starts and ends in its bytes, trimmed and unquoted; reused from line to line. */
  private static final class Cells {
    int[] start = new int[8];
    int[] end = new int[8];

    /**
     * Finds the comma-separated cells of the line in {@code bytes[from, to)}, each trimmed and without the double
     * quotes around it, if any; answers their number.
     */
    int split(byte[] bytes, int from, int to) {
      int count = 0;
      int cellFrom = from;
      for (int i = from; i <= to; i++) {
        if (i == to || bytes[i] == ',') {
          if (count == start.length) {
            start = Arrays.copyOf(start, count * 2);
            end = Arrays.copyOf(end, count * 2);
          }
          int first = trimStart(bytes, cellFrom, i);
          int last = trimEnd(bytes, first, i);
          if (last - first >= 2 && bytes[first] == '"' && bytes[last - 1] == '"') {
            first = trimStart(bytes, first + 1, last - 1);
            last = trimEnd(bytes, first, last - 1);
          }
          start[count] = first;
          end[count] = last;
          count++;
          cellFrom = i + 1;
        }
      }
      return count;
    }

    /** As {@link String#trim}: characters up to the space are blanks (bytes of UTF-8 sequences are none). */
    private static int trimStart(byte[] bytes, int from, int to) {
      while (from < to && bytes[from] >= 0 && bytes[from] <= ' ') {
        from++;
      }
      return from;
    }

    private static int trimEnd(byte[] bytes, int from, int to) {
      while (to > from && bytes[to - 1] >= 0 && bytes[to - 1] <= ' ') {
        to--;
      }
      return to;
    }
  }
}
