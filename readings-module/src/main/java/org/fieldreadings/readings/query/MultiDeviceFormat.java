package org.fieldreadings.readings.query;

/**
 * How a multi-device answer is written around each device's table of the single-device {@link ReadingsFormat}:
 * JSON {@code [{"profile": ..., "serial": ..., "connectorId": ..., "readings": [...]}, ...]}, or one CSV table
 * whose rows lead with {@code profile,serial,connectorId}. Profiles, serials and connector ids are identifiers
 * ({@code [A-Za-z0-9._:-]}), which need neither JSON escaping nor CSV quoting.
 */
final class MultiDeviceFormat {

  private final ReadingsFormat table;
  private final boolean csv;

  private MultiDeviceFormat(ReadingsFormat table, boolean csv) {
    this.table = table;
    this.csv = csv;
  }

  /** The answer to requests that share {@code shared}'s interfaces and aggregation. */
  static MultiDeviceFormat json(ReadingsRequest shared) {
    return new MultiDeviceFormat(ReadingsFormat.json(shared.interfaces(), shared.aggregation()), false);
  }

  static MultiDeviceFormat csv(ReadingsRequest shared) {
    return new MultiDeviceFormat(ReadingsFormat.csv(shared.interfaces(), shared.aggregation()), true);
  }

  String contentType() {
    return table.contentType();
  }

  String begin() {
    return csv ? "profile,serial,connectorId," + table.begin() : "[";
  }

  String end() {
    return csv ? "" : "]";
  }

  /** The format of the table of {@code request}'s device, the {@code index}-th of the answer (from 0). */
  ReadingsFormat of(int index, ReadingsRequest request) {
    String profile = request.device().profile().name();
    String serial = request.device().serial();
    if (csv) {
      return new CsvTable(table, profile + "," + serial + "," + request.connectorId() + ",");
    }
    return new JsonTable(table, (index == 0 ? "{\"profile\":\"" : ",{\"profile\":\"") + profile
        + "\",\"serial\":\"" + serial + "\",\"connectorId\":\"" + request.connectorId() + "\",\"readings\":");
  }

  /** A device's rows, each led by its profile, serial and connector. */
  private record CsvTable(ReadingsFormat table, String lead) implements ReadingsFormat {
    @Override
    public String contentType() {
      return table.contentType();
    }

    @Override
    public String begin() {
      return "";
    }

    @Override
    public void row(StringBuilder out, boolean first, ReadingRows rows, int row) {
      out.append(lead);
      table.row(out, first, rows, row);
    }

    @Override
    public String end() {
      return "";
    }
  }

  /** A device's object: its identity, then its readings exactly as the single-device answer writes them. */
  private record JsonTable(ReadingsFormat table, String head) implements ReadingsFormat {
    @Override
    public String contentType() {
      return table.contentType();
    }

    @Override
    public String begin() {
      return head + table.begin();
    }

    @Override
    public void row(StringBuilder out, boolean first, ReadingRows rows, int row) {
      table.row(out, first, rows, row);
    }

    @Override
    public String end() {
      return table.end() + "}";
    }
  }
}
