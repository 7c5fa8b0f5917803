package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.IngestScope;
import org.fieldreadings.core.bus.DevicesContract.LearnReply;
import org.fieldreadings.core.bus.DevicesContract.LearnRequest;
import org.fieldreadings.core.bus.DevicesContract.ReportedDevice;

/**
 * {@link DevicesContract#LEARN}: the devices, connectors and interfaces seen in ingested data. It runs for every
 * ingest batch, so the usual case, nothing new, costs one read-only query. Only what is missing is then written,
 * in one transaction of idempotent bulk statements whose rows are sorted: concurrent learners of the same devices
 * wait for each other instead of failing, and cannot deadlock. A payload of an ingest key learns only the devices
 * its {@link IngestRules} allow.
 */
final class DeviceLearner {

  /** The order in which devices are written, hence locked. */
  private static final Comparator<DeviceRef> WRITE_ORDER =
      Comparator.comparing(DeviceRef::profile).thenComparing(DeviceRef::serial);

  /** What a batch says about one device. */
  private record Learned(DeviceRef ref, DeviceFacts facts, Connectors connectors) {
    /** The same device seen again later in the batch: later facts win, connectors add up. */
    Learned and(Learned later) {
      return new Learned(ref, later.facts.over(facts), connectors.union(later.connectors));
    }
  }

  /** What the registry already knows of a device: also its first ingest key (null: none) and its entities. */
  record Known(long deviceId, DeviceFacts facts, Connectors connectors, Long ingestKeyId, List<String> entities) {}

  private final Pool pool;
  private final RegistryCache registry;
  private final int maxDevicesPerKey;

  DeviceLearner(Pool pool, RegistryCache registry, int maxDevicesPerKey) {
    this.pool = pool;
    this.registry = registry;
    this.maxDevicesPerKey = maxDevicesPerKey;
  }

  Future<LearnReply> learn(LearnRequest request) {
    List<DeviceRef> requestOrder = new ArrayList<>();
    Map<DeviceRef, Learned> learned = parse(request, requestOrder);
    IngestScope scope = request.scope();
    if (learned.isEmpty()) {
      return Future.succeededFuture(new LearnReply(Map.of(), Map.of()));
    }
    Map<DeviceRef, String> refused = new HashMap<>();
    return pool.preparedQuery(DevicesQueries.KNOWN_DEVICES)
        .execute(Tuple.tuple().addArrayOfString(profiles(learned.keySet()))
            .addArrayOfString(serials(learned.keySet())))
        .compose(rows -> {
          Map<DeviceRef, Known> known = new HashMap<>();
          rows.forEach(row -> known.put(DevicesQueries.ref(row), known(row)));
          if (scope == null) {
            return write(learned.values(), known, null);
          }
          IngestRules rules = new IngestRules(scope, maxDevicesPerKey);
          boolean anyNew = learned.keySet().stream().anyMatch(ref -> !known.containsKey(ref));
          Future<Long> owned = anyNew
              ? pool.preparedQuery(DevicesQueries.DEVICES_OF_INGEST_KEY).execute(Tuple.of(scope.keyId()))
                  .map(count -> count.iterator().next().getLong(0))
              : Future.succeededFuture(0L);
          return owned.compose(count -> {
            List<Learned> allowed = new ArrayList<>();
            IngestRules.Budget budget = rules.budget(count);
            for (Learned device : learned.values()) {
              Known before = known.get(device.ref());
              String refusal = rules.refusal(before, budget);
              if (refusal != null) {
                refused.put(device.ref(), device.ref().serial() + ": " + refusal);
              } else {
                allowed.add(rules.acceptsFacts(before) ? device
                    : new Learned(device.ref(), DeviceFacts.NONE, device.connectors()));
              }
            }
            return write(allowed, known, scope);
          });
        })
        .map(ids -> reply(requestOrder, ids, refused));
  }

