package org.fieldreadings.plugin.api;

/** The units values are stored and served in (docs/api.md); plugins convert supplier data into them. */
public enum Unit {
  CELSIUS("°C"),
  PERCENT("%"),
  DEGREES("deg"),
  COUNT("count"),
  METRES_PER_SECOND("m/s"),
  MINUTES("min"),
  WATTS_PER_SQUARE_METRE("W/m2"),
  MILLIMETRES("mm"),
  CUBIC_METRES_PER_HOUR("m3/h"),
  CUBIC_METRES("m3"),
  HECTOPASCALS("hPa"),
  VOLTS("V"),
  DBM("dBm"),
  UV_INDEX("UV index"),
  DECISIEMENS_PER_METRE("dS/m");

  private final String symbol;

  Unit(String symbol) {
    this.symbol = symbol;
  }

  /** The symbol as the interface catalog of docs/api.md writes it, e.g. {@code m/s}. */
  public String symbol() {
    return symbol;
  }
}
