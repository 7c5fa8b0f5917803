package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.util.List;
import org.fieldreadings.core.bus.AccessContract;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.EntityDeviceQuery;
import org.fieldreadings.core.bus.DevicesContract.LearnReply;
import org.fieldreadings.core.bus.DevicesContract.LearnRequest;
import org.fieldreadings.core.bus.JsonConsumers;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.devices.DevicesAddresses.AdminDevicePage;
import org.fieldreadings.devices.DevicesAddresses.AdminDeviceQuery;

/** The devices module's event-bus consumers ({@link DevicesContract}): messages in, records to the store, JSON out. */
final class DevicesVerticle extends VerticleBase {

  private DeviceStore store;
  private DeviceLearner learner;
  private DeviceZones zones;
  private RegistryCache registry;

  @Override
  public Future<?> start() {
    return RegistryCache.acquire(vertx, config()).compose(this::register);
  }

  @Override
  public Future<?> stop() {
    return registry == null ? Future.succeededFuture() : registry.release(vertx);
  }

  private Future<?> register(RegistryCache cache) {
    registry = cache;
    Pool pool = Pools.shared(vertx, config());
    store = new DeviceStore(pool, registry);
    learner = new DeviceLearner(pool, registry, ConfigKeys.INGEST_KEY_MAX_DEVICES.get(config()));
    zones = new DeviceZones(vertx, pool);
    zones.update();
    SensorThingsDevices sensorThings = new SensorThingsDevices(pool);
    return Future.all(List.of(
        DevicesContract.RESOLVE.serve(vertx, store::resolve),
        DevicesContract.LEARN.serve(vertx, this::learn),
        JsonConsumers.register(vertx, DevicesAddresses.LIST, this::list),
        JsonConsumers.register(vertx, DevicesAddresses.DESCRIBE, this::describe),
        JsonConsumers.register(vertx, DevicesAddresses.PUT, this::put),
        JsonConsumers.register(vertx, DevicesAddresses.ADD_SUBSCRIPTION, this::addSubscription),
        JsonConsumers.register(vertx, DevicesAddresses.ASSIGN, this::assign),
        JsonConsumers.register(vertx, DevicesAddresses.UNASSIGN, this::unassign),
        DevicesContract.INGEST_KEY_DEVICES.serve(vertx, nothing -> store.devicesPerIngestKey()),
        JsonConsumers.register(vertx, DevicesAddresses.HAND_OVER, request -> store.handOver(DeviceRef.fromJson(request),
            request.getLong("keyId")).map(v -> new JsonObject())),
        DevicesContract.ENTITY_PAGE.serve(vertx, query -> registry.entityPage(query, store::entityPage)),
        DevicesContract.DEVICE_SET.serve(vertx, sensorThings::page),
        DevicesContract.ENTITY_DEVICE_IDS.serve(vertx, sensorThings::ids),
        JsonConsumers.register(vertx, DevicesAddresses.LOCATION_PAGE, request -> store
            .locationPage(EntityDeviceQuery.fromJson(request)).map(devices -> new JsonObject().put("devices", devices))),
        JsonConsumers.register(vertx, DevicesAddresses.ADMIN_PAGE,
            request -> store.adminPage(AdminDeviceQuery.fromJson(request)).map(AdminDevicePage::toJson)),
        JsonConsumers.register(vertx, DevicesAddresses.ADMIN_DESCRIBE,
            request -> store.adminDescribe(DeviceRef.fromJson(request)))));
  }

  /** Learned locations get their time zones afterwards, off the ingest path (an operator's put waits for it). */
  private Future<LearnReply> learn(LearnRequest request) {
    return learner.learn(request).andThen(learned -> {
      if (learned.succeeded() && request.devices().stream().anyMatch(device -> device.location().isPresent())) {
        zones.update();
      }
    });
  }

  private Future<JsonObject> list(JsonObject request) {
    return store.listPage(EntityDeviceQuery.fromJson(request)).map(devices -> new JsonObject().put("devices",
        new JsonArray(devices.stream().map(DeviceSummary::toJson).toList())));
  }

  private Future<JsonObject> describe(JsonObject request) {
    return store.describe(entityId(request), DeviceRef.fromJson(request)).map(Device::toApiJson);
  }

  private Future<JsonObject> put(JsonObject request) {
    // A location set by the operator has its zone once the answer comes: what follows sees them together.
    return store.save(DeviceUpdate.fromMessage(request))
        .compose(saved -> request.getValue("location") == null ? Future.succeededFuture(saved)
            : zones.update().map(saved))
        .map(saved -> new JsonObject().put("created", saved.created()).put("device", saved.device().toAdminJson()));
  }

  private Future<JsonObject> addSubscription(JsonObject request) {
    DeviceRef ref = DeviceRef.fromJson(request);
    Validation validation = new Validation();
    Subscription subscription = Subscription.parse(request, validation);
    validation.throwIfInvalid();
    return store.addSubscription(ref, subscription).map(Device::toAdminJson);
  }

  /** Associations name entities of the access module, which alone knows whether they exist. */
  private Future<JsonObject> assign(JsonObject request) {
    String entityId = entityId(request);
    DeviceRef ref = DeviceRef.fromJson(request);
    return AccessContract.ENTITY_EXISTS.request(vertx.eventBus(), entityId)
        .compose(exists -> {
          if (!exists) {
            throw new BusFailureException(BusFailure.NOT_FOUND, "Unknown entity " + entityId + ".");
          }
          return store.assign(entityId, ref);
        })
        .map(v -> new JsonObject());
  }

  private Future<JsonObject> unassign(JsonObject request) {
    return store.unassign(entityId(request), DeviceRef.fromJson(request)).map(v -> new JsonObject());
  }

  private static String entityId(JsonObject request) {
    if (request.getValue("entityId") instanceof String entityId && !entityId.isEmpty()) {
      return entityId;
    }
    Validation validation = new Validation();
    validation.add("entityId", "required");
    validation.throwIfInvalid();
    return null;
  }
}
