package org.fieldreadings.readings.query;

import java.util.List;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.core.text.InstantText;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.core.text.ShortDecimal;

/**
 * How a table of readings is written: the JSON array of docs/api.md or, on {@code Accept: text/csv}, the same
 * table as CSV, of the rows a {@link ReadingsQuery} yields: a column per interface, a value written only where
 * there is one (not NaN). Stored readings are written exactly as stored; aggregates at their interface's resolution
 * ({@link SensorInterface#decimals()}).
 */
interface ReadingsFormat {

  String contentType();

  String begin();

  /** One row, preceded by whatever separates it from the previous one. */
  void row(StringBuilder out, boolean first, ReadingRows rows, int row);

  String end();

  static ReadingsFormat json(List<SensorInterface> interfaces, Aggregation aggregation) {
    return new Json(interfaces, decimals(interfaces, aggregation));
  }

  static ReadingsFormat csv(List<SensorInterface> interfaces, Aggregation aggregation) {
    return new Csv(interfaces, decimals(interfaces, aggregation));
  }

  /** Each interface's resolution for aggregates; none (null) for stored readings, which come back as they went in. */
  private static int[] decimals(List<SensorInterface> interfaces, Aggregation aggregation) {
    return aggregation == Aggregation.NONE ? null : interfaces.stream().mapToInt(SensorInterface::decimals).toArray();
  }

  /** A value exactly as stored, or rounded to {@code decimals[i]} when the table holds aggregates. */
  private static void value(StringBuilder out, double value, int[] decimals, int i) {
    if (decimals == null) {
      ShortDecimal.append(out, value);
    } else {
      ShortDecimal.append(out, value, decimals[i]);
    }
  }

  /** {@code [{"timestamp":1714521600000,"AirTemp":12.5}, ...]}: only the interfaces that have a value. */
  final class Json implements ReadingsFormat {
    /** Each catalog interface's key with its separators, by position: made once, not a request. */
    private static final String[] KEYS = InterfaceCatalog.all().stream().map(i -> ",\"" + i.name() + "\":")
        .toArray(String[]::new);
    private final String[] keys;
    private final int[] decimals;

    Json(List<SensorInterface> interfaces, int[] decimals) {
      keys = new String[interfaces.size()];
      for (int i = 0; i < keys.length; i++) {
        keys[i] = KEYS[interfaces.get(i).position()];
      }
      this.decimals = decimals;
    }

    @Override
    public String contentType() {
      return "application/json";
    }

    @Override
    public String begin() {
      return "[";
    }

    @Override
    public void row(StringBuilder out, boolean first, ReadingRows rows, int row) {
      out.append(first ? "{\"timestamp\":" : ",{\"timestamp\":");
      ShortDecimal.appendWhole(out, rows.timestamp(row));
      for (int i = 0; i < keys.length; i++) {
        double value = rows.value(row, i);
        if (!Double.isNaN(value)) {
          out.append(keys[i]);
          value(out, value, decimals, i);
        }
      }
      out.append('}');
    }

    @Override
    public String end() {
      return "]";
    }
  }

  /** A header {@code timestamp,<interface>...}, RFC 3339 UTC timestamps, empty cells for missing values. */
  final class Csv implements ReadingsFormat {
    private final String header;
    private final int columns;
    private final int[] decimals;
    private final InstantText times = new InstantText();

    Csv(List<SensorInterface> interfaces, int[] decimals) {
      this.columns = interfaces.size();
      this.decimals = decimals;
      StringBuilder header = new StringBuilder("timestamp");
      interfaces.forEach(i -> header.append(',').append(i.name()));
      this.header = header.append("\r\n").toString();
    }

    @Override
    public String contentType() {
      return "text/csv";
    }

    @Override
    public String begin() {
      return header;
    }

    @Override
    public void row(StringBuilder out, boolean first, ReadingRows rows, int row) {
      times.append(out, rows.timestamp(row));
      for (int i = 0; i < columns; i++) {
        out.append(',');
        double value = rows.value(row, i);
        if (!Double.isNaN(value)) {
          value(out, value, decimals, i);
        }
      }
      out.append("\r\n");
    }

    @Override
    public String end() {
      return "";
    }
  }
}
