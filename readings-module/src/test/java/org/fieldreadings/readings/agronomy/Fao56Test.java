package org.fieldreadings.readings.agronomy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The worked examples of FAO Irrigation and Drainage Paper 56 (Allen et al. 1998, chapters 3 and 4), each
 * intermediate value asserted to the book's figure within the book's rounding (half a unit of its last digit, or
 * one unit where the book carries rounded intermediates into the next step).
 */
class Fao56Test {

  /** Half a unit of the last of {@code decimals} decimals, and a hair for the binary noise. */
  private static Offset<Double> rounding(int decimals) {
    return within(0.5 * Math.pow(10, -decimals) + 1e-9);
  }

  /** One unit of the last decimal: the book rounds intermediates and carries them on. */
  private static Offset<Double> carried(int decimals) {
    return within(Math.pow(10, -decimals) + 1e-9);
  }

  private static double radians(int degrees, int minutes) {
    return Math.toRadians(degrees + minutes / 60.0);
  }

  @Test
  void example1AtmosphericPressureAndPsychrometricConstantAt1800m() {
    double p = Fao56.atmosphericPressure(1800);
    assertThat(p).isCloseTo(81.8, rounding(1));
    assertThat(Fao56.psychrometricConstant(p)).isCloseTo(0.054, rounding(3));
    assertThat(Fao56.altitude(p)).isCloseTo(1800, within(1e-6));
  }

  @Test
  void example3MeanSaturationVapourPressure() {
    assertThat(VapourPressure.saturation(24.5)).isCloseTo(3.075, rounding(3));
    assertThat(VapourPressure.saturation(15)).isCloseTo(1.705, rounding(3));
    assertThat(VapourPressure.meanSaturation(24.5, 15)).isCloseTo(2.39, rounding(2));
  }

  @Test
  void example5ActualVapourPressureFromRelativeHumidityExtremesAndMean() {
    assertThat(VapourPressure.saturation(18)).isCloseTo(2.064, rounding(3));
    assertThat(VapourPressure.saturation(25)).isCloseTo(3.168, rounding(3));
    assertThat(VapourPressure.actualFromExtremes(25, 18, 82, 54)).isCloseTo(1.70, rounding(2));
    assertThat(VapourPressure.actualFromMean(25, 18, 68)).isCloseTo(1.78, rounding(2));
  }

  @Test
  void example8ExtraterrestrialRadiationAt20SouthOn3September() {
    double latitude = Math.toRadians(-20);
    int j = 246;
    assertThat(latitude).isCloseTo(-0.35, rounding(2));
    assertThat(Fao56.inverseRelativeDistance(j)).isCloseTo(0.985, rounding(3));
    double delta = Fao56.solarDeclination(j);
    assertThat(delta).isCloseTo(0.120, rounding(3));
    assertThat(Fao56.sunsetHourAngle(latitude, delta)).isCloseTo(1.527, rounding(3));
    assertThat(Fao56.extraterrestrialRadiation(latitude, j)).isCloseTo(32.2, rounding(1));
  }

  @Test
  void example10ClearSkyRadiationInRioDeJaneiroOn15May() {
    double ra = Fao56.extraterrestrialRadiation(-radians(22, 54), 135);
    assertThat(ra).isCloseTo(25.1, rounding(1));
    assertThat(Fao56.clearSkyRadiation(ra, 0)).isCloseTo(18.8, rounding(1));
  }

  @Test
  void examples11And12NetLongwaveAndNetRadiationInRioDeJaneiroInMay() {
    double rnl = Fao56.netLongwave(25.1, 19.1, 2.1, 14.5, 18.8);
    assertThat(rnl).isCloseTo(3.5, rounding(1));
    double rns = Fao56.netShortwave(14.5);
    // The book carries Rs/Rso rounded to 0.77 and Rns rounded down to 11.1.
    assertThat(rns).isCloseTo(11.1, carried(1));
    assertThat(Fao56.netRadiation(rns, rnl)).isCloseTo(7.6, rounding(1));
  }

