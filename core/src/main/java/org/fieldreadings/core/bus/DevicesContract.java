package org.fieldreadings.core.bus;

/**
 * Event-bus contract of the devices module. Payloads are JSON objects. A device is named by {@code profile} (one of
 * the five profiles) and {@code serial}; a malformed request fails {@link BusFailure#BAD_REQUEST}.
 */
public interface DevicesContract {

  /** The connector of a device's own sensors; every other connector is an attached device's id. */
  String ORIGIN = "ORIGIN";

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

  /**
   * The devices of an entity ({@code GET /devices/serials}), sorted by profile (enumeration order) then serial.
   * Request {@code {"entityId": "...", "profile": "PROFILE_A" (optional filter), "group": "SOIL" (optional filter)}};
   * reply {@code {"devices": [{"profile": "PROFILE_A", "serial": "SM-0001", "group": "SOIL"}]}}, {@code group} null
   * while unknown.
   */
  String LIST = "devices.list";

  /**
   * One device of an entity as the public API describes it. Request {@code {"entityId": "...", "profile": "...",
   * "serial": "..."}}; reply {@code {"group": "AIR", "location": {"latitude": 38.7, "longitude": -9.1},
   * "subscriptions": [{"startDate": "2024-01-01", "endDate": "2024-12-31"}],
   * "connectors": [{"connectorId": "ORIGIN", "interfaces": ["AirTemp"]}]}}: {@code group} and {@code location} null
   * while unknown, subscriptions by start date, connectors {@code ORIGIN} first then by id, interfaces in catalog
   * order. Fails {@link BusFailure#NOT_FOUND} as {@link #RESOLVE} does.
   */
  String DESCRIBE = "devices.describe";

  /**
   * An operator creates or updates a device. Request {@code {"profile": "...", "serial": "...", "group": "AIR"
   * (optional), "location": {"latitude": 1.0, "longitude": 2.0} (optional), "connectors": [{"connectorId": "ORIGIN",
   * "interfaces": ["AirTemp"]}] (optional)}}: a fact left out keeps its value; connectors, when given, replace the
   * device's connectors. Reply {@code {"created": true|false, "device": {...}}}, the device as {@link #DESCRIBE}
   * shows it preceded by {@code profile} and {@code serial}.
   */
  String PUT = "devices.put";

  /**
   * An operator adds a subscription (idempotent). Request {@code {"profile": "...", "serial": "...",
   * "startDate": "2024-01-01", "endDate": "2024-12-31"}}; reply the device as {@link #PUT} does.
   * Fails {@link BusFailure#NOT_FOUND} for an unknown device, {@link BusFailure#BAD_REQUEST} when start is after end.
   */
  String ADD_SUBSCRIPTION = "devices.add-subscription";

  /**
   * An operator associates a device with an entity (idempotent). Request {@code {"entityId": "...",
   * "profile": "...", "serial": "..."}}; reply {@code {}}. Fails {@link BusFailure#NOT_FOUND} for an unknown
   * device or an entity the access module does not know.
   */
  String ASSIGN = "devices.assign";

  /**
   * An operator removes a device's association with an entity (idempotent). Request and reply as {@link #ASSIGN};
   * fails {@link BusFailure#NOT_FOUND} for an unknown device.
   */
  String UNASSIGN = "devices.unassign";
}
