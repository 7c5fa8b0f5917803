package org.fieldreadings.core.text;

/**
 * Instants written as {@link java.time.Instant#toString()} writes them ({@code 2025-01-01T00:15:00Z},
 * {@code 2025-01-01T00:15:00.250Z}) for the years 0000 to 9999 the service stores, without the formatter's objects:
 * answers write tens of thousands of timestamps. An instance remembers the last day it wrote, which the next
 * timestamps of a series mostly share; it is for one thread.
 */
public final class InstantText {

  private static final long MILLIS_PER_DAY = 86_400_000L;

  /** The last day written, and its text up to the time ({@code 2025-01-01T}). */
  private long day = Long.MIN_VALUE;
  private final char[] date = new char[11];
  private final char[] time = new char[13];

  public static String of(long epochMillis) {
    StringBuilder out = new StringBuilder(24);
    new InstantText().append(out, epochMillis);
    return out.toString();
  }

  public void append(StringBuilder out, long epochMillis) {
    long day = Math.floorDiv(epochMillis, MILLIS_PER_DAY);
    if (day != this.day) {
      date(day);
      this.day = day;
    }
    int millisOfDay = (int) (epochMillis - day * MILLIS_PER_DAY);
    int seconds = millisOfDay / 1000;
    int millis = millisOfDay % 1000;
    two(time, 0, seconds / 3600);
    time[2] = ':';
    two(time, 3, seconds / 60 % 60);
    time[5] = ':';
    two(time, 6, seconds % 60);
    int length = 8;
    if (millis != 0) {
      time[8] = '.';
      time[9] = (char) ('0' + millis / 100);
      two(time, 10, millis % 100);
      length = 12;
    }
    time[length++] = 'Z';
    out.append(date).append(time, 0, length);
  }

  /** The civil date of a day count (counted from 0000-03-01 in 400-year eras of 146,097 days). */
  private void date(long day) {
    long shifted = day + 719_468;
    long era = Math.floorDiv(shifted, 146_097);
    long dayOfEra = shifted - era * 146_097;
    long yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
    long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    long monthFromMarch = (5 * dayOfYear + 2) / 153;
    int dayOfMonth = (int) (dayOfYear - (153 * monthFromMarch + 2) / 5 + 1);
    int month = (int) (monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9);
    long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    if (year < 0 || year > 9999) {
      throw new IllegalArgumentException("Outside the years 0000 to 9999: day " + day);
    }
    two(date, 0, (int) year / 100);
    two(date, 2, (int) year % 100);
    date[4] = '-';
    two(date, 5, month);
    date[7] = '-';
    two(date, 8, dayOfMonth);
    date[10] = 'T';
  }

  private static void two(char[] into, int at, int value) {
    into[at] = (char) ('0' + value / 10);
    into[at + 1] = (char) ('0' + value % 10);
  }
}
