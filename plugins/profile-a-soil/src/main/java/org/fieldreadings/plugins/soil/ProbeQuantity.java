package org.fieldreadings.plugins.soil;

import java.util.function.DoubleUnaryOperator;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.Units;

/** What a depth column of the export measures: its column prefix, catalog family and unit conversion. */
enum ProbeQuantity {
  RAW("raw_", InterfaceFamily.SM_RAW, v -> v),
  MILLIMETRES("mm_", InterfaceFamily.SM_MM, v -> v),
  TEMPERATURE("temp_", InterfaceFamily.SOIL_TEMP, v -> v),
  CONDUCTIVITY("ec_", InterfaceFamily.SOIL_SALINITY, Units::microsiemensPerCentimetreToDecisiemensPerMetre);

  private final String prefix;
  private final InterfaceFamily family;
  private final DoubleUnaryOperator toCatalogUnit;

  ProbeQuantity(String prefix, InterfaceFamily family, DoubleUnaryOperator toCatalogUnit) {
    this.prefix = prefix;
    this.family = family;
    this.toCatalogUnit = toCatalogUnit;
  }

  String prefix() {
    return prefix;
  }

  InterfaceFamily family() {
    return family;
  }

  double toCatalogUnit(double supplierValue) {
    return toCatalogUnit.applyAsDouble(supplierValue);
  }
}
