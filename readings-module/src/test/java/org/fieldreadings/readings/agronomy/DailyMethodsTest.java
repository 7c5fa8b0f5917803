package org.fieldreadings.readings.agronomy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DailyMethodsTest {

  @Test
  void growingDegreeDaysAverageTheCappedMaximumAndTheFlooredMinimum() {
    assertThat(GrowingDegreeDays.of(25, 15, 10, 30)).isEqualTo(10.0);
    assertThat(GrowingDegreeDays.of(35, 15, 10, 30)).isEqualTo(12.5);
    assertThat(GrowingDegreeDays.of(20, 4, 10, 30)).isEqualTo(5.0);
    assertThat(GrowingDegreeDays.of(9, 2, 10, 30)).isEqualTo(0.0);
  }

  @Test
  void chillHoursCountMeansFromZeroTo7Point2DegreesBothIncluded() {
    assertThat(ChillHours.chills(0)).isTrue();
    assertThat(ChillHours.chills(7.2)).isTrue();
    assertThat(ChillHours.chills(-0.01)).isFalse();
    assertThat(ChillHours.chills(7.21)).isFalse();
  }

  @Test
  void magnusDewPointOfAlduchovAndEskridge() {
    // At saturation the dew point is the temperature; 20 °C at 50 % is 9.26 °C with a = 17.625, b = 243.04.
    assertThat(DewPoint.magnus(20, 100)).isCloseTo(20, within(1e-12));
    assertThat(DewPoint.magnus(20, 50)).isCloseTo(9.26, within(0.005));
    assertThat(DewPoint.magnus(20, 0)).isNaN();
  }

  @Test
  void vapourPressureDeficitIsTheSaturationPressureLessItsRelativeHumidityShare() {
    assertThat(VapourPressure.deficit(25, 60)).isCloseTo(3.168 * 0.4, within(0.0005));
    assertThat(VapourPressure.deficit(25, 100)).isCloseTo(0, within(1e-12));
  }
}
