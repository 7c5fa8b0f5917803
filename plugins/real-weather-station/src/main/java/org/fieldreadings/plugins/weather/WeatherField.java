package org.fieldreadings.plugins.weather;

import java.util.function.DoubleUnaryOperator;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.plugin.api.Units;

/**
 * The numeric fields of one station observation: the supplier's field name and unit, the catalog interface it
 * feeds, the conversion, and the range a working sensor reports (in supplier units), beyond which a value is
 * rejected rather than stored.
 */
enum WeatherField {
  TEMP_F("tempF", InterfaceFamily.AIR_TEMP, Units::fahrenheitToCelsius, -80, 150),
  HUMIDITY("humidity", InterfaceFamily.AIR_HUM, v -> v, 0, 100),
  DEW_POINT_F("dewptF", InterfaceFamily.DEW_POINT, Units::fahrenheitToCelsius, -100, 100),
  WIND_DIR("winddir", InterfaceFamily.WIND_DIR, v -> v, 0, 360),
  WIND_SPEED_MPH("windspeedMph", InterfaceFamily.WIND_SPEED, Units::milesPerHourToMetresPerSecond, 0, 250),
  WIND_GUST_MPH("windgustMph", InterfaceFamily.GUST_SPEED, Units::milesPerHourToMetresPerSecond, 0, 250),
  PRECIP_IN("precipIn", InterfaceFamily.PRECIPITATION, Units::inchesToMillimetres, 0, 40),
  PRESSURE_IN_HG("pressureInHg", InterfaceFamily.PRESSURE, Units::inchesOfMercuryToHectopascals, 25, 33),
  SOLAR_RADIATION("solarRadiation", InterfaceFamily.SOLAR_IRRADIANCE, v -> v, 0, 1800),
  UV("uv", InterfaceFamily.ULTRA_VIOLET, v -> v, 0, 20),
  SUNSHINE_MIN("sunshineMin", InterfaceFamily.SUNLIGHT, v -> v, 0, 1440);

  private final String jsonName;
  private final SensorInterface iface;
  private final DoubleUnaryOperator toCatalogUnit;
  private final double min;
  private final double max;

  WeatherField(String jsonName, InterfaceFamily family, DoubleUnaryOperator toCatalogUnit, double min, double max) {
    this.jsonName = jsonName;
    this.iface = family.single();
    this.toCatalogUnit = toCatalogUnit;
    this.min = min;
    this.max = max;
  }

  String jsonName() {
    return jsonName;
  }

  SensorInterface iface() {
    return iface;
  }

  boolean inRange(double supplierValue) {
    return supplierValue >= min && supplierValue <= max;
  }

  String range() {
    return fmt(min) + ".." + fmt(max);
  }

  double toCatalogUnit(double supplierValue) {
    return toCatalogUnit.applyAsDouble(supplierValue);
  }

  private static String fmt(double value) {
    return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
  }
}
