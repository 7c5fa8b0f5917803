package org.fieldreadings.sta.store;

import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.DeviceSetQuery;
import org.fieldreadings.core.bus.DevicesContract.DeviceSetRow;
import org.fieldreadings.core.bus.DevicesContract.EntityDevicesOf;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.Datastream;
import org.fieldreadings.core.bus.ReadingsContract.DatastreamQuery;
import org.fieldreadings.core.bus.ReadingsContract.ObservationQuery;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.core.odata.Expr.Binary;
import org.fieldreadings.core.odata.Expr.Literal;
import org.fieldreadings.core.odata.Expr.Property;
import org.fieldreadings.core.odata.OrderBy;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.Scope;
import org.fieldreadings.sta.model.StaEntity;
import org.fieldreadings.sta.model.StaIds;
import org.fieldreadings.sta.request.StaException;

/**
 * Reads the caller's entities of each set through the devices and readings modules' contracts: Things and the sets
 * made of their locations from {@code devices.device-set}, Datastreams from {@code readings.datastreams},
 * Observations from {@code readings.observations} (the series blocks), Sensors and ObservedProperties from the
 * profiles and interfaces of the caller's Datastreams. One store serves one request, on its event loop.
 */
public final class StaStore {

  private static final String GEO_JSON = "application/geo+json";
  private static final String MEASUREMENT =
      "http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement";
  private static final String THING = "Thing";
  private static final String DATASTREAM = "Datastream";
  /** The Thing's property a Datastreams filter answers itself (a series' device). */
  private static final Set<String> THING_ID = Set.of("Thing/id");
  /** Datastreams read at once, and at most in all, when a filter's conditions are checked one by one here. */
  private static final int DATASTREAMS_PER_CHECK = 1_000;
  static final int MAX_DATASTREAMS_CHECKED = 10_000;
  /** Things a Datastreams filter's conditions on their Thing ({@code Thing/name eq ...}) may match. */
  static final int MAX_THINGS_MATCHED = 10_000;

  private final EventBus bus;
  private final OwnedDatastreams remembered;
  private final String entityId;
  /** Where the API's documentation is served: the stable URLs of Sensors' metadata and properties' definitions. */
  private final String docs;
  /** The caller's devices of each profile (empty: all), fetched once for the request this store serves. */
  private final Map<Optional<Profile>, Future<long[]>> owned = new HashMap<>();
  /** The Datastreams this request has read and found to be the caller's, by id: a path's Datastream is read once. */
  private final Map<Long, Datastream> datastreamsRead = new HashMap<>();
  /** The caller's devices this request has read, by id: a page of Things' Datastreams asks for none again. */
  private final Map<Long, DeviceSetRow> devicesRead = new HashMap<>();

  public StaStore(EventBus bus, OwnedDatastreams remembered, String entityId, String docs) {
    this.bus = bus;
    this.remembered = remembered;
    this.entityId = entityId;
    this.docs = docs;
  }

  public Future<Page> page(EntitySet set, Scope scope, Paging paging) {
    return switch (set) {
      case THINGS, LOCATIONS, HISTORICAL_LOCATIONS, FEATURES_OF_INTEREST -> devices(set, scope, paging);
      case DATASTREAMS -> datastreams(scope, paging);
      case SENSORS -> sensors(scope, paging);
      case OBSERVED_PROPERTIES -> observedProperties(scope, paging);
      case OBSERVATIONS -> observations(scope, paging);
    };
  }

  /** The one entity of the set with this id in the scope, if the caller has it. */
  public Future<Optional<StaEntity>> one(EntitySet set, Scope scope, long id) {
    return page(set, scope.withId(id), Paging.first(1))
        .map(page -> page.entities().stream().filter(e -> e.id() == id).findFirst());
  }

  // --- Things, Locations, HistoricalLocations, FeaturesOfInterest: the caller's devices ---

  private Future<Page> devices(EntitySet set, Scope scope, Paging paging) {
    return DevicesContract.DEVICE_SET.request(bus, new DeviceSetQuery(entityId, set != EntitySet.THINGS,
            scope.ids(), FilterMapping.map(set, paging.filter()), FilterMapping.order(set, paging.order()),
            paging.skip(), paging.top() + 1, paging.count()))
        .map(page -> {
          page.devices().forEach(row -> devicesRead.put(row.deviceId(), row));
          return trimmed(page.devices().stream().map(row -> device(set, row)).toList(), paging, page.count());
        });
  }

