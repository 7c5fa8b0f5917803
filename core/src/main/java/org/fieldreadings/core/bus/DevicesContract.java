package org.fieldreadings.core.bus;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.core.odata.OrderBy;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Location;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * What the devices module offers the other modules over the event bus: typed addresses whose requests and replies
 * are records, carried by reference. A device is named by its {@link DeviceRef}; a request the module cannot take
 * fails {@link BusFailure#BAD_REQUEST}.
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
   * Learns devices, connectors and interfaces from ingested data, idempotently; unknown devices are created. The
   * reply has every device's id, or why it was refused. Facts (group, location) given here update the device; facts
   * not given leave it as it is. A group that is not 1 to 32 characters of {@code [A-Z0-9_]} fails the request
   * {@link BusFailure#BAD_REQUEST}.
   *
   * <p>With an {@link IngestScope} (a payload of an ingest key), a device the key may not write is refused, and
   * nothing of it is learned: a device another key first reported, a device of another entity than the key's (any
   * entity's for a key bound to none), a new device beyond {@code ingest.key.max.devices} of the key. A new device
   * records the key (and joins the key's entity); an existing device without a key is claimed by it. Facts change an
   * existing device only when the scope accepts them.
   */
  BusAddress<LearnRequest, LearnReply> LEARN = new BusAddress<>("devices.learn");

  /**
   * The devices of one batch of ingested data, in the order it reported them (a device may appear more than once:
   * its later facts win, its connectors add up), and the ingest key's scope (null: the operator's unrestricted
   * write).
   */
  record LearnRequest(List<ReportedDevice> devices, IngestScope scope) {

    public LearnRequest {
      devices = List.copyOf(devices);
    }
  }

  /**
   * What ingested data says of one device: the interfaces it has readings of, by connector id, and the facts it
   * reported (empty: not said).
   */
  record ReportedDevice(DeviceRef device, Map<String, Set<SensorInterface>> connectors, Optional<String> group,
      Optional<Location> location) {

    public ReportedDevice {
      Objects.requireNonNull(device, "device");
      Objects.requireNonNull(group, "group");
      Objects.requireNonNull(location, "location");
      connectors.keySet().forEach(id -> {
        if (!DeviceRef.isIdentifier(id)) {
          throw new IllegalArgumentException("connector id '" + id + "' " + DeviceRef.IDENTIFIER_RULE);
        }
      });
      connectors = Map.copyOf(connectors);
    }
  }

  /** The ids of the devices learned, and the reason each refused device was refused, in request order. */
  record LearnReply(Map<DeviceRef, Long> ids, Map<DeviceRef, String> refused) {

    public LearnReply {
      ids = Map.copyOf(ids);
      refused = Collections.unmodifiableMap(new LinkedHashMap<>(refused));
    }
  }

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

  /**
   * The devices of an entity as SensorThings serves them, in device id order: Things, and, with
   * {@code locatedOnly}, those with a location (Locations, HistoricalLocations, FeaturesOfInterest).
   */
  BusAddress<DeviceSetQuery, DeviceSetPage> DEVICE_SET = new BusAddress<>("devices.device-set");

  /**
   * Which of an entity's devices {@link #DEVICE_SET} is asked for: {@code ids} (null: any) meeting {@code filter}
   * (null: any; over the properties {@code id}, {@code serial}, {@code profile}, {@code group}, {@code location}
   * (a point) and {@code locationSetAt}), ordered by {@code order} (the same properties but the location; by id
   * after them), then {@code top} after {@code skip}; with {@code count}, also how many there are in all. A filter
   * or an order that does not fit fails {@link BusFailure#BAD_REQUEST} with the reason.
   */
  record DeviceSetQuery(String entityId, boolean locatedOnly, List<Long> ids, Expr filter, List<OrderBy> order,
      long skip, int top, boolean count) {}

  /**
   * A device as SensorThings shows it: its location (null without one) and when that was last set, its
   * subscriptions as {@code start/end} ISO dates.
   */
  record DeviceSetRow(long deviceId, DeviceRef ref, String group, Double latitude, Double longitude,
      Instant locationSetAt, List<String> subscriptions) {}

  /** A page of {@link #DEVICE_SET}; {@code count} null unless asked for. */
  record DeviceSetPage(List<DeviceSetRow> devices, Long count) {}

  /** The ids of an entity's devices, ascending (what SensorThings' Datastreams are scoped to). */
  BusAddress<EntityDevicesOf, long[]> ENTITY_DEVICE_IDS = new BusAddress<>("devices.entity-device-ids");

  /** An entity's devices, of one profile unless {@code profile} is null. */
  record EntityDevicesOf(String entityId, Profile profile) {}

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
