package org.fieldreadings.readings.write;

import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.catalog.InterfaceNames;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.core.text.ShortDecimal;
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
  /** Whether the series cells are the header's first four, so that a line's first bytes tell its series. */
  private final boolean seriesLead;
  private final Map<String, DeviceRef> devices = new HashMap<>();
  private final Map<String, String> connectors = new HashMap<>();
  private final Cells cells = new Cells();
  /**
   * The previous good line's series cells (profile, serial, connector, interface) as bytes, and what they were read
   * as: files list a series' readings together, so most lines repeat them and are compared, not read again.
   */
  private final byte[][] previous = new byte[INTERFACE + 1][];
  private final int[] previousLength = new int[INTERFACE + 1];
  /**
   * When {@link #seriesLead}, the previous good line up to the comma after its series cells: a line starting with
   * these very bytes has its series, and only the cells after them are split.
   */
  private byte[] previousLead = new byte[128];
  private int previousLeadLength;
  private ReadingSeries previousSeries;
  private final ByteText text = new ByteText();

  private CanonicalCsv(List<String> header) {
    for (int i = 0; i < COLUMNS.size(); i++) {
      index[i] = header.indexOf(COLUMNS.get(i));
    }
    seriesLead = Math.max(Math.max(index[PROFILE], index[SERIAL]), Math.max(index[CONNECTOR], index[INTERFACE]))
        == INTERFACE;
    for (int i = 0; i < previous.length; i++) {
      previous[i] = new byte[64];
    }
  }

  /** The reader of a header line; empty when the header lacks one of the columns. */
  static Optional<CanonicalCsv> fromHeader(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    Cells cells = new Cells();
    List<String> header = new ArrayList<>();
    for (int i = 0, count = cells.split(bytes, 0, bytes.length, 0); i < count; i++) {
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
    ReadingColumns.Builder reading = new ReadingColumns.Builder(1);
    parse(bytes, 0, bytes.length, bounds, reading);
    return reading.build().get(0);
  }

  /**
   * As {@link #parse(String, AcceptedWindow.Bounds)}, for the UTF-8 line in {@code bytes[start, end)}: appends its
   * reading to {@code into}, or throws and appends nothing.
   */
  void parse(byte[] bytes, int start, int end, AcceptedWindow.Bounds bounds, ReadingColumns.Builder into) {
    boolean sameLead = previousSeries != null && seriesLead && end - start > previousLeadLength
        && Arrays.equals(bytes, start, start + previousLeadLength, previousLead, 0, previousLeadLength);
    int count = sameLead ? cells.split(bytes, start + previousLeadLength, end, INTERFACE + 1)
        : cells.split(bytes, start, end, 0);
    for (int column : index) {
      if (column >= count) {
        throw new IllegalArgumentException("expected " + COLUMNS.size() + " columns, found " + count);
      }
    }
    ReadingSeries series = sameLead ? previousSeries : series(bytes);
    into.add(series, timestamp(view(bytes, TIMESTAMP), bounds), number(view(bytes, VALUE)));
    if (!sameLead) {
      for (int column = PROFILE; column <= INTERFACE; column++) {
        remember(bytes, column);
      }
      previousSeries = series;
      rememberLead(bytes, start);
    }
  }

  /** The series of a line whose series cells were split, the previous good line's objects reused where equal. */
  private ReadingSeries series(byte[] bytes) {
    boolean sameDevice = same(bytes, PROFILE) && same(bytes, SERIAL);
    boolean sameConnector = same(bytes, CONNECTOR);
    boolean sameInterface = same(bytes, INTERFACE);
    if (sameDevice && sameConnector && sameInterface) {
      return previousSeries;
    }
    DeviceRef device = sameDevice ? previousSeries.device() : device(cell(bytes, PROFILE), cell(bytes, SERIAL));
    String connector = sameConnector ? previousSeries.connectorId() : connector(cell(bytes, CONNECTOR));
    SensorInterface iface = sameInterface ? previousSeries.iface() : iface(cell(bytes, INTERFACE));
    return new ReadingSeries(device, connector, iface);
  }

  private void rememberLead(byte[] bytes, int start) {
    if (!seriesLead) {
      return;
    }
    int length = cells.after[INTERFACE] - start;
    if (previousLead.length < length) {
      previousLead = new byte[length];
    }
    System.arraycopy(bytes, start, previousLead, 0, length);
    previousLeadLength = length;
  }

  /** Whether a series cell of this line is the previous good line's. */
  private boolean same(byte[] bytes, int column) {
    int c = index[column];
    return previousSeries != null && Arrays.equals(bytes, cells.start[c], cells.end[c], previous[column], 0,
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

  /**
   * Where each cell of a line starts and ends in its bytes, trimmed and unquoted, and where the bytes after its comma
   * start; reused from line to line.
   */
  private static final class Cells {
    int[] start = new int[8];
    int[] end = new int[8];
    int[] after = new int[8];

    /**
     * Finds the comma-separated cells in {@code bytes[from, to)}, each trimmed and without the double quotes around
     * it, if any, as cells {@code first} on of the line (those before are the previous split's); answers the number
     * of cells of the line.
     */
    int split(byte[] bytes, int from, int to, int first) {
      int count = first;
      int cellFrom = from;
      for (int i = from; i <= to; i++) {
        if (i == to || bytes[i] == ',') {
          if (count == start.length) {
            start = Arrays.copyOf(start, count * 2);
            end = Arrays.copyOf(end, count * 2);
            after = Arrays.copyOf(after, count * 2);
          }
          int cellStart = trimStart(bytes, cellFrom, i);
          int last = trimEnd(bytes, cellStart, i);
          if (last - cellStart >= 2 && bytes[cellStart] == '"' && bytes[last - 1] == '"') {
            cellStart = trimStart(bytes, cellStart + 1, last - 1);
            last = trimEnd(bytes, cellStart, last - 1);
          }
          start[count] = cellStart;
          end[count] = last;
          after[count] = i + 1;
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