  private static StaEntity device(EntitySet set, DeviceSetRow row) {
    long id = row.deviceId();
    String serial = row.ref().serial();
    String profile = row.ref().profile().name();
    Map<String, Scope> links = new LinkedHashMap<>();
    JsonObject properties = new JsonObject();
    switch (set) {
      case THINGS -> {
        properties.put("name", serial).put("description", "The " + profile + " device " + serial)
            .put("properties", new JsonObject().put("profile", profile).put("group", row.group())
                .put("subscriptions", new JsonArray(row.subscriptions())));
        links.put("Locations", Scope.ids(id));
        links.put("HistoricalLocations", Scope.ids(id));
        links.put("Datastreams", Scope.devices(id));
      }
      case LOCATIONS, FEATURES_OF_INTEREST -> {
        JsonObject point = new JsonObject().put("type", "Point")
            .put("coordinates", new JsonArray().add(row.longitude()).add(row.latitude()));
        properties.put("name", "Location of " + serial)
            .put("description", "Where the " + profile + " device " + serial + " stands")
            .put("encodingType", GEO_JSON).put(set == EntitySet.LOCATIONS ? "location" : "feature", point);
        if (set == EntitySet.LOCATIONS) {
          links.put("Things", Scope.ids(id));
          links.put("HistoricalLocations", Scope.ids(id));
        } else {
          links.put("Observations", Scope.devices(id));
        }
      }
      case HISTORICAL_LOCATIONS -> {
        properties.put("time", row.locationSetAt());
        links.put("Thing", Scope.ids(id));
        links.put("Locations", Scope.ids(id));
      }
      default -> throw new IllegalArgumentException(set + " is not made of devices");
    }
    return new StaEntity(set, id, properties, links);
  }

  // --- Datastreams: the caller's series with readings ---

  private Future<Page> datastreams(Scope scope, Paging paging) {
    NavigationPart part = NavigationPart.of(paging.filter(), THING, THING_ID);
    FilterMapping.Split split = FilterMapping.split(EntitySet.DATASTREAMS, part.rest());
    Expr filter = FilterMapping.map(EntitySet.DATASTREAMS, split.fields());
    List<Long> series = seriesIds(scope);
    // Datastreams a path names by id (one at a time) are read by id, then checked to be the caller's in describe:
    // no list of all the caller's devices is fetched for them.
    boolean byId = series != null && scope.deviceIds() == null && scope.profile() == null && part.on() == null;
    boolean oneByIdAlone = byId && series.size() == 1 && scope.iface() == null && part.rest() == null
        && paging.skip() == 0;
    if (oneByIdAlone) {
      Optional<Page> known = remembered(series.get(0), paging);
      if (known.isPresent()) {
        return Future.succeededFuture(known.get());
      }
    }
    Future<long[]> devices = meeting(part, byId ? Future.succeededFuture() : deviceIds(scope));
    if (split.computed() != null) {
      return devices.compose(ids -> new CheckedDatastreams(ids, series, scope.iface(), filter, split.computed(),
          paging).page());
    }
    return devices.compose(ids -> ReadingsContract.DATASTREAMS.request(bus, new DatastreamQuery(ids, series,
            scope.iface(), filter, paging.skip(), paging.top() + 1, paging.count())))
        .compose(page -> describe(page.datastreams()).map(entities -> {
          if (oneByIdAlone && entities.size() == 1) {
            Datastream stream = datastreamsRead.get(entities.get(0).id());
            remembered.put(entityId, stream, devicesRead.get(stream.deviceId()));
          }
          return trimmed(entities, paging, page.count());
        }));
  }

  /**
   * A page of the Datastreams that meet a condition on properties made up here (a name, a description), checked one
   * by one, a thousand at a time in id order, among those the rest of the filter allows: at most
   * {@link #MAX_DATASTREAMS_CHECKED} of them.
   */
  private final class CheckedDatastreams {
    private final long[] devices;
    private final List<Long> series;
    private final String iface;
    private final Expr filter;
    private final Expr condition;
    private final Paging paging;
    /** Those that met the condition, up to the page's end and one more; how many did; how many were checked. */
    private final List<StaEntity> met = new ArrayList<>();
    private long count;
    private int checked;

    CheckedDatastreams(long[] devices, List<Long> series, String iface, Expr filter, Expr condition, Paging paging) {
      this.devices = devices;
      this.series = series;
      this.iface = iface;
      this.filter = filter;
      this.condition = condition;
      this.paging = paging;
    }

    Future<Page> page() {
      return after(0).map(v -> {
        int from = (int) Math.min(met.size(), paging.skip());
        int to = (int) Math.min(met.size(), from + (long) paging.top());
        return new Page(met.subList(from, to), paging.count() ? count : null, to < met.size());
      });
    }