  /**
   * Writes what {@code known} lacks and answers every device's id. With a scope, new devices and those no key has
   * record its key, and new ones join its entity.
   */
  private Future<Map<DeviceRef, Long>> write(
      Iterable<Learned> learned, Map<DeviceRef, Known> known, IngestScope scope) {
    Map<DeviceRef, Long> ids = new HashMap<>();
    List<Learned> upserts = new ArrayList<>();
    Map<DeviceRef, Connectors> missing = new HashMap<>();
    List<DeviceRef> created = new ArrayList<>();
    for (Learned device : learned) {
      Known before = known.get(device.ref());
      if (before == null || device.facts().changes(before.facts())
          || (scope != null && before.ingestKeyId() == null)) {
        upserts.add(device);
      }
      if (before == null) {
        created.add(device.ref());
      }
      if (before != null) {
        ids.put(device.ref(), before.deviceId());
      }
      Connectors lacking = device.connectors().without(before == null ? Connectors.NONE : before.connectors());
      if (!lacking.isEmpty()) {
        missing.put(device.ref(), lacking);
      }
    }
    if (upserts.isEmpty() && missing.isEmpty()) {
      return Future.succeededFuture(ids);
    }
    upserts.sort(Comparator.comparing(Learned::ref, WRITE_ORDER));
    return pool.withTransaction(conn -> upsert(conn, upserts, scope == null ? null : scope.keyId())
        .compose(upserted -> {
          ids.putAll(upserted);
          SortedMap<Long, Connectors> byDeviceId = new TreeMap<>();
          missing.forEach((ref, connectors) -> byDeviceId.put(ids.get(ref), connectors));
          return DeviceStore.addConnectors(conn, byDeviceId);
        })
        .compose(v -> scope == null || scope.entityId() == null || created.isEmpty() ? Future.succeededFuture()
            : conn.preparedQuery(DevicesQueries.ASSIGN_ALL).execute(Tuple.tuple().addString(scope.entityId())
                .addArrayOfLong(created.stream().map(ids::get).toArray(Long[]::new))))
        .compose(v -> registry.announce(conn))
        .map(v -> ids))
        .andThen(done -> registry.changed());
  }

  private static Future<Map<DeviceRef, Long>> upsert(SqlClient client, List<Learned> devices, Long ingestKeyId) {
    if (devices.isEmpty()) {
      return Future.succeededFuture(Map.of());
    }
    int size = devices.size();
    String[] groups = new String[size];
    Double[] latitudes = new Double[size];
    Double[] longitudes = new Double[size];
    Long[] ingestKeys = new Long[size];
    Arrays.fill(ingestKeys, ingestKeyId);
    for (int i = 0; i < size; i++) {
      DeviceFacts facts = devices.get(i).facts();
      groups[i] = facts.group();
      latitudes[i] = facts.location() == null ? null : facts.location().latitude();
      longitudes[i] = facts.location() == null ? null : facts.location().longitude();
    }
    List<DeviceRef> refs = devices.stream().map(Learned::ref).toList();
    return client.preparedQuery(DevicesQueries.UPSERT_DEVICES)
        .execute(Tuple.tuple().addArrayOfString(profiles(refs)).addArrayOfString(serials(refs)).addArrayOfString(groups)
            .addArrayOfDouble(latitudes).addArrayOfDouble(longitudes).addArrayOfLong(ingestKeys))
        .map(rows -> {
          Map<DeviceRef, Long> ids = new HashMap<>();
          rows.forEach(row -> ids.put(DevicesQueries.ref(row), row.getLong("device_id")));
          return ids;
        });
  }

  private static Known known(Row row) {
    return new Known(row.getLong("device_id"), DevicesQueries.facts(row), DevicesQueries.connectors(row),
        row.getLong("ingest_key_id"), Arrays.asList(row.getArrayOfStrings("entities")));
  }

  /**
   * The devices of a request, each once (in first-seen order; {@code requestOrder} gets every entry), with their
   * groups checked: the contract's records cannot hold an invalid identity, connector or interface.
   */
  private static Map<DeviceRef, Learned> parse(LearnRequest request, List<DeviceRef> requestOrder) {
    Validation validation = new Validation();
    Map<DeviceRef, Learned> devices = new LinkedHashMap<>();
    for (int i = 0; i < request.devices().size(); i++) {
      ReportedDevice device = request.devices().get(i);
      String at = "devices[" + i + "].group";
      String group = device.group().map(g -> DeviceFacts.group(g, at, validation)).orElse(null);
      Location location = device.location().map(l -> new Location(l.latitude(), l.longitude())).orElse(null);
      DeviceRef ref = device.device();
      requestOrder.add(ref);
      devices.merge(ref, new Learned(ref, new DeviceFacts(group, location), Connectors.of(device.connectors())),
          Learned::and);
    }
    validation.throwIfInvalid();
    return devices;
  }

  private static String[] profiles(Iterable<DeviceRef> refs) {
    List<String> profiles = new ArrayList<>();
    refs.forEach(ref -> profiles.add(ref.profile().name()));
    return profiles.toArray(String[]::new);
  }

  private static String[] serials(Iterable<DeviceRef> refs) {
    List<String> serials = new ArrayList<>();
    refs.forEach(ref -> serials.add(ref.serial()));
    return serials.toArray(String[]::new);
  }

  /** The refusals in request order. */
  private static LearnReply reply(
      List<DeviceRef> requestOrder, Map<DeviceRef, Long> ids, Map<DeviceRef, String> refused) {
    Map<DeviceRef, String> inOrder = new LinkedHashMap<>();
    requestOrder.forEach(ref -> {
      if (refused.containsKey(ref)) {
        inOrder.put(ref, refused.get(ref));
      }
    });
    return new LearnReply(ids, inOrder);
  }
}
