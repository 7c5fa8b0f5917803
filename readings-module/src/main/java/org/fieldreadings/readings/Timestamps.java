package org.fieldreadings.readings;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one reading of timestamps the service accepts (API-DECISIONS.md "Readings"): an RFC 3339 date-time (an offset
 * is converted to UTC; none means UTC) or a bare date (00:00:00Z), kept to the millisecond.
 */
public final class Timestamps {

  private static final Pattern OFFSET = Pattern.compile("[+-]\\d{2}:\\d{2}$");

  private Timestamps() {}

  /**
   * Parses a timestamp; throws {@link DateTimeParseException} when it is none of the accepted forms. A space
   * where the offset's '+' belongs (an unencoded '+' in a query string) is read as '+'.
   */
  public static Instant parse(String value) {
    String text = value.trim().toUpperCase(Locale.ROOT);
    if (text.length() == 10) {
      return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
    }
    if (text.length() > 10 && text.charAt(10) == ' ') {
      text = text.substring(0, 10) + 'T' + text.substring(11);
    }
    text = text.replace(' ', '+');
    if (text.endsWith("Z") || OFFSET.matcher(text).find()) {
      return OffsetDateTime.parse(text).toInstant().truncatedTo(ChronoUnit.MILLIS);
    }
    return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
  }
}