  @Test
  void example17ReferenceEvapotranspirationFromDailyDataInBrusselsOn6July() {
    double latitude = radians(50, 48);
    double pressure = Fao56.atmosphericPressure(100);
    // u2 from 10 km/h at 10 m (eq. 47) and Rs from 9.25 hours of sunshine (eq. 35), as the book gives them.
    Fao56.Steps steps = Fao56.daily(new Fao56.Day(21.5, 12.3, 84, 63, 2.078, 22.07, pressure, latitude, 187));
    assertThat(steps.tMean()).isCloseTo(16.9, rounding(1));
    assertThat(steps.slope()).isCloseTo(0.122, rounding(3));
    assertThat(steps.pressure()).isCloseTo(100.1, rounding(1));
    assertThat(steps.gamma()).isCloseTo(0.0666, rounding(4));
    assertThat(steps.es()).isCloseTo(1.997, rounding(3));
    assertThat(steps.ea()).isCloseTo(1.409, rounding(3));
    assertThat(steps.es() - steps.ea()).isCloseTo(0.589, carried(3));
    assertThat(Fao56.inverseRelativeDistance(187)).isCloseTo(0.967, rounding(3));
    assertThat(steps.ra()).isCloseTo(41.09, rounding(2));
    assertThat(steps.rso()).isCloseTo(30.90, rounding(2));
    assertThat(steps.rns()).isCloseTo(16.99, rounding(2));
    assertThat(steps.rnl()).isCloseTo(3.71, rounding(2));
    assertThat(steps.rn()).isCloseTo(13.28, rounding(2));
    assertThat(steps.et0()).isCloseTo(3.9, rounding(1));
  }

  @Test
  void example18ReferenceEvapotranspirationFromMonthlyDataInBangkokInApril() {
    double latitude = radians(13, 44);
    double pressure = Fao56.atmosphericPressure(2);
    double tMean = Fao56.meanTemperature(34.8, 25.6);
    double es = VapourPressure.meanSaturation(34.8, 25.6);
    double slope = VapourPressure.slope(tMean);
    double gamma = Fao56.psychrometricConstant(pressure);
    double ra = Fao56.extraterrestrialRadiation(latitude, 105);
    double rso = Fao56.clearSkyRadiation(ra, 2);
    double rs = 22.65;
    double rnl = Fao56.netLongwave(34.8, 25.6, 2.85, rs, rso);
    double rn = Fao56.netRadiation(Fao56.netShortwave(rs), rnl);
    assertThat(tMean).isCloseTo(30.2, rounding(1));
    assertThat(slope).isCloseTo(0.246, rounding(3));
    assertThat(pressure).isCloseTo(101.3, rounding(1));
    // The book takes P as 101.3 kPa here.
    assertThat(gamma).isCloseTo(0.0674, carried(4));
    assertThat(es).isCloseTo(4.42, rounding(2));
    assertThat(ra).isCloseTo(38.06, rounding(2));
    assertThat(rso).isCloseTo(28.54, rounding(2));
    assertThat(rnl).isCloseTo(3.11, rounding(2));
    assertThat(rn).isCloseTo(14.33, rounding(2));
    // G of the month from the neighbouring months' mean temperatures (eq. 43): 0.14 (30.2 − 29.2).
    double et0 = Fao56.referenceEvapotranspiration(tMean, rn, 0.14, 2, es, 2.85, slope, gamma);
    assertThat(et0).isCloseTo(5.72, rounding(2));
  }

  @Test
  void solarRadiationOfAMeanIrradianceIsItsEnergyOverTheDay() {
    assertThat(Fao56.solarRadiation(250)).isCloseTo(250 * 86_400 / 1e6, within(1e-12));
  }

  @Test
  void polarNightHasNoExtraterrestrialRadiationAndALongwaveLossAtTheCap() {
    double latitude = Math.toRadians(78);
    assertThat(Fao56.extraterrestrialRadiation(latitude, 355)).isCloseTo(0, within(1e-12));
    assertThat(Fao56.netLongwave(-10, -20, 0.2, 0, 0)).isEqualTo(Fao56.netLongwave(-10, -20, 0.2, 5, 5));
  }
}
