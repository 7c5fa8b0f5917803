package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.DevicesPerIngestKey;
import org.fieldreadings.core.bus.DevicesContract.EntityDevice;
import org.fieldreadings.core.bus.DevicesContract.EntityDevicePage;
import org.fieldreadings.core.bus.DevicesContract.EntityDeviceQuery;
import org.fieldreadings.core.bus.DevicesContract.ResolveRequest;
import org.fieldreadings.core.bus.DevicesContract.ResolvedDevice;
import org.fieldreadings.devices.DevicesAddresses.AdminDevice;
import org.fieldreadings.devices.DevicesAddresses.AdminDevicePage;
import org.fieldreadings.devices.DevicesAddresses.AdminDeviceQuery;
import org.fieldreadings.plugin.api.Profile;

/** The registry's reads and writes: each one round trip, or one transaction for the operator's changes. */
final class DeviceStore {

  /** The outcome of an operator's update. */
  record Saved(boolean created, Device device) {}

  private record Created(boolean created, long deviceId) {}

  private final Pool pool;
  private final RegistryCache registry;

  DeviceStore(Pool pool, RegistryCache registry) {
    this.pool = pool;
    this.registry = registry;
  }

  /** A page of an entity's devices as {@code GET /devices/serials} lists them. */
  Future<List<DeviceSummary>> listPage(EntityDeviceQuery query) {
    return pool.preparedQuery(DevicesQueries.LIST_PAGE).mapping(DevicesQueries::summary).execute(pageOf(query))
        .map(DeviceStore::toList);
  }

  Future<Device> describe(String entityId, DeviceRef ref) {
    return pool.preparedQuery(DevicesQueries.DESCRIBE_FOR_ENTITY).mapping(DevicesQueries::device)
        .execute(Tuple.of(ref.profile().name(), ref.serial(), entityId))
        .map(rows -> only(rows, notAssociated(ref)));
  }

  Future<ResolvedDevice> resolve(ResolveRequest request) {
    DeviceRef ref = request.device();
    return pool.preparedQuery(DevicesQueries.RESOLVE)
        .mapping(row -> new ResolvedDevice(row.getLong("device_id"), row.getString("time_zone"),
            row.getDouble("latitude"), DevicesQueries.connectors(row).toContract()))
        .execute(Tuple.of(ref.profile().name(), ref.serial(), request.entityId()))
        .map(rows -> only(rows, notAssociated(ref)));
  }


  Future<AdminDevicePage> adminPage(AdminDeviceQuery query) {
    return pool.preparedQuery(DevicesQueries.ADMIN_PAGE)
        .mapping(row -> new AdminDevice(row.getLong("device_id"), DevicesQueries.ref(row), row.getString("device_group"),
            List.of(row.getArrayOfStrings("entities")), row.getInteger("connectors")))
        .execute(Tuple.of(query.profile() == null ? null : query.profile().name(), query.group(), query.unassigned())
            .addString(startProfile(query.after(), query.profile())).addString(startSerial(query.after()))
            .addInteger(query.limit()))
        .map(rows -> new AdminDevicePage(toList(rows)));
  }

  Future<EntityDevicePage> entityPage(EntityDeviceQuery query) {
    return pool.preparedQuery(DevicesQueries.ENTITY_PAGE)
        .mapping(row -> new EntityDevice(row.getLong("device_id"), DevicesQueries.ref(row),
            DevicesQueries.connectors(row).toContract()))
        .execute(pageOf(query))
        .map(rows -> new EntityDevicePage(toList(rows)));
  }

  /**
   * A page of an entity's located devices, each {@code {"deviceId", "profile", "serial", "location"}}: the API's
   * element after its device's id.
   */
  Future<JsonArray> locationPage(EntityDeviceQuery query) {
    return pool.preparedQuery(DevicesQueries.LOCATION_PAGE)
        .mapping(row -> new JsonObject().put("deviceId", row.getLong("device_id")).mergeIn(DevicesQueries.ref(row)
            .toJson()).put("location", new Location(row.getDouble("latitude"), row.getDouble("longitude")).toJson()))
        .execute(pageOf(query))
        .map(rows -> new JsonArray(toList(rows)));
  }

  private static Tuple pageOf(EntityDeviceQuery query) {
    return Tuple.of(query.entityId(), query.profile() == null ? null : query.profile().name(), query.group(),
        startProfile(query.after(), query.profile()), startSerial(query.after()), query.limit());
  }

  /**
   * The profile of the device a page starts after: the last one's, or for the first page the profile asked for (or
   * the first profile), with {@link DevicesQueries#START} as its serial, so that the page is always an index range.
   */
  private static String startProfile(DeviceRef after, Profile profile) {
    return after != null ? after.profile().name() : profile != null ? profile.name() : Profile.values()[0].name();
  }

  private static String startSerial(DeviceRef after) {
    return after != null ? after.serial() : DevicesQueries.START;
  }

  /** The operator's view of a device: {@code {"deviceId", "entities", "device"}}. */
  Future<JsonObject> adminDescribe(DeviceRef ref) {
    return pool.preparedQuery(DevicesQueries.ADMIN_DESCRIBE)
        .mapping(row -> new JsonObject().put("deviceId", row.getLong("device_id"))
            .put("entities", new JsonArray(List.of(row.getArrayOfStrings("entities"))))
            .put("device", DevicesQueries.device(row).toAdminJson()))
        .execute(Tuple.of(ref.profile().name(), ref.serial()))
        .map(rows -> only(rows, unknownDevice(ref)));
  }

