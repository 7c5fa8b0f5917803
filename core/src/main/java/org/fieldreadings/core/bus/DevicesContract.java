package org.fieldreadings.core.bus;

/** Event-bus contract of the devices module. Payloads are JSON objects. */
public interface DevicesContract {

  /**
   * "May entity E read device (profile, serial), and what is it?" — answered with one indexed query.
   * Request {@code {"entityId": "...", "profile": "PROFILE_A", "serial": "SM-0001"}};
   * reply {@code {"deviceId": 42, "connectors": {"ORIGIN": ["AirTemp", "AirHum"]}}} (interfaces in catalog order).
   * Fails {@link BusFailure#NOT_FOUND} when the device is unknown or not associated with the entity (the two are
   * indistinguishable on purpose).
   */
  String RESOLVE = "devices.resolve";

  /**
   * Learns devices, connectors and interfaces from ingested data, idempotently; unknown devices are created.
   * Request {@code {"devices": [{"profile": "PROFILE_B", "serial": "GW-1", "group": "GATEWAY" (optional),
   * "location": {"latitude": 1.0, "longitude": 2.0} (optional), "connectors": {"ORIGIN": ["Bat"], "A1": ["AirTemp"]}}]}};
   * reply {@code {"devices": [{"profile": "PROFILE_B", "serial": "GW-1", "deviceId": 7}]}} in request order.
   * Facts (group, location) given here update the device; absent facts leave it as it is.
   */
  String LEARN = "devices.learn";
}
