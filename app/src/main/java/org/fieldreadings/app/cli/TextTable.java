package org.fieldreadings.app.cli;

/**
 * The human output of the listing commands: a header and one line per row, columns padded to fixed widths (the last
 * column is not padded); a missing value shows as {@code -}.
 */
final class TextTable {

  private final String format;
  private final StringBuilder out = new StringBuilder();

  /** {@code widths} of every column but the last, then the header's cells. */
  TextTable(int[] widths, String... header) {
    StringBuilder pattern = new StringBuilder();
    for (int width : widths) {
      pattern.append("%-").append(width).append("s  ");
    }
    format = pattern.append("%s").toString();
    out.append(String.format(format, (Object[]) header));
  }

  TextTable row(Object... cells) {
    Object[] shown = new Object[cells.length];
    for (int i = 0; i < cells.length; i++) {
      shown[i] = cells[i] == null ? "-" : cells[i];
    }
    out.append(System.lineSeparator()).append(String.format(format, shown));
    return this;
  }

  /** A line under the last row, indented (e.g. why a plugin is not started). */
  TextTable note(String text) {
    out.append(System.lineSeparator()).append("  ").append(text);
    return this;
  }

  @Override
  public String toString() {
    return out.toString();
  }
}
