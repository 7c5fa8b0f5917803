package org.fieldreadings.devices;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.catalog.InterfaceNames;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * A device's connectors and the interfaces each carries, immutable and in the order answers show them
 * (docs/api.md): {@code ORIGIN} first, then by connector id; interfaces in catalog order.
 */
final class Connectors {

  /** {@code ORIGIN} first, then by id; String order is the database's "C" collation for these ASCII ids. */
  static final Comparator<String> ORDER = Comparator.comparing((String id) -> !id.equals(DevicesContract.ORIGIN))
      .thenComparing(Comparator.naturalOrder());

  private static final Comparator<SensorInterface> CATALOG_ORDER = Comparator.comparingInt(SensorInterface::position);

  static final Connectors NONE = new Builder().build();

  private final SortedMap<String, SortedSet<SensorInterface>> byId;

  private Connectors(SortedMap<String, SortedSet<SensorInterface>> byId) {
    this.byId = byId;
  }

  /** From the parallel (connector id, interface name) columns of rows; null columns mean no rows. */
  static Connectors fromColumns(String[] connectorIds, String[] interfaces) {
    Builder builder = new Builder();
    for (int i = 0; connectorIds != null && i < connectorIds.length; i++) {
      builder.add(connectorIds[i], List.of(InterfaceCatalog.of(interfaces[i])));
    }
    return builder.build();
  }

  /**
   * Reads an operator's declaration {@code [{"connectorId": "ORIGIN", "interfaces": ["AirTemp"]}]}; a connector
   * listed twice carries both lists. Null after adding errors named {@code parameter[i].connectorId} ...
   */
  static Connectors parseDeclared(Object value, String parameter, Validation validation) {
    if (!(value instanceof JsonArray array)) {
      validation.add(parameter, "must be an array of objects with connectorId and interfaces");
      return null;
    }
    Builder builder = new Builder();
    boolean valid = true;
    for (int i = 0; i < array.size(); i++) {
      String at = parameter + "[" + i + "]";
      if (!(array.getValue(i) instanceof JsonObject connector)) {
        validation.add(at, "must be an object with connectorId and interfaces");
        valid = false;
        continue;
      }
      String connectorId = connectorId(connector.getValue("connectorId"), at + ".connectorId", validation);
      List<SensorInterface> interfaces = interfaces(connector.getValue("interfaces"), at + ".interfaces", validation);
      if (connectorId == null || interfaces == null) {
        valid = false;
      } else {
        builder.add(connectorId, interfaces);
      }
    }
    return valid ? builder.build() : null;
  }

  /** The interfaces ingested data has readings of, by connector id (checked by the contract's record). */
  static Connectors of(Map<String, ? extends Collection<SensorInterface>> byId) {
    Builder builder = new Builder();
    byId.forEach(builder::add);
    return builder.build();
  }

  private static String connectorId(Object value, String parameter, Validation validation) {
    if (value instanceof String id && DeviceRef.isIdentifier(id)) {
      return id;
    }
    validation.add(parameter, (value == null ? "" : "'" + value + "' ") + DeviceRef.IDENTIFIER_RULE);
    return null;
  }

  private static List<SensorInterface> interfaces(Object value, String parameter, Validation validation) {
    if (!(value instanceof JsonArray array) || array.isEmpty()) {
      validation.add(parameter, "must be a non-empty array of interface names");
      return null;
    }
    List<SensorInterface> known = new ArrayList<>();
    Collection<String> unknown = new LinkedHashSet<>();
    for (Object name : array) {
      Optional<SensorInterface> sensorInterface =
          name instanceof String text ? InterfaceCatalog.byName(text) : Optional.empty();
      sensorInterface.ifPresentOrElse(known::add, () -> unknown.add(String.valueOf(name)));
    }
    if (!unknown.isEmpty()) {
      validation.add(parameter, InterfaceNames.unknown(unknown));
      return null;
    }
    return known;
  }

  boolean isEmpty() {
    return byId.isEmpty();
  }

  /** Every connector and interface of either. */
  Connectors union(Connectors other) {
    Builder builder = new Builder();
    byId.forEach(builder::add);
    other.byId.forEach(builder::add);
    return builder.build();
  }

  /** The (connector, interface) pairs of this that {@code known} lacks. */
  Connectors without(Connectors known) {
    Builder builder = new Builder();
    forEachPair((connectorId, sensorInterface) -> {
      SortedSet<SensorInterface> knownInterfaces = known.byId.get(connectorId);
      if (knownInterfaces == null || !knownInterfaces.contains(sensorInterface)) {
        builder.add(connectorId, List.of(sensorInterface));
      }
    });
    return builder.build();
  }

  /** Visits every (connector id, interface) pair in answer order. */
  void forEachPair(BiConsumer<String, SensorInterface> visitor) {
    byId.forEach((connectorId, interfaces) -> interfaces.forEach(i -> visitor.accept(connectorId, i)));
  }

  /** {@code [{"connectorId": "ORIGIN", "interfaces": ["AirTemp"]}]}, the form of the public device description. */
  JsonArray toApiJson() {
    JsonArray array = new JsonArray();
    byId.forEach((connectorId, interfaces) -> array.add(new JsonObject()
        .put("connectorId", connectorId)
        .put("interfaces", names(interfaces))));
    return array;
  }

  /** The connectors as the bus contract carries them, in answer order. */
  List<DevicesContract.Connector> toContract() {
    List<DevicesContract.Connector> list = new ArrayList<>();
    byId.forEach((connectorId, interfaces) -> list.add(new DevicesContract.Connector(connectorId,
        List.copyOf(interfaces))));
    return list;
  }

  private static JsonArray names(Collection<SensorInterface> interfaces) {
    return new JsonArray(interfaces.stream().map(SensorInterface::name).toList());
  }

  private static final class Builder {
    private final SortedMap<String, SortedSet<SensorInterface>> byId = new TreeMap<>(ORDER);

    void add(String connectorId, Collection<SensorInterface> interfaces) {
      byId.computeIfAbsent(connectorId, id -> new TreeSet<>(CATALOG_ORDER)).addAll(interfaces);
    }

    Connectors build() {
      SortedMap<String, SortedSet<SensorInterface>> frozen = new TreeMap<>(ORDER);
      byId.forEach((id, interfaces) -> frozen.put(id, Collections.unmodifiableSortedSet(interfaces)));
      return new Connectors(Collections.unmodifiableSortedMap(frozen));
    }
  }
}
