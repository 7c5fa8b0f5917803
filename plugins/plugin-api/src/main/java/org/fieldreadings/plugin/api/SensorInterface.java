package org.fieldreadings.plugin.api;

/**
 * One interface (measurement channel) of the catalog, e.g. {@code AirTemp} or {@code SMraw30}. Instances come only
 * from {@link InterfaceCatalog} and {@link InterfaceFamily}, so a name outside the catalog cannot be expressed.
 *
 * @param position zero-based position in catalog order (the order of responses)
 * @param name the exact, case-sensitive interface name
 * @param family the family the interface belongs to
 * @param depthCm the depth in centimetres for a depth family, 0 otherwise
 */
public record SensorInterface(int position, String name, InterfaceFamily family, int depthCm) {

  public Unit unit() {
    return family.unit();
  }

  public AggregationFunction aggregation() {
    return family.aggregation();
  }

  /** Decimals of the resolution aggregates are served at ({@link InterfaceFamily#decimals()}). */
  public int decimals() {
    return family.decimals();
  }

  @Override
  public String toString() {
    return name;
  }
}
