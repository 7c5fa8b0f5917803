package org.fieldreadings.readings.write;

/** What identifies a series: a device's connector's interface. */
record SeriesKey(long deviceId, String connectorId, String iface) {}
