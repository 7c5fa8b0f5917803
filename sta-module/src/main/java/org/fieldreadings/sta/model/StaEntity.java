package org.fieldreadings.sta.model;

import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * One entity as the API shows it: its set, id and property values in the set's order ({@link EntitySet#properties()};
 * times as {@link java.time.Instant}, objects as {@link JsonObject}), and for each navigation property the scope of
 * the entities it leads to. Values by position, not in a map: a page holds 10,000 Observations.
 */
public record StaEntity(EntitySet set, long id, Object[] values, Map<String, Scope> links) {

  /** An entity of the set with these properties, by name. */
  public StaEntity(EntitySet set, long id, JsonObject properties, Map<String, Scope> links) {
    this(set, id, set.properties().stream().map(properties.getMap()::get).toArray(), links);
  }

  /** A property's value, null when it has none. */
  public Object property(String name) {
    int position = set.properties().indexOf(name);
    return position < 0 ? null : values[position];
  }
}
