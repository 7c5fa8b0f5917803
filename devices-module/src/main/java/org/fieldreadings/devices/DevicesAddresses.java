package org.fieldreadings.devices;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.plugin.api.Profile;

/**
 * Event-bus addresses private to the devices module: its routes (on the HTTP listeners' verticles) ask its verticle,
 * which owns the registry's tables. Payloads are JSON objects; a device is named by {@code profile} and
 * {@code serial}, and a malformed request fails {@link BusFailure#BAD_REQUEST}.
 */
public final class DevicesAddresses {

  /**
   * An operator hands a device over to an ingest key (idempotent), the only key that may write it from then on.
   * Request {@code {"profile": "...", "serial": "...", "keyId": 7}}; reply {@code {}}. Fails
   * {@link BusFailure#NOT_FOUND} for an unknown device.
   */
  public static final String HAND_OVER = "devices.hand-over";

  /**
   * One page of the devices of an entity ({@code GET /devices/serials}), sorted by profile (enumeration order) then
   * serial. Request an {@link EntityDeviceQuery}; reply {@code {"devices": [{"profile": "PROFILE_A", "serial":
   * "SM-0001", "group": "SOIL"}]}}, {@code group} null while unknown.
   */
  public static final String LIST = "devices.list";

  /**
   * One device of an entity as the public API describes it. Request {@code {"entityId": "...", "profile": "...",
   * "serial": "..."}}; reply {@code {"group": "AIR", "location": {"latitude": 38.7, "longitude": -9.1},
   * "subscriptions": [{"startDate": "2024-01-01", "endDate": "2024-12-31"}],
   * "connectors": [{"connectorId": "ORIGIN", "interfaces": ["AirTemp"]}]}}: {@code group} and {@code location} null
   * while unknown, subscriptions by start date, connectors {@code ORIGIN} first then by id, interfaces in catalog
   * order. Fails {@link BusFailure#NOT_FOUND} as {@link DevicesContract#RESOLVE} does.
   */
  public static final String DESCRIBE = "devices.describe";

  /**
   * An operator creates or updates a device. Request {@code {"profile": "...", "serial": "...", "group": "AIR"
   * (optional), "location": {"latitude": 1.0, "longitude": 2.0} (optional), "connectors": [{"connectorId": "ORIGIN",
   * "interfaces": ["AirTemp"]}] (optional)}}: a fact left out keeps its value; connectors, when given, replace the
   * device's connectors. Reply {@code {"created": true|false, "device": {...}}}, the device as {@link #DESCRIBE}
   * shows it preceded by {@code profile} and {@code serial}.
   */
  public static final String PUT = "devices.put";

  /**
   * An operator adds a subscription (idempotent). Request {@code {"profile": "...", "serial": "...",
   * "startDate": "2024-01-01", "endDate": "2024-12-31"}}; reply the device as {@link #PUT} does.
   * Fails {@link BusFailure#NOT_FOUND} for an unknown device, {@link BusFailure#BAD_REQUEST} when start is after end.
   */
  public static final String ADD_SUBSCRIPTION = "devices.add-subscription";

  /**
   * An operator associates a device with an entity (idempotent). Request {@code {"entityId": "...",
   * "profile": "...", "serial": "..."}}; reply {@code {}}. Fails {@link BusFailure#NOT_FOUND} for an unknown
   * device or an entity the access module does not know.
   */
  public static final String ASSIGN = "devices.assign";

  /**
   * An operator removes a device's association with an entity (idempotent). Request and reply as {@link #ASSIGN};
   * fails {@link BusFailure#NOT_FOUND} for an unknown device.
   */
  public static final String UNASSIGN = "devices.unassign";

  /**
   * One page of the operator's device list, by profile (enumeration order) then serial. Request
   * {@link AdminDeviceQuery}; reply {@link AdminDevicePage}.
   */
  public static final String ADMIN_PAGE = "devices.admin-page";

  /**
   * One device as the operator sees it. Request {@code {"profile": "...", "serial": "..."}}; reply
   * {@code {"deviceId": 42, "entities": ["..."], "device": {...}}}, the device as {@link #DESCRIBE} shows it. Fails
   * {@link BusFailure#NOT_FOUND} for an unknown device.
   */
  public static final String ADMIN_DESCRIBE = "devices.admin-describe";

  /**
   * One page of an entity's devices that have a location ({@code GET /devices/locations}), by profile (enumeration
   * order) then serial. Request {@link EntityDeviceQuery}; reply {@code {"devices": [{"profile": "...", "serial":
   * "...", "location": {"latitude": 38.7, "longitude": -9.1}}]}}: fewer devices than the limit means it is the last.
   */
  public static final String LOCATION_PAGE = "devices.location-page";

  /**
   * Which devices a page holds: filters (null: any), only devices no entity has, and the keyset position (the page
   * starts after {@code after}, null for the first page).
   */
  public record AdminDeviceQuery(Profile profile, String group, boolean unassigned, DeviceRef after, int limit) {

    public JsonObject toJson() {
      return new JsonObject().put("profile", profile == null ? null : profile.name()).put("group", group)
          .put("unassigned", unassigned).put("after", after == null ? null : after.toJson()).put("limit", limit);
    }

    public static AdminDeviceQuery fromJson(JsonObject json) {
      String profile = json.getString("profile");
      JsonObject after = json.getJsonObject("after");
      return new AdminDeviceQuery(profile == null ? null : Profile.valueOf(profile), json.getString("group"),
          json.getBoolean("unassigned", false), after == null ? null : DeviceRef.fromJson(after),
          json.getInteger("limit"));
    }
  }

  /** One page of {@link #ADMIN_PAGE}: fewer devices than the limit means it is the last. */
  public record AdminDevicePage(List<AdminDevice> devices) {

    public AdminDevicePage {
      devices = List.copyOf(devices);
    }

    public JsonObject toJson() {
      return new JsonObject().put("devices", new JsonArray(devices.stream().map(AdminDevice::toJson).toList()));
    }

    public static AdminDevicePage fromJson(JsonObject json) {
      return new AdminDevicePage(json.getJsonArray("devices").stream()
          .map(device -> AdminDevice.fromJson((JsonObject) device)).toList());
    }
  }

  /** A device of the operator's list: its entities (sorted) and its number of connectors. */
  public record AdminDevice(long deviceId, DeviceRef ref, String group, List<String> entities, int connectors) {

    public AdminDevice {
      entities = List.copyOf(entities);
    }

    public JsonObject toJson() {
      return ref.toJson().put("deviceId", deviceId).put("group", group).put("entities", new JsonArray(entities))
          .put("connectors", connectors);
    }

    public static AdminDevice fromJson(JsonObject json) {
      return new AdminDevice(json.getLong("deviceId"), DeviceRef.fromJson(json), json.getString("group"),
          json.getJsonArray("entities").stream().map(String.class::cast).toList(), json.getInteger("connectors"));
    }
  }

  private DevicesAddresses() {}
}
