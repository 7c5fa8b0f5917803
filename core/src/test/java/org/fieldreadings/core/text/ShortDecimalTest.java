package org.fieldreadings.core.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ShortDecimalTest {

  private static String text(double value) {
    return written(out -> ShortDecimal.append(out, value));
  }

  private static String whole(long value) {
    return written(out -> ShortDecimal.appendWhole(out, value));
  }

  private static String written(Consumer<StringBuilder> append) {
    StringBuilder out = new StringBuilder();
    append.accept(out);
    return out.toString();
  }

  @Test
  void sensorValuesAreWrittenAsDoubleToStringWritesThem() {
    Random random = new Random(7);
    for (int i = 0; i < 200_000; i++) {
      int decimals = random.nextInt(8);
      double value = Math.round(random.nextGaussian() * Math.pow(10, random.nextInt(9) - 2) * Math.pow(10, decimals))
          / Math.pow(10, decimals);
      assertThat(text(value)).as("%s", value).isEqualTo(Double.toString(value));
    }
  }

  @Test
  void edgesOfThePlainRangeZerosAndLongFractionsToo() {
    for (double value : new double[] {0.0, -0.0, 1e-3, 9.99e-4, 1e7, 9_999_999.5, -0.001, 0.1 + 0.2, 1.0 / 3,
        Math.PI, 100, -12.5, 0.05, 1.000001, 1234567.125, Double.MAX_VALUE, 24.124999999999996}) {
      assertThat(text(value)).as("%s", value).isEqualTo(Double.toString(value));
    }
  }

  @Test
  void aValueFinerThanAnyResolutionIsWrittenAsItCameIn() {
    assertThat(text(1.678)).isEqualTo("1.678");
    assertThat(text(2.478)).isEqualTo("2.478");
    assertThat(text(3.3849999)).isEqualTo("3.3849999");
    assertThat(text(0.000123456789)).isEqualTo("1.23456789E-4");
    assertThat(text(-18.123456789)).isEqualTo("-18.123456789");
  }

  @Test
  void theShortestDecimalWhereJdk17WritesADigitTooMany() {
    // JDK 17's Double.toString writes 2.82879384806159008E17 and 4.9E-324 (JDK-4511638).
    assertThat(text(2.82879384806159E17)).isEqualTo("2.82879384806159E17");
    assertThat(text(Double.MIN_VALUE)).isEqualTo("5.0E-324");
  }

  /** The text reads back as exactly the value, and no decimal of one digit fewer does. */
  @Test
  void everyValueIsWrittenAsTheShortestDecimalThatReadsBackAsIt() {
    Random random = new Random(17);
    for (int i = 0; i < 200_000; i++) {
      double value = i % 2 == 0 ? Double.longBitsToDouble(random.nextLong())
          : Math.round(random.nextGaussian() * 1e9) / Math.pow(10, random.nextInt(12));
      if (!Double.isFinite(value) || value == 0) {
        continue;
      }
      String written = text(value);
      assertThat(Double.parseDouble(written)).as(written).isEqualTo(value);
      int digits = new BigDecimal(written).stripTrailingZeros().precision();
      if (digits > 1) {
        double shorter = new BigDecimal(value)
            .round(new MathContext(digits - 1, RoundingMode.HALF_EVEN)).doubleValue();
        assertThat(shorter).as("%s has a shorter form than %s", value, written).isNotEqualTo(value);
      }
    }
  }

  @Test
  void wholeNumbersAreWrittenAsLongToStringWritesThem() {
    Random random = new Random(11);
    for (int i = 0; i < 100_000; i++) {
      long value = random.nextLong() >> random.nextInt(64);
      assertThat(whole(value)).isEqualTo(Long.toString(value));
    }
    for (long value : new long[] {0, 1, -1, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, 1_000_000_000,
        1_000_000_000_000L, 1_718_409_600_000L, 1_000_000_000_000_000_000L - 1, 1_000_000_000_000_000_000L,
        Long.MAX_VALUE, Long.MIN_VALUE, 5_000_000_007L}) {
      assertThat(whole(value)).isEqualTo(Long.toString(value));
    }
  }

  @Test
  void decimalsAreReadAsDoubleParseDoubleReadsThem() {
    Random random = new Random(13);
    for (int i = 0; i < 200_000; i++) {
      int decimals = random.nextInt(10);
      long digits = random.nextLong() % (long) Math.pow(10, 1 + random.nextInt(16));
      String text = Long.toString(digits);
      if (decimals > 0) {
        String unsigned = text.replace("-", "");
        unsigned = "0".repeat(Math.max(0, decimals + 1 - unsigned.length())) + unsigned;
        text = (digits < 0 ? "-" : "") + unsigned.substring(0, unsigned.length() - decimals) + "."
            + unsigned.substring(unsigned.length() - decimals);
      }
      assertThat(ShortDecimal.parse(text)).as(text).isEqualTo(Double.valueOf(Double.parseDouble(text)));
    }
  }

  @Test
  void otherNumbersAreReadByParseDoubleAndNonNumbersRefused() {
    for (String text : new String[] {"-0", "0.0", "-0.000", "1e3", "+1.5", ".5", "5.", "1234567890123456.7",
        "0.1234567890123456789", "NaN", "-Infinity", "0x1p3", "12.5d", " 7 "}) {
      assertThat(ShortDecimal.parse(text)).as(text).isEqualTo(Double.valueOf(Double.parseDouble(text)));
    }
    for (String text : new String[] {"", "-", ".", "-.", "1.2.3", "1,5", "wet", "--1"}) {
      assertThatThrownBy(() -> ShortDecimal.parse(text)).as(text).isInstanceOf(NumberFormatException.class);
    }
  }

  private static String atResolution(double value, int decimals) {
    return written(out -> ShortDecimal.append(out, value, decimals));
  }

  @Test
  void valuesAtAResolutionAreTheShortestDecimalOfTheRoundedValue() {
    assertThat(atResolution(24.124999999999996, 2)).isEqualTo("24.12");
    assertThat(atResolution(3.3849999999999993, 3)).isEqualTo("3.385");
    assertThat(atResolution(0.1 + 0.2, 2)).isEqualTo("0.3");
    assertThat(atResolution(7, 2)).isEqualTo("7.0");
    assertThat(atResolution(12.5, 0)).isEqualTo("13.0");
    assertThat(atResolution(-2.0049999, 2)).isEqualTo("-2.0");
    assertThat(atResolution(-0.001, 2)).isEqualTo("0.0");
    assertThat(atResolution(359.96, 1)).isEqualTo("360.0");
    assertThat(atResolution(123_456_789.123456, 3)).isEqualTo("1.23456789123E8");
  }

  @Test
  void aValueAtAResolutionReadsBackAsTheValueRoundedToIt() {
    Random random = new Random(11);
    for (int i = 0; i < 100_000; i++) {
      int decimals = random.nextInt(4);
      double value = random.nextGaussian() * Math.pow(10, random.nextInt(7) - 1);
      double expected = Math.round(value * Math.pow(10, decimals)) / Math.pow(10, decimals);
      assertThat(Double.parseDouble(atResolution(value, decimals))).as("%s at %d", value, decimals)
          .isEqualTo(expected == 0 ? 0.0 : expected);
    }
  }
}
