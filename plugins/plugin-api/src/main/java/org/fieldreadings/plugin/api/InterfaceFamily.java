package org.fieldreadings.plugin.api;

import static org.fieldreadings.plugin.api.AggregationFunction.CIRCULAR_MEAN;
import static org.fieldreadings.plugin.api.AggregationFunction.LAST;
import static org.fieldreadings.plugin.api.AggregationFunction.MAX;
import static org.fieldreadings.plugin.api.AggregationFunction.MEAN;
import static org.fieldreadings.plugin.api.AggregationFunction.SUM;

import java.util.Arrays;

/**
 * The measurement channels in catalog order (docs/api.md). A family without depths is one interface; a depth
 * family ({@code SMraw}, {@code SoilTemp}, ...) is one interface per depth, named prefix + depth in centimetres.
 */
public enum InterfaceFamily {
  AIR_TEMP("AirTemp", Unit.CELSIUS, MEAN),
  AIR_HUM("AirHum", Unit.PERCENT, MEAN),
  WIND_DIR("WindDir", Unit.DEGREES, CIRCULAR_MEAN),
  WIND_SPEED_RAW("WindSpeedRaw", Unit.COUNT, MEAN),
  WIND_SPEED("WindSpeed", Unit.METRES_PER_SECOND, MEAN),
  SUNLIGHT("Sunlight", Unit.MINUTES, SUM),
  SOLAR_IRRADIANCE("SolarIrradiance", Unit.WATTS_PER_SQUARE_METRE, MEAN),
  PRECIPITATION("Precipitation", Unit.MILLIMETRES, SUM),
  FLOWMETER("Flowmeter", Unit.CUBIC_METRES_PER_HOUR, MEAN),
  FLOWMETER_TOTAL("FlowmeterTotal", Unit.CUBIC_METRES, LAST),
  FLOWMETER_AVG("FlowmeterAvg", Unit.CUBIC_METRES_PER_HOUR, MEAN),
  DEW_POINT("DewPoint", Unit.CELSIUS, MEAN),
  PRESSURE("Pressure", Unit.HECTOPASCALS, MEAN),
  TICKS_AVG("TicksAvg", Unit.COUNT, MEAN),
  TICKS_TOTAL("TicksTotal", Unit.COUNT, LAST),
  TICKS_COUNT("TicksCount", Unit.COUNT, SUM),
  BAT("Bat", Unit.VOLTS, MEAN),
  RSSI("Rssi", Unit.DBM, MEAN),
  GUST_SPEED_RAW("GustSpeedRaw", Unit.COUNT, MAX),
  GUST_SPEED("GustSpeed", Unit.METRES_PER_SECOND, MAX),
  ULTRA_VIOLET("UltraViolet", Unit.UV_INDEX, MEAN),
  SM_RAW("SMraw", Unit.COUNT, MEAN, Depths.TWELVE),
  SM_MM("SMmm", Unit.MILLIMETRES, MEAN, Depths.TWELVE),
  SOIL_TEMP("SoilTemp", Unit.CELSIUS, MEAN, 10, 15, 20, 30, 40, 45, 50, 60, 70, 75, 80),
  SOIL_SALINITY("SoilSalinity", Unit.DECISIEMENS_PER_METRE, MEAN, 10, 20, 30, 40, 50, 60, 70, 80),
  WATER_ENTRANCE("WaterEntrance", Unit.MILLIMETRES, SUM, Depths.TWELVE),
  WATER_LOSS("WaterLoss", Unit.MILLIMETRES, SUM, Depths.TWELVE);

  private final String prefix;
  private final Unit unit;
  private final AggregationFunction aggregation;
  private final int[] depthsCm;

  InterfaceFamily(String prefix, Unit unit, AggregationFunction aggregation, int... depthsCm) {
    this.prefix = prefix;
    this.unit = unit;
    this.aggregation = aggregation;
    this.depthsCm = depthsCm;
  }

  /** The name of the interface, or of every interface of a depth family before its depth. */
  public String prefix() {
    return prefix;
  }

  public Unit unit() {
    return unit;
  }

  public AggregationFunction aggregation() {
    return aggregation;
  }

  /** Whether this family has one interface per depth. */
  public boolean hasDepths() {
    return depthsCm.length > 0;
  }

  /** The depths of this family in centimetres, ascending; empty for a single interface. */
  public int[] depthsCm() {
    return depthsCm.clone();
  }

  /** The single interface of a family without depths. */
  public SensorInterface single() {
    if (hasDepths()) {
      throw new IllegalArgumentException(prefix + " needs a depth, one of " + Arrays.toString(depthsCm));
    }
    return InterfaceCatalog.byName(prefix).orElseThrow();
  }

  /** The interface of this family at {@code depthCm}; fails for a depth the family does not have. */
  public SensorInterface atDepth(int depthCm) {
    if (Arrays.stream(depthsCm).noneMatch(d -> d == depthCm)) {
      throw new IllegalArgumentException(
          prefix + " has no depth " + depthCm + " (depths: " + Arrays.toString(depthsCm) + ")");
    }
    return InterfaceCatalog.byName(prefix + depthCm).orElseThrow();
  }

  /** The depth list shared by four families. */
  private static final class Depths {
    static final int[] TWELVE = {10, 15, 20, 25, 30, 40, 50, 55, 60, 70, 80, 85};
  }
}
