package org.fieldreadings.plugin.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.plugin.api.PluginTestKit.format;

import org.junit.jupiter.api.Test;

class UnitsTest {

  @Test
  void conversionsUseTheExactFactors() {
    assertThat(format(Units.fahrenheitToCelsius(32))).isEqualTo("0");
    assertThat(format(Units.fahrenheitToCelsius(212))).isEqualTo("100");
    assertThat(format(Units.fahrenheitToCelsius(-40))).isEqualTo("-40");
    assertThat(format(Units.milesPerHourToMetresPerSecond(10))).isEqualTo("4.4704");
    assertThat(format(Units.inchesToMillimetres(1))).isEqualTo("25.4");
    assertThat(format(Units.inchesOfMercuryToHectopascals(29.92))).isEqualTo("1013.207589");
    assertThat(format(Units.litresToCubicMetres(1500))).isEqualTo("1.5");
    assertThat(format(Units.litresPerSecondToCubicMetresPerHour(1))).isEqualTo("3.6");
    assertThat(format(Units.litresPerMinuteToCubicMetresPerHour(100))).isEqualTo("6");
    assertThat(format(Units.millivoltsToVolts(3650))).isEqualTo("3.65");
    assertThat(format(Units.microsiemensPerCentimetreToDecisiemensPerMetre(450))).isEqualTo("0.45");
  }

  @Test
  void spiVersionIsSemantic() {
    assertThat(SpiVersion.CURRENT).matches("\\d+\\.\\d+\\.\\d+");
    // A plugin compiled against this SPI may use what its minor version added.
    assertThat(SpiVersion.PLUGIN_REQUIRES).isEqualTo("^" + SpiVersion.CURRENT.replaceAll("\\.\\d+$", ".0"));
  }
}