    /** Checks the Datastreams after the one with id {@code last} (0: from the first) until the page is known. */
    private Future<Void> after(long last) {
      // On by id, not by offset: the database passes over nothing it read before.
      Expr onward = Expr.allOf(Arrays.asList(filter, last == 0 ? null
          : new Binary("gt", new Property(List.of("id")), new Literal(BigDecimal.valueOf(last)))));
      return ReadingsContract.DATASTREAMS.request(bus, new DatastreamQuery(devices, series, iface, onward, 0,
          DATASTREAMS_PER_CHECK + 1, false)).compose(page -> {
            List<Datastream> read = page.datastreams();
            boolean more = read.size() > DATASTREAMS_PER_CHECK;
            List<Datastream> batch = more ? read.subList(0, DATASTREAMS_PER_CHECK) : read;
            return describe(batch).compose(entities -> {
              checked += batch.size();
              for (StaEntity entity : entities) {
                if (MemoryFilter.test(condition, entity)) {
                  count++;
                  if (met.size() <= paging.skip() + paging.top()) {
                    met.add(entity);
                  }
                }
              }
              if (!more || !paging.count() && met.size() > paging.skip() + paging.top()) {
                return Future.succeededFuture();
              }
              if (checked >= MAX_DATASTREAMS_CHECKED) {
                return Future.failedFuture(StaException.badRequest("$filter: conditions on a Datastream's name, "
                    + "description or unit are checked Datastream by Datastream, and more than "
                    + MAX_DATASTREAMS_CHECKED + " would be: narrow them with Thing/..., ObservedProperty/name or id"));
              }
              return after(batch.get(batch.size() - 1).seriesId());
            });
          });
    }
  }

  /** The page of the one Datastream a path names, if this node found it to be the caller's in the last second. */
  private Optional<Page> remembered(long seriesId, Paging paging) {
    OwnedDatastreams.Owned known = remembered.get(entityId, seriesId);
    if (known == null) {
      return Optional.empty();
    }
    datastreamsRead.put(seriesId, known.stream());
    devicesRead.putIfAbsent(known.device().deviceId(), known.device());
    List<StaEntity> one = List.of(datastream(known.stream(), known.device()));
    return Optional.of(trimmed(one, paging, paging.count() ? 1L : null));
  }

  /** Those of the devices whose Things meet the part's conditions on the Thing; all of them when it has none. */
  private Future<long[]> meeting(NavigationPart thing, Future<long[]> devices) {
    return thing.on() == null ? devices : devices.compose(within -> thingsMeeting(thing.on(), within));
  }

  /** Those of the devices {@code within} whose Things meet the condition, at most {@link #MAX_THINGS_MATCHED}. */
  private Future<long[]> thingsMeeting(Expr condition, long[] within) {
    return DevicesContract.DEVICE_SET.request(bus, new DeviceSetQuery(entityId, false, null,
            FilterMapping.map(EntitySet.THINGS, condition), List.of(), 0, MAX_THINGS_MATCHED + 1, false))
        .map(page -> {
              if (page.devices().size() > MAX_THINGS_MATCHED) {
                throw StaException.badRequest("$filter: the conditions on Thing match more than " + MAX_THINGS_MATCHED
                    + " Things: narrow them");
              }
              Set<Long> met = new HashSet<>();
              page.devices().forEach(row -> met.add(row.deviceId()));
              return Arrays.stream(within).filter(met::contains).toArray();
            });
  }

  /** The caller's Datastream with this id, read once for the request. */
  private Future<Optional<Datastream>> datastream(long seriesId) {
    Datastream read = datastreamsRead.get(seriesId);
    return read != null ? Future.succeededFuture(Optional.of(read))
        : datastreams(Scope.ids(seriesId), Paging.first(1))
            .map(page -> Optional.ofNullable(datastreamsRead.get(seriesId)));
  }

  /** The caller's devices within the scope's devices and profile, ascending. */
  private Future<long[]> deviceIds(Scope scope) {
    if (scope.deviceIds() != null && scope.profile() == null) {
      // Devices a scope names come from a link of an entity read in the caller's scope: they are the caller's.
      return Future.succeededFuture(scope.deviceIds().stream().mapToLong(Long::longValue).toArray());
    }
    // Asked once per profile and request: resolving a path and expanding ask again and again.
    return owned.computeIfAbsent(Optional.ofNullable(scope.profile()), profile -> DevicesContract.ENTITY_DEVICE_IDS
            .request(bus, new EntityDevicesOf(entityId, scope.profile())))
        .map(owned -> scope.deviceIds() == null ? owned
            : Arrays.stream(owned).filter(id -> scope.deviceIds().contains(id)).toArray());
  }

