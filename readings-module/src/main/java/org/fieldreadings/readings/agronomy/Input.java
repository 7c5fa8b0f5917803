package org.fieldreadings.readings.agronomy;

import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.SensorInterface;

/** The interfaces the metrics are computed from. */
enum Input {
  AIR_TEMP("AirTemp"),
  AIR_HUM("AirHum"),
  WIND_SPEED("WindSpeed"),
  SOLAR_IRRADIANCE("SolarIrradiance"),
  PRESSURE("Pressure"),
  DEW_POINT("DewPoint");

  private final SensorInterface sensorInterface;

  Input(String name) {
    this.sensorInterface = InterfaceCatalog.of(name);
  }

  SensorInterface sensorInterface() {
    return sensorInterface;
  }
}
