package org.fieldreadings.plugin.api;

import static org.fieldreadings.plugin.api.AggregationFunction.CIRCULAR_MEAN;
import static org.fieldreadings.plugin.api.AggregationFunction.LAST;
import static org.fieldreadings.plugin.api.AggregationFunction.MAX;
import static org.fieldreadings.plugin.api.AggregationFunction.MEAN;
import static org.fieldreadings.plugin.api.AggregationFunction.SUM;

import java.util.Arrays;

/**
 * The measurement channels in catalog order (docs/api.md), each with its unit, aggregation function and resolution
 * (decimals). A family without depths is one interface; a depth family ({@code SMraw}, {@code SoilTemp}, ...) is one
 * interface per depth, named prefix + depth in centimetres.
 */
public enum InterfaceFamily {
  AIR_TEMP("AirTemp", Unit.CELSIUS, MEAN, 2),
  AIR_HUM("AirHum", Unit.PERCENT, MEAN, 2),
  WIND_DIR("WindDir", Unit.DEGREES, CIRCULAR_MEAN, 1),
  WIND_SPEED_RAW("WindSpeedRaw", Unit.COUNT, MEAN, 2),
  WIND_SPEED("WindSpeed", Unit.METRES_PER_SECOND, MEAN, 2),
  SUNLIGHT("Sunlight", Unit.MINUTES, SUM, 2),
  SOLAR_IRRADIANCE("SolarIrradiance", Unit.WATTS_PER_SQUARE_METRE, MEAN, 1),
  PRECIPITATION("Precipitation", Unit.MILLIMETRES, SUM, 2),
  FLOWMETER("Flowmeter", Unit.CUBIC_METRES_PER_HOUR, MEAN, 3),
  FLOWMETER_TOTAL("FlowmeterTotal", Unit.CUBIC_METRES, LAST, 3),
  FLOWMETER_AVG("FlowmeterAvg", Unit.CUBIC_METRES_PER_HOUR, MEAN, 3),
  DEW_POINT("DewPoint", Unit.CELSIUS, MEAN, 2),
  PRESSURE("Pressure", Unit.HECTOPASCALS, MEAN, 2),
  TICKS_AVG("TicksAvg", Unit.COUNT, MEAN, 2),
  TICKS_TOTAL("TicksTotal", Unit.COUNT, LAST, 0),
  TICKS_COUNT("TicksCount", Unit.COUNT, SUM, 0),
  BAT("Bat", Unit.VOLTS, MEAN, 3),
  RSSI("Rssi", Unit.DBM, MEAN, 1),
  GUST_SPEED_RAW("GustSpeedRaw", Unit.COUNT, MAX, 2),
  GUST_SPEED("GustSpeed", Unit.METRES_PER_SECOND, MAX, 2),
  ULTRA_VIOLET("UltraViolet", Unit.UV_INDEX, MEAN, 2),
  SM_RAW("SMraw", Unit.COUNT, MEAN, 2, Depths.TWELVE),
  SM_MM("SMmm", Unit.MILLIMETRES, MEAN, 2, Depths.TWELVE),
  SOIL_TEMP("SoilTemp", Unit.CELSIUS, MEAN, 2, 10, 15, 20, 30, 40, 45, 50, 60, 70, 75, 80),
  SOIL_SALINITY("SoilSalinity", Unit.DECISIEMENS_PER_METRE, MEAN, 3, 10, 20, 30, 40, 50, 60, 70, 80),
  WATER_ENTRANCE("WaterEntrance", Unit.MILLIMETRES, SUM, 2, Depths.TWELVE),
  WATER_LOSS("WaterLoss", Unit.MILLIMETRES, SUM, 2, Depths.TWELVE);

  private final String prefix;
  private final Unit unit;
  private final AggregationFunction aggregation;
  private final int decimals;
  private final int[] depthsCm;

  InterfaceFamily(String prefix, Unit unit, AggregationFunction aggregation, int decimals, int... depthsCm) {
    this.prefix = prefix;
    this.unit = unit;
    this.aggregation = aggregation;
    this.decimals = decimals;
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

  /**
   * The resolution aggregates are served at, as a number of decimals (2: 0.01 of the unit): fine enough for what
   * field sensors measure and for the means of their readings, so that a mean's binary noise such as
   * 24.124999999999996 never reaches a client. Stored readings are served exactly as they arrived.
   */
  public int decimals() {
    return decimals;
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