  /** The series a Datastream scope names (its ids, or the series of Observations), null for any. */
  private static List<Long> seriesIds(Scope scope) {
    List<Long> ids = scope.ids() != null ? scope.ids() : scope.seriesIds();
    return ids == null ? null : ids.stream().filter(id -> id > 0 && id <= Integer.MAX_VALUE).toList();
  }

  private Future<List<StaEntity>> describe(List<Datastream> datastreams) {
    if (datastreams.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    List<Long> unread = datastreams.stream().map(Datastream::deviceId).distinct()
        .filter(device -> !devicesRead.containsKey(device)).toList();
    Future<Void> read = unread.isEmpty() ? Future.succeededFuture()
        : DevicesContract.DEVICE_SET.request(bus, new DeviceSetQuery(entityId, false, unread, null, List.of(), 0,
            unread.size(), false)).map(page -> {
              page.devices().forEach(row -> devicesRead.put(row.deviceId(), row));
              return null;
            });
    return read.map(v -> {
      List<Datastream> callers = datastreams.stream().filter(d -> devicesRead.containsKey(d.deviceId())).toList();
      callers.forEach(d -> datastreamsRead.put((long) d.seriesId(), d));
      return callers.stream().map(d -> datastream(d, devicesRead.get(d.deviceId()))).toList();
    });
  }

  private StaEntity datastream(Datastream stream, DeviceSetRow device) {
    SensorInterface iface = InterfaceCatalog.of(stream.iface());
    String serial = device.ref().serial();
    String on = stream.connectorId().equals(DevicesContract.ORIGIN) ? "" : " (connector " + stream.connectorId() + ")";
    JsonObject properties = new JsonObject()
        .put("name", serial + " " + iface.name() + on)
        .put("description", iface.name() + " of the " + device.ref().profile().name() + " device " + serial + on)
        .put("unitOfMeasurement", new JsonObject()
            .put("name", iface.unit().name().toLowerCase(Locale.ROOT).replace('_', ' '))
            .put("symbol", iface.unit().symbol())
            .put("definition", docs + "#units"))
        .put("observationType", MEASUREMENT);
    Map<String, Scope> links = new LinkedHashMap<>();
    links.put("Thing", Scope.ids(stream.deviceId()));
    links.put("Sensor", Scope.ids(StaIds.sensor(device.ref().profile())));
    links.put("ObservedProperty", Scope.ids(StaIds.observedProperty(iface.name())));
    links.put("Observations", Scope.series(stream.seriesId()));
    return new StaEntity(EntitySet.DATASTREAMS, stream.seriesId(), properties, links);
  }

  // --- Sensors and ObservedProperties: the profiles and interfaces of the caller's Datastreams ---

  private Future<Page> sensors(Scope scope, Paging paging) {
    List<Profile> candidates = Arrays.stream(Profile.values())
        .filter(p -> scope.ids() == null || scope.ids().contains(StaIds.sensor(p))).toList();
    List<Future<Optional<StaEntity>>> found = candidates.stream().map(this::sensorIfUsed).toList();
    return Future.all(found).map(all -> inMemory(found.stream().map(Future::result).flatMap(Optional::stream)
        .toList(), paging));
  }

  private Future<Optional<StaEntity>> sensorIfUsed(Profile profile) {
    return deviceIds(Scope.profile(profile))
        .compose(devices -> devices.length == 0 ? Future.succeededFuture(0L)
            : ReadingsContract.DATASTREAMS.request(bus, new DatastreamQuery(devices, null, null, null, 0, 0, true))
                .map(page -> page.count()))
        .map(count -> count == 0 ? Optional.empty() : Optional.of(new StaEntity(EntitySet.SENSORS,
            StaIds.sensor(profile), new JsonObject().put("name", profile.name())
                .put("description", "The sensors of " + profile.name() + " devices")
                .put("encodingType", "text/html").put("metadata", docs + "#profiles"),
            Map.of("Datastreams", Scope.profile(profile)))));
  }

  private Future<Page> observedProperties(Scope scope, Paging paging) {
    return deviceIds(Scope.ALL).compose(devices -> ReadingsContract.DATASTREAM_INTERFACES.request(bus, devices))
        .map(names -> inMemory(names.stream()
            .filter(name -> scope.ids() == null || scope.ids().contains(StaIds.observedProperty(name)))
            .map(name -> {
              SensorInterface iface = InterfaceCatalog.of(name);
              return new StaEntity(EntitySet.OBSERVED_PROPERTIES, StaIds.observedProperty(name), new JsonObject()
                  .put("name", name).put("definition", docs + "#interface-" + name)
                  .put("description", name + " in " + iface.unit().symbol()),
                  Map.of("Datastreams", Scope.iface(name)));
            }).toList(), paging));
  }

  // --- Observations: the readings of the caller's series ---

  private Future<Page> observations(Scope scope, Paging paging) {
    if (scope.ids() != null) {
      return observationsById(scope, paging);
    }
    NavigationPart part = NavigationPart.of(featureAsThing(paging.filter()), DATASTREAM, Set.of());
    ObservationWalk walk = new ObservationWalk(bus, paging.withFilter(part.rest()));
    List<Long> series = seriesIds(scope);
    if (part.on() == null && series != null && series.size() == 1) {
      // One Datastream's Observations, as a path names them: that Datastream only, read once for the request.
      return datastream(series.get(0)).compose(stream -> walk.through(stream.filter(in(scope))
          .map(List::of).orElse(List.of()))).map(v -> walk.page());
    }
    // Conditions on the Datastream (and its Thing) choose the Datastreams gone through, among the caller's.
    NavigationPart thing = NavigationPart.of(part.on(), THING, THING_ID);
    Expr filter = FilterMapping.map(EntitySet.DATASTREAMS, thing.rest());
    return meeting(thing, deviceIds(scope)).compose(ids -> walk.next(ids, series, filter, 0));
  }

  /** An Observations filter with {@code FeatureOfInterest/id} (a device's) as {@code Datastream/Thing/id}. */
  private static Expr featureAsThing(Expr filter) {
    return filter == null ? null : Expr.withProperties(filter, property -> property.text().equals(
        "FeatureOfInterest/id") ? new Property(List.of(DATASTREAM, THING, "id")) : property);
  }

  /** Whether a Datastream is of the scope's Things (FeaturesOfInterest/Observations). */
  private static Predicate<Datastream> in(Scope scope) {
    return stream -> scope.deviceIds() == null || scope.deviceIds().contains(stream.deviceId());
  }

  /** Each id names a series and a second: the first reading of that second, if the caller has the series. */
  private Future<Page> observationsById(Scope scope, Paging paging) {
    List<Future<Optional<StaEntity>>> found = scope.ids().stream()
        .filter(id -> scope.seriesIds() == null || scope.seriesIds().contains(StaIds.seriesOf(id)))
        .map(id -> observationById(scope, id)).toList();
    return Future.all(found).map(all -> inMemory(found.stream().map(Future::result).flatMap(Optional::stream)
        .toList(), paging));
  }

  private Future<Optional<StaEntity>> observationById(Scope scope, long id) {
    long second = StaIds.secondOf(id);
    return datastream(StaIds.seriesOf(id)).map(stream -> stream.filter(in(scope))).compose(stream -> stream.isEmpty()
        ? Future.succeededFuture(Optional.empty())
        : ReadingsContract.OBSERVATIONS.request(bus, new ObservationQuery(stream.get(), second,
            second + 999, false, 0, 1, false)).map(readings -> readings.timestamps().length == 0
                ? Optional.<StaEntity>empty()
                : Optional.of(Observations.of(stream.get(), readings.timestamps()[0], readings.values()[0]))));
  }

  /** A page from at most {@code top + 1} entities: the extra one only tells that more follow. */
  private static Page trimmed(List<StaEntity> entities, Paging paging, Long count) {
    boolean more = entities.size() > paging.top();
    return new Page(more ? entities.subList(0, paging.top()) : entities, count, more);
  }

  /** The order of a small set's entities: by the keys' properties (their text), then by id. */
  private static Comparator<StaEntity> order(List<OrderBy> keys) {
    Comparator<StaEntity> order = (a, b) -> 0;
    for (OrderBy key : keys) {
      Comparator<StaEntity> byKey = key.property().equals("id") ? Comparator.comparingLong(StaEntity::id)
          : Comparator.comparing(entity -> String.valueOf(entity.property(key.property())));
      order = order.thenComparing(key.descending() ? byKey.reversed() : byKey);
    }
    return order.thenComparingLong(StaEntity::id);
  }

  /** A page of a small set held whole, filtered here. */
  private static Page inMemory(List<StaEntity> unfiltered, Paging paging) {
    List<StaEntity> all = unfiltered.stream()
        .filter(entity -> paging.filter() == null || MemoryFilter.test(paging.filter(), entity))
        .sorted(order(paging.order())).toList();
    int from = (int) Math.min(all.size(), paging.skip());
    int to = (int) Math.min(all.size(), from + (long) paging.top());
    return new Page(all.subList(from, to), paging.count() ? (long) all.size() : null, to < all.size());
  }
}
