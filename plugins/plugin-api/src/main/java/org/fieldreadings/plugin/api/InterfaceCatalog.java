package org.fieldreadings.plugin.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every interface in catalog order (docs/api.md), the depth families expanded from their depth lists. */
public final class InterfaceCatalog {

  private static final List<SensorInterface> ALL;
  private static final Map<String, SensorInterface> BY_NAME;

  static {
    List<SensorInterface> all = new ArrayList<>();
    for (InterfaceFamily family : InterfaceFamily.values()) {
      if (family.hasDepths()) {
        for (int depth : family.depthsCm()) {
          all.add(new SensorInterface(all.size(), family.prefix() + depth, family, depth));
        }
      } else {
        all.add(new SensorInterface(all.size(), family.prefix(), family, 0));
      }
    }
    Map<String, SensorInterface> byName = new LinkedHashMap<>();
    all.forEach(i -> byName.put(i.name(), i));
    ALL = Collections.unmodifiableList(all);
    BY_NAME = Collections.unmodifiableMap(byName);
  }

  private InterfaceCatalog() {}

  /** All interfaces in catalog order. */
  public static List<SensorInterface> all() {
    return ALL;
  }

  /** The interface with exactly this (case-sensitive) name. */
  public static Optional<SensorInterface> byName(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }

  /** The interface with exactly this name; fails for a name outside the catalog. */
  public static SensorInterface of(String name) {
    return byName(name).orElseThrow(() -> new IllegalArgumentException("unknown interface name: " + name));
  }
}
