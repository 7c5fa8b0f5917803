package org.fieldreadings.core.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A range partition's bound read from a backup, {@code FOR VALUES FROM ('…') TO ('…')} as PostgreSQL prints a
 * timestamptz range: parsed into two instants, so that the DDL recreating the partition holds only text this
 * class formats, never the file's.
 */
record PartitionBound(Instant from, Instant to) {

  private static final String TIMESTAMP = "'(\\d{4}-\\d{2}-\\d{2}) (\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,6})?)([+-]\\d{2})"
      + "(:\\d{2})?'";
  private static final Pattern BOUND = Pattern.compile("FOR VALUES FROM \\(" + TIMESTAMP + "\\) TO \\(" + TIMESTAMP
      + "\\)");

  /** Parses {@code bound}; throws {@link IllegalArgumentException} unless it is exactly such a range. */
  static PartitionBound parse(String bound) {
    Matcher matcher = BOUND.matcher(bound == null ? "" : bound);
    if (!matcher.matches()) {
      throw new IllegalArgumentException("the backup has a partition bound that is not a range of two timestamps");
    }
    try {
      PartitionBound parsed = new PartitionBound(instant(matcher, 1), instant(matcher, 5));
      if (!parsed.from.isBefore(parsed.to)) {
        throw new IllegalArgumentException("the backup has an empty partition range");
      }
      return parsed;
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("the backup has a partition bound that is not a valid timestamp");
    }
  }

  private static Instant instant(Matcher matcher, int group) {
    String minutes = matcher.group(group + 3) == null ? ":00" : matcher.group(group + 3);
    return OffsetDateTime.parse(matcher.group(group) + "T" + matcher.group(group + 1) + matcher.group(group + 2)
        + minutes).toInstant();
  }

  /** The bound as SQL, from the parsed instants (ISO-8601 in UTC, which PostgreSQL reads as timestamptz). */
  String toSql() {
    return "FOR VALUES FROM ('" + from + "') TO ('" + to + "')";
  }
}
