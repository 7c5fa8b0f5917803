package org.fieldreadings.core.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class InstantTextTest {

  private static final long FIRST = Instant.parse("0000-01-01T00:00:00Z").toEpochMilli();
  private static final long LAST = Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli();

  @Test
  void writesWhatInstantWritesAtTheEdgesOfTheYearsAndOfLeapDays() {
    for (String text : new String[] {"0000-01-01T00:00:00Z", "0000-02-29T12:00:00Z", "1969-12-31T23:59:59.999Z",
        "1970-01-01T00:00:00Z", "1970-01-01T00:00:00.001Z", "2000-02-29T00:00:00Z", "2024-02-29T23:59:59.010Z",
        "2025-01-01T00:15:00Z", "2100-03-01T00:00:00.100Z", "9999-12-31T23:59:59.999Z"}) {
      assertThat(InstantText.of(Instant.parse(text).toEpochMilli())).isEqualTo(text);
    }
  }

  @Test
  void writesWhatInstantWritesForAMillionInstantsOfTheYears0000To9999() {
    SplittableRandom random = new SplittableRandom(30);
    for (int i = 0; i < 1_000_000; i++) {
      long millis = random.nextLong(FIRST, LAST + 1);
      long whole = millis - Math.floorMod(millis, 1000);
      assertThat(InstantText.of(millis)).isEqualTo(Instant.ofEpochMilli(millis).toString());
      assertThat(InstantText.of(whole)).isEqualTo(Instant.ofEpochMilli(whole).toString());
    }
  }

  @Test
  void oneWriterWritesWhatInstantWritesWhetherTheDayChangesOrNot() {
    InstantText writer = new InstantText();
    StringBuilder written = new StringBuilder();
    StringBuilder expected = new StringBuilder();
    long start = Instant.parse("2024-02-28T23:00:00Z").toEpochMilli();
    for (long millis = start; millis < start + 3 * 86_400_000L; millis += 449_999) {
      writer.append(written, millis);
      expected.append(Instant.ofEpochMilli(millis));
    }
    writer.append(written, FIRST);
    expected.append(Instant.ofEpochMilli(FIRST));
    assertThat(written.toString()).isEqualTo(expected.toString());
  }

  @Test
  void oneWriterWritesWhatInstantWritesForTimesOfDayThatShareItsKeptTexts() {
    InstantText writer = new InstantText();
    SplittableRandom random = new SplittableRandom(31);
    long start = Instant.parse("2025-01-01T00:00:00Z").toEpochMilli();
    for (int i = 0; i < 200_000; i++) {
      // Minutes of a few days (each kept text written again), and random milliseconds (kept texts replaced).
      long millis = i % 2 == 0 ? start + random.nextLong(0, 5 * 1440) * 60_000 : random.nextLong(FIRST, LAST + 1);
      StringBuilder written = new StringBuilder();
      writer.append(written, millis);
      assertThat(written.toString()).isEqualTo(Instant.ofEpochMilli(millis).toString());
    }
  }

  @Test
  void refusesInstantsOutsideTheYears0000To9999() {
    assertThatThrownBy(() -> InstantText.of(FIRST - 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> InstantText.of(LAST + 1)).isInstanceOf(IllegalArgumentException.class);
  }
}
