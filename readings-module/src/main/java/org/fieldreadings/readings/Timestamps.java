package org.fieldreadings.readings;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.fieldreadings.core.http.FieldError;

/**
 * The one reading of timestamps the service accepts (docs/api.md, "Readings"): an RFC 3339 date-time (an offset
 * is converted to UTC; none means UTC) or a bare date (00:00:00Z), kept to the millisecond, in the years RFC 3339
 * can write (0000 to 9999 UTC). Every date the service is given is read here, so no later arithmetic on days or
 * buckets meets a year beyond them.
 */
public final class Timestamps {

  private static final Pattern OFFSET = Pattern.compile("[+-]\\d{2}:\\d{2}$");

  private static final long NOT_PLAIN = Long.MIN_VALUE;
  /** The first and last instants of RFC 3339's four-digit years. */
  static final Instant EARLIEST = Instant.parse("0000-01-01T00:00:00Z");
  static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");
  private static final long EARLIEST_MILLIS = EARLIEST.toEpochMilli();
  private static final long LATEST_MILLIS = LATEST.toEpochMilli();

  private Timestamps() {}

  /**
   * Parses a timestamp; throws {@link DateTimeParseException} when it is none of the accepted forms. A space
   * where the offset's '+' belongs (an unencoded '+' in a query string) is read as '+'.
   */
  public static Instant parse(String value) {
    long millis = plainUtcMillis(value);
    return millis != NOT_PLAIN ? Instant.ofEpochMilli(millis) : general(value);
  }

  /**
   * As {@link #parse}, in epoch milliseconds (throws {@link ArithmeticException} beyond them); the common form is
   * read without making a string of it.
   */
  public static long parseMillis(CharSequence value) {
    long millis = plainUtcMillis(value);
    if (millis != NOT_PLAIN) {
      return millis;
    }
    return general(value.toString()).toEpochMilli();
  }

  /**
   * A required timestamp query parameter; null, with an error naming {@code parameter} added, when it is missing or
   * none of the accepted forms.
   */
  public static Instant parameter(String value, String parameter, List<FieldError> errors) {
    if (value == null || value.isBlank()) {
      errors.add(new FieldError(parameter, "is required: an RFC 3339 date-time such as 2024-05-01T00:00:00Z"));
      return null;
    }
    try {
      return parse(value);
    } catch (DateTimeParseException e) {
      errors.add(new FieldError(parameter, "'" + value + "' is not an RFC 3339 date-time such as "
          + "2024-05-01T00:00:00Z (or a date such as 2024-05-01) of the years 0000 to 9999"));
      return null;
    }
  }

  /** The forms other than the common one, through java.time's parsers, within RFC 3339's years. */
  private static Instant general(String value) {
    Instant instant = unbounded(value);
    if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
      throw new DateTimeParseException("outside the years 0000 to 9999", value, 0);
    }
    return instant;
  }

  private static Instant unbounded(String value) {
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

  /**
   * The common form {@code YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)} read without java.time's general parser,
   * which costs more than the rest of an imported line; {@link #NOT_PLAIN} for anything else (or out of range),
   * which the general parser then accepts or rejects.
   */
  private static long plainUtcMillis(CharSequence text) {
    int length = text.length();
    if (length < 20 || text.charAt(4) != '-' || text.charAt(7) != '-' || text.charAt(10) != 'T'
        || text.charAt(13) != ':' || text.charAt(16) != ':') {
      return NOT_PLAIN;
    }
    int year = digits(text, 0, 4);
    int month = digits(text, 5, 2);
    int day = digits(text, 8, 2);
    int hour = digits(text, 11, 2);
    int minute = digits(text, 14, 2);
    int second = digits(text, 17, 2);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0
        || minute > 59 || second < 0 || second > 59) {
      return NOT_PLAIN;
    }
    int i = 19;
    int millis = 0;
    if (text.charAt(i) == '.') {
      int start = ++i;
      while (i < length && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
        if (i - start < 3) {
          millis = millis * 10 + (text.charAt(i) - '0');
        }
        i++;
      }
      int fractionDigits = i - start;
      if (fractionDigits == 0 || fractionDigits > 9) {
        return NOT_PLAIN;
      }
      for (int scale = fractionDigits; scale < 3; scale++) {
        millis *= 10;
      }
    }
    int offsetSeconds;
    if (i == length - 1 && text.charAt(i) == 'Z') {
      offsetSeconds = 0;
    } else if (i == length - 6 && (text.charAt(i) == '+' || text.charAt(i) == '-') && text.charAt(i + 3) == ':') {
      int offsetHours = digits(text, i + 1, 2);
      int offsetMinutes = digits(text, i + 4, 2);
      if (offsetHours < 0 || offsetHours > 17 || offsetMinutes < 0 || offsetMinutes > 59) {
        return NOT_PLAIN;
      }
      offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (text.charAt(i) == '-' ? -1 : 1);
    } else {
      return NOT_PLAIN;
    }
    if (day > 28 && day > YearMonth.of(year, month).lengthOfMonth()) {
      return NOT_PLAIN;
    }
    long seconds = epochDay(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds;
    long epochMillis = seconds * 1000 + millis;
    // An offset can carry 0000-01-01 or 9999-12-31 past the years: the general parser then refuses it.
    return epochMillis < EARLIEST_MILLIS || epochMillis > LATEST_MILLIS ? NOT_PLAIN : epochMillis;
  }

  /** Days from 1970-01-01 to a valid date of the proleptic Gregorian calendar (H. Hinnant's days_from_civil). */
  private static long epochDay(int year, int month, int day) {
    int y = month <= 2 ? year - 1 : year;
    int era = Math.floorDiv(y, 400);
    int yearOfEra = y - era * 400;
    int dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146_097L + dayOfEra - 719_468;
  }

  /** The number written by {@code count} decimal digits at {@code start}; -1 if one of them is not a digit. */
  private static int digits(CharSequence text, int start, int count) {
    int value = 0;
    for (int i = start; i < start + count; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }
}
