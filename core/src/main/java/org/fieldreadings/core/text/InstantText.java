package org.fieldreadings.core.text;

/**
 * Instants written as {@link java.time.Instant#toString()} writes them ({@code 2025-01-01T00:15:00Z},
 * {@code 2025-01-01T00:15:00.250Z}) for the years 0000 to 9999 the service stores, without the formatter's objects:
 * answers write tens of thousands of timestamps. An instance keeps the text of the last day it wrote, which the next
 * timestamps of a series mostly share, and of the times of day it wrote last, which a series' regular timestamps
 * repeat every day; it is for one thread.
 */
public final class InstantText {

  private static final long MILLIS_PER_DAY = 86_400_000L;
  /** Times of day kept (a power of two): a series of one reading a minute repeats 1,440 of them. */
  private static final int TIMES_KEPT = 4096;

  /** The last day written, and its text up to the time ({@code 2025-01-01T}). */
  private long day = Long.MIN_VALUE;
  private String date;
  /** Texts of times of day ({@code 00:15:00Z}), each in the slot its millisecond of the day hashes to. */
  private final int[] timeKeys = new int[TIMES_KEPT];
  private final String[] timeTexts = new String[TIMES_KEPT];
  private final char[] chars = new char[13];

  public static String of(long epochMillis) {
    StringBuilder out = new StringBuilder(24);
    new InstantText().append(out, epochMillis);
    return out.toString();
  }

  public void append(StringBuilder out, long epochMillis) {
    long day = Math.floorDiv(epochMillis, MILLIS_PER_DAY);
    if (day != this.day) {
      date = date(day);
      this.day = day;
    }
    int millisOfDay = (int) (epochMillis - day * MILLIS_PER_DAY);
    int slot = (millisOfDay * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(TIMES_KEPT));
    String time = timeTexts[slot];
    if (time == null || timeKeys[slot] != millisOfDay) {
      time = time(millisOfDay);
      timeKeys[slot] = millisOfDay;
      timeTexts[slot] = time;
    }
    out.append(date).append(time);
  }

  private String time(int millisOfDay) {
    int seconds = millisOfDay / 1000;
    int millis = millisOfDay % 1000;
    two(chars, 0, seconds / 3600);
    chars[2] = ':';
    two(chars, 3, seconds / 60 % 60);
    chars[5] = ':';
    two(chars, 6, seconds % 60);
    int length = 8;
    if (millis != 0) {
      chars[8] = '.';
      chars[9] = (char) ('0' + millis / 100);
      two(chars, 10, millis % 100);
      length = 12;
    }
    chars[length++] = 'Z';
    return new String(chars, 0, length);
  }

  /** The civil date of a day count (counted from 0000-03-01 in 400-year eras of 146,097 days). */
  private String date(long day) {
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
    two(chars, 0, (int) year / 100);
    two(chars, 2, (int) year % 100);
    chars[4] = '-';
    two(chars, 5, month);
    chars[7] = '-';
    two(chars, 8, dayOfMonth);
    chars[10] = 'T';
    return new String(chars, 0, 11);
  }

  private static void two(char[] into, int at, int value) {
    into[at] = (char) ('0' + value / 10);
    into[at + 1] = (char) ('0' + value % 10);
  }
}
