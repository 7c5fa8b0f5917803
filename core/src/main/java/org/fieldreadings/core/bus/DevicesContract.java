package org.fieldreadings.core.bus;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * Event-bus contract of the devices module. Payloads are JSON objects. A device is named by {@code profile} (one of
 * the five profiles) and {@code serial}; a malformed request fails {@link BusFailure#BAD_REQUEST}.
 */
public interface DevicesContract {

  /** The connector of a device's own sensors; every other connector is an attached device's id. */
  String ORIGIN = "ORIGIN";

  /**
   * "May entity E read this device, and what is it?", answered with one indexed query. Fails
   * {@link BusFailure#NOT_FOUND} when the device is unknown or not associated with the entity (the two are
   * indistinguishable on purpose).
   */
  BusAddress<ResolveRequest, ResolvedDevice> RESOLVE = new BusAddress<>("devices.resolve");

  /**
   * Learns devices, connectors and interfaces from ingested data, idempotently; unknown devices are created.
   * Request {@code {"devices": [{"profile": "PROFILE_B", "serial": "GW-1", "group": "GATEWAY" (optional),
   * "location": {"latitude": 1.0, "longitude": 2.0} (optional), "connectors": {"ORIGIN": ["Bat"], "A1": ["AirTemp"]}}],
   * "ingestScope": {...} (optional, {@link IngestScope#toJson()})}}; reply {@code {"devices": [{"profile":
   * "PROFILE_B", "serial": "GW-1", "deviceId": 7}]}} in request order. Facts (group, location) given here update the
   * device; absent facts leave it as it is.
   *
   * <p>With an {@code ingestScope} (a payload of an ingest key), a device the key may not write is answered
   * {@code {"profile", "serial", "refused": "reason"}} instead of an id, and nothing of it is learned: a device
   * another key first reported, a device of another entity than the key's (any entity's for a key bound to none),
   * a new device beyond {@code ingest.key.max.devices} of the key. A new device records the key (and joins the
   * key's entity); an existing device without a key is claimed by it. Facts change an existing device only when
   * the scope accepts them.
   */
  String LEARN = "devices.learn";

  /** How many devices each ingest key reported first, by key id (keys without devices absent); asks nothing. */
  BusAddress<Void, DevicesPerIngestKey> INGEST_KEY_DEVICES = new BusAddress<>("devices.ingest-key-devices");

  /** The devices each ingest key reported first, by key id. */
  record DevicesPerIngestKey(Map<Long, Long> byKey) {

    public DevicesPerIngestKey {
      byKey = Map.copyOf(byKey);
    }

    /** How many devices the key reported first. */
    public long of(long keyId) {
      return byKey.getOrDefault(keyId, 0L);
    }
  }

  /**
   * One page of an entity's devices with their ids and connectors (the fleet's latest values), by profile
   * (enumeration order) then serial. Request {@link EntityDeviceQuery}; reply {@link EntityDevicePage}.
   */
  BusAddress<EntityDeviceQuery, EntityDevicePage> ENTITY_PAGE = new BusAddress<>("devices.entity-page");

  /** Which device of which entity {@link #RESOLVE} is asked about. */
  record ResolveRequest(String entityId, DeviceRef device) {}

  /**
   * A device an entity may read ({@link #RESOLVE}).
   *
   * @param deviceId the registry's id of the device
   * @param timeZone the IANA zone of its location: null without a location, or until it is resolved (within seconds
   *     of the location being learned or set)
   * @param latitude the latitude of its location, null without one
   * @param connectors its connectors, {@code ORIGIN} first then by id, interfaces in catalog order
   */
  record ResolvedDevice(long deviceId, String timeZone, Double latitude, List<Connector> connectors) {

    public ResolvedDevice {
      connectors = List.copyOf(connectors);
    }

    /** The interfaces of the connector, null when the device has no such connector. */
    public List<SensorInterface> interfacesOf(String connectorId) {
      for (Connector connector : connectors) {
        if (connector.connectorId().equals(connectorId)) {
          return connector.interfaces();
        }
      }
      return null;
    }
  }

  /**
   * What an ingest key may write (docs/operations.md, "Ingest keys"): the key's id, the entity it is bound to (null:
   * none), and whether its payloads may change the group and location of devices that exist.
   */
  record IngestScope(long keyId, String entityId, boolean acceptLocation) {

    public JsonObject toJson() {
      return new JsonObject().put("keyId", keyId).put("entityId", entityId).put("acceptLocation", acceptLocation);
    }

    public static IngestScope fromJson(JsonObject json) {
      return new IngestScope(json.getLong("keyId"), json.getString("entityId"), json.getBoolean("acceptLocation"));
    }
  }

  /**
   * Which of an entity's devices a page holds: filters (null: any) and the keyset position (the page starts after
   * {@code after}, null for the first page).
   */
  record EntityDeviceQuery(String entityId, Profile profile, String group, DeviceRef after, int limit) {

    public JsonObject toJson() {
      return new JsonObject().put("entityId", entityId).put("profile", profile == null ? null : profile.name())
          .put("group", group).put("after", after == null ? null : after.toJson()).put("limit", limit);
    }

    public static EntityDeviceQuery fromJson(JsonObject json) {
      String profile = json.getString("profile");
      JsonObject after = json.getJsonObject("after");
      return new EntityDeviceQuery(json.getString("entityId"), profile == null ? null : Profile.valueOf(profile),
          json.getString("group"), after == null ? null : DeviceRef.fromJson(after), json.getInteger("limit"));
    }
  }

  /** A connector of a device and its interfaces, in catalog order. */
  record Connector(String connectorId, List<SensorInterface> interfaces) {

    public Connector {
      interfaces = List.copyOf(interfaces);
    }

    /** Connectors in the order of the form {@link #RESOLVE} answers, {@code {"ORIGIN": ["AirTemp"]}}. */
    public static List<Connector> listFromJson(JsonObject connectors) {
      List<Connector> list = new ArrayList<>();
      connectors.forEach(entry -> list.add(new Connector(entry.getKey(), ((JsonArray) entry.getValue()).stream()
          .map(name -> InterfaceCatalog.of((String) name)).toList())));
      return list;
    }
  }

  /** A device of an entity: its id and connectors ({@code ORIGIN} first, then by id). */
  record EntityDevice(long deviceId, DeviceRef ref, List<Connector> connectors) {

    public EntityDevice {
      connectors = List.copyOf(connectors);
    }

  }

  /** One page of {@link #ENTITY_PAGE}: fewer devices than the limit means it is the last. */
  record EntityDevicePage(List<EntityDevice> devices) {

    public EntityDevicePage {
      devices = List.copyOf(devices);
    }

  }

}
