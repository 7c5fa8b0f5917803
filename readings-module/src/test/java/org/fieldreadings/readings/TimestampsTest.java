package org.fieldreadings.readings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TimestampsTest {

  @Test
  void utcDateTimesReadAsJavaTimeReadsThem() {
    Random random = new Random(42);
    for (int i = 0; i < 20_000; i++) {
      long seconds = random.nextLong(-2_000_000_000L, 8_000_000_000L);
      int nanos = random.nextInt(1_000_000_000);
      int offsetMinutes = random.nextInt(-17 * 60, 17 * 60 + 1);
      OffsetDateTime time = Instant.ofEpochSecond(seconds, nanos)
          .atOffset(ZoneOffset.ofTotalSeconds(offsetMinutes * 60));
      String text = time.toString();
      assertThat(Timestamps.parse(text)).as(text)
          .isEqualTo(OffsetDateTime.parse(text).toInstant().truncatedTo(ChronoUnit.MILLIS));
    }
  }

  @Test
  void everyDayOfTheFourDigitYearsReadsAsJavaTimeReadsIt() {
    for (int year : new int[] {0, 1, 4, 100, 1600, 1900, 1969, 1970, 2000, 2024, 2100, 9999}) {
      for (LocalDate day = LocalDate.of(year, 1, 1); day.getYear() == year; day = day.plusDays(1)) {
        String text = day + "T12:00:00Z";
        assertThat(Timestamps.parse(text)).as(text).isEqualTo(OffsetDateTime.parse(text).toInstant());
      }
    }
  }

  @Test
  void fractionsOfOneToNineDigitsAreKeptToTheMillisecond() {
    assertThat(Timestamps.parse("2024-05-01T10:00:00.5Z")).isEqualTo(Instant.parse("2024-05-01T10:00:00.500Z"));
    assertThat(Timestamps.parse("2024-05-01T10:00:00.12Z")).isEqualTo(Instant.parse("2024-05-01T10:00:00.120Z"));
    assertThat(Timestamps.parse("2024-05-01T10:00:00.123456789+02:00"))
        .isEqualTo(Instant.parse("2024-05-01T08:00:00.123Z"));
    assertThat(Timestamps.parse("1969-12-31T23:59:59.9990Z")).isEqualTo(Instant.ofEpochMilli(-1));
  }

  @Test
  void otherAcceptedFormsStillParse() {
    assertThat(Timestamps.parse("2024-05-01")).isEqualTo(Instant.parse("2024-05-01T00:00:00Z"));
    assertThat(Timestamps.parse("2024-05-01T10:00:00")).isEqualTo(Instant.parse("2024-05-01T10:00:00Z"));
    assertThat(Timestamps.parse("2024-05-01t10:00:00z")).isEqualTo(Instant.parse("2024-05-01T10:00:00Z"));
    assertThat(Timestamps.parse("2024-05-01 10:00:00Z")).isEqualTo(Instant.parse("2024-05-01T10:00:00Z"));
    assertThat(Timestamps.parse("2024-05-01T10:00:00 02:00")).isEqualTo(Instant.parse("2024-05-01T08:00:00Z"));
    assertThat(Timestamps.parse("2024-05-01T10:00Z")).isEqualTo(Instant.parse("2024-05-01T10:00:00Z"));
  }

  @Test
  void impossibleDatesAndTimesAreRejected() {
    for (String text : new String[] {"2023-02-29T00:00:00Z", "2024-04-31T00:00:00Z", "2024-13-01T00:00:00Z",
        "2024-05-01T24:00:00Z", "2024-05-01T10:60:00Z", "2024-05-01T10:00:61Z", "2024-05-01T10:00:00+25:00",
        "2024-05-01T10:00:00.1234567890Z", "2024-05-01T10:00:00ZZ", "2024-5-01T10:00:00Z",
        "yesterday"}) {
      assertThatThrownBy(() -> Timestamps.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
    }
    assertThat(Timestamps.parse("2024-02-29T00:00:00Z")).isEqualTo(Instant.parse("2024-02-29T00:00:00Z"));
  }

  @Test
  void yearsBeyondFourDigitsAreRejectedHoweverWritten() {
    for (String text : new String[] {"+9999999-01-01T00:00:00Z", "-9999999-01-01T00:00:00Z", "+10000-01-01",
        "-0001-12-31T23:59:59Z", "9999-12-31T23:59:59-00:01", "0000-01-01T00:00:00+00:01",
        "+999999999-12-31T23:59:59.999999999Z"}) {
      assertThatThrownBy(() -> Timestamps.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
      assertThatThrownBy(() -> Timestamps.parseMillis(text)).as(text).isInstanceOf(DateTimeParseException.class);
    }
    assertThat(Timestamps.parse("0000-01-01T00:00:00Z")).isEqualTo(Timestamps.EARLIEST);
    assertThat(Timestamps.parse("9999-12-31T23:59:59.999Z")).isEqualTo(Timestamps.LATEST);
    assertThat(Timestamps.parse("9999-12-31T23:59:59.999+00:01"))
        .isEqualTo(Instant.parse("9999-12-31T23:58:59.999Z"));
  }

  @Test
  void onlyAsciiDigitsAreDigits() {
    // U+0661..U+0663, Arabic-Indic one to three, are digits to Character.isDigit
    for (String text : new String[] {"2024-05-01T10:00:00.\u0661\u0662\u0663Z", "\u0662024-05-01T10:00:00Z",
        "2024-05-01T10:00:00.1\u0662Z", "2024-05-0\u0661"}) {
      assertThatThrownBy(() -> Timestamps.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
    }
  }
}
