package org.fieldreadings.plugins.soil;

import org.fieldreadings.plugin.api.SensorInterface;

/**
 * A measurement column of the export, e.g. {@code temp_30cm}, resolved to its catalog interface.
 *
 * @param position zero-based position of the column in a line
 * @param name the column name as in the header
 * @param iface the interface the column feeds
 * @param quantity what it measures, for the unit conversion
 */
record DepthColumn(int position, String name, SensorInterface iface, ProbeQuantity quantity) {}
