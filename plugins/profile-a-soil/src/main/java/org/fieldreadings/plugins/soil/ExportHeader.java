package org.fieldreadings.plugins.soil;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.fieldreadings.plugin.api.InterfaceFamily;

/**
 * The header line of an export: where the serial and timestamp are, and which depth columns map to which
 * interfaces. Columns it cannot map are listed as problems and left out, so the other columns still decode.
 */
final class ExportHeader {

  private static final Pattern DEPTH_COLUMN = Pattern.compile("([a-z]+_)(\\d+)cm");
  private static final int DEPTH_DIGITS = 4;

  private final int columnCount;
  private final int serialPosition;
  private final int timestampPosition;
  private final List<DepthColumn> depthColumns;
  private final List<String> problems;

  private ExportHeader(int columnCount, int serialPosition, int timestampPosition, List<DepthColumn> depthColumns,
      List<String> problems) {
    this.columnCount = columnCount;
    this.serialPosition = serialPosition;
    this.timestampPosition = timestampPosition;
    this.depthColumns = depthColumns;
    this.problems = problems;
  }

  /** Reads a header line; the serial and timestamp columns are required, every other column is optional. */
  static ExportHeader parse(String line) {
    String[] names = line.split(",", -1);
    int serial = -1;
    int timestamp = -1;
    List<DepthColumn> depthColumns = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int position = 0; position < names.length; position++) {
      String name = names[position].strip();
      if (!seen.add(name)) {
        problems.add("column '" + name + "' appears twice; the second is ignored");
      } else if (name.equals("serial")) {
        serial = position;
      } else if (name.equals("timestamp")) {
        timestamp = position;
      } else {
        depthColumn(position, name, problems).ifPresent(depthColumns::add);
      }
    }
    return new ExportHeader(names.length, serial, timestamp, depthColumns, problems);
  }

  private static Optional<DepthColumn> depthColumn(int position, String name, List<String> problems) {
    Matcher matcher = DEPTH_COLUMN.matcher(name);
    ProbeQuantity quantity = matcher.matches() ? quantity(matcher.group(1)) : null;
    if (quantity == null) {
      problems.add("column '" + name + "' is not a probe column (raw_, mm_, temp_ or ec_ and a depth such as 30cm)");
      return Optional.empty();
    }
    InterfaceFamily family = quantity.family();
    String digits = matcher.group(2);
    // More digits than any catalog depth has would not even fit an int.
    int depth = digits.length() > DEPTH_DIGITS ? -1 : Integer.parseInt(digits);
    if (Arrays.stream(family.depthsCm()).noneMatch(d -> d == depth)) {
      problems.add("column '" + name + "': " + family.prefix() + " has no depth " + digits + " cm (depths: "
          + Arrays.stream(family.depthsCm()).mapToObj(String::valueOf).collect(Collectors.joining(", ")) + ")");
      return Optional.empty();
    }
    return Optional.of(new DepthColumn(position, name, family.atDepth(depth), quantity));
  }

  private static ProbeQuantity quantity(String prefix) {
    return Arrays.stream(ProbeQuantity.values()).filter(q -> q.prefix().equals(prefix)).findFirst().orElse(null);
  }

  int columnCount() {
    return columnCount;
  }

  /** What makes the whole export unreadable, if anything. */
  Optional<String> fatalProblem() {
    return serialPosition < 0 || timestampPosition < 0
        ? Optional.of("the header needs a serial and a timestamp column")
        : Optional.empty();
  }

  int serialPosition() {
    return serialPosition;
  }

  int timestampPosition() {
    return timestampPosition;
  }

  List<DepthColumn> depthColumns() {
    return depthColumns;
  }

  /** Columns that were left out, and why. */
  List<String> problems() {
    return problems;
  }
}