  Future<Saved> save(DeviceUpdate update) {
    DeviceRef ref = update.ref();
    Location location = update.facts().location();
    Tuple row = Tuple.of(ref.profile().name(), ref.serial(), update.facts().group(),
        location == null ? null : location.latitude(), location == null ? null : location.longitude());
    return pool.withTransaction(conn -> conn.preparedQuery(DevicesQueries.CREATE_DEVICE).execute(row)
        .compose(created -> created.size() > 0
            ? Future.succeededFuture(new Created(true, created.iterator().next().getLong(0)))
            : conn.preparedQuery(DevicesQueries.UPDATE_DEVICE).execute(row)
                .map(updated -> new Created(false, updated.iterator().next().getLong(0))))
        .compose(created -> replaceConnectors(conn, created.deviceId(), update.connectors())
            .compose(v -> registry.announce(conn))
            .compose(v -> describe(conn, created.deviceId()))
            .map(device -> new Saved(created.created(), device))))
        .andThen(done -> registry.changed());
  }

  Future<Device> addSubscription(DeviceRef ref, Subscription subscription) {
    return pool.withTransaction(conn -> conn.preparedQuery(DevicesQueries.ADD_SUBSCRIPTION)
        .execute(Tuple.of(ref.profile().name(), ref.serial(), subscription.startDate(), subscription.endDate()))
        .map(rows -> only(rows, unknownDevice(ref)).getLong(0))
        .compose(deviceId -> describe(conn, deviceId)));
  }

  Future<Void> assign(String entityId, DeviceRef ref) {
    return associate(DevicesQueries.ASSIGN, entityId, ref);
  }

  Future<Void> unassign(String entityId, DeviceRef ref) {
    return associate(DevicesQueries.UNASSIGN, entityId, ref);
  }

  /** {@link DevicesContract#HAND_OVER}. */
  Future<Void> handOver(DeviceRef ref, long ingestKeyId) {
    return pool.preparedQuery(DevicesQueries.HAND_OVER).execute(Tuple.of(ref.profile().name(), ref.serial(),
        ingestKeyId)).map(rows -> {
          only(rows, unknownDevice(ref));
          return null;
        });
  }

  /** {@link DevicesContract#INGEST_KEY_DEVICES}. */
  Future<DevicesPerIngestKey> devicesPerIngestKey() {
    return pool.preparedQuery(DevicesQueries.DEVICES_PER_INGEST_KEY).execute().map(rows -> {
      Map<Long, Long> counts = new HashMap<>();
      rows.forEach(row -> counts.put(row.getLong("ingest_key_id"), row.getLong("devices")));
      return new DevicesPerIngestKey(counts);
    });
  }

  private Future<Void> associate(String sql, String entityId, DeviceRef ref) {
    return pool.withTransaction(conn -> conn.preparedQuery(sql).execute(Tuple.of(ref.profile().name(), ref.serial(),
            entityId))
        .map(rows -> only(rows, unknownDevice(ref)))
        .compose(device -> registry.announce(conn)))
        .andThen(done -> registry.changed());
  }

  /**
   * Adds the (connector, interface) pairs of each device that it lacks, in one statement. Rows go in device id,
   * then connector, then catalog order, so that concurrent writers take their locks in one order.
   */
  static Future<Void> addConnectors(SqlClient client, SortedMap<Long, Connectors> byDevice) {
    List<Long> deviceIds = new ArrayList<>();
    List<String> connectorIds = new ArrayList<>();
    List<String> interfaces = new ArrayList<>();
    byDevice.forEach((deviceId, connectors) -> connectors.forEachPair((connectorId, sensorInterface) -> {
      deviceIds.add(deviceId);
      connectorIds.add(connectorId);
      interfaces.add(sensorInterface.name());
    }));
    if (deviceIds.isEmpty()) {
      return Future.succeededFuture();
    }
    return client.preparedQuery(DevicesQueries.ADD_CONNECTORS)
        .execute(Tuple.tuple().addArrayOfLong(deviceIds.toArray(Long[]::new))
            .addArrayOfString(connectorIds.toArray(String[]::new)).addArrayOfString(interfaces.toArray(String[]::new)))
        .mapEmpty();
  }

  private static Future<Void> replaceConnectors(SqlClient client, long deviceId, Connectors connectors) {
    if (connectors == null) {
      return Future.succeededFuture();
    }
    return client.preparedQuery(DevicesQueries.REMOVE_CONNECTORS).execute(Tuple.of(deviceId))
        .compose(v -> addConnectors(client, new TreeMap<>(Map.of(deviceId, connectors))));
  }

  private static Future<Device> describe(SqlClient client, long deviceId) {
    return client.preparedQuery(DevicesQueries.DESCRIBE_BY_ID).mapping(DevicesQueries::device)
        .execute(Tuple.of(deviceId))
        .map(rows -> rows.iterator().next());
  }

  /** The one row of a lookup, or the given failure when there is none. */
  private static <T> T only(RowSet<T> rows, BusFailureException none) {
    if (rows.size() == 0) {
      throw none;
    }
    return rows.iterator().next();
  }

  private static <T> List<T> toList(RowSet<T> rows) {
    List<T> list = new ArrayList<>(rows.size());
    rows.forEach(list::add);
    return list;
  }

  /** The one answer for a device that is unknown or not the caller's: the two must look the same. */
  static BusFailureException notAssociated(DeviceRef ref) {
    return new BusFailureException(BusFailure.NOT_FOUND, "No device " + ref + " is associated with this API key.");
  }

  static BusFailureException unknownDevice(DeviceRef ref) {
    return new BusFailureException(BusFailure.NOT_FOUND, "Unknown device " + ref + ".");
  }
}
