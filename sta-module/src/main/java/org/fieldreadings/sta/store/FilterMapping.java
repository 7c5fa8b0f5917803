package org.fieldreadings.sta.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.core.odata.Expr.Property;
import org.fieldreadings.core.odata.FilterException;
import org.fieldreadings.core.odata.OrderBy;
import org.fieldreadings.sta.model.EntitySet;

/**
 * Rewrites a filter on a set the modules filter in SQL into the fields their contracts name: a Thing's {@code name}
 * is the device's {@code serial}, a Location's {@code location} the device's point. Properties that are text made
 * up here (descriptions) cannot be filtered on. A Datastreams filter's conditions on their Thing are taken apart
 * first ({@link NavigationPart}).
 */
final class FilterMapping {

  private static final Map<EntitySet, Map<String, String>> FIELDS = Map.of(
      EntitySet.THINGS, Map.of("id", "id", "name", "serial", "properties/profile", "profile",
          "properties/group", "group"),
      EntitySet.LOCATIONS, Map.of("id", "id", "location", "location"),
      EntitySet.FEATURES_OF_INTEREST, Map.of("id", "id", "feature", "location"),
      EntitySet.HISTORICAL_LOCATIONS, Map.of("id", "id", "time", "locationSetAt"),
      EntitySet.DATASTREAMS, Map.of("id", "id", "Thing/id", "deviceId", "ObservedProperty/name", "interface"));

  private FilterMapping() {}

  /**
   * A filter split at its top-level {@code and}s: the conditions the owning module answers over its fields, and
   * those naming properties made up here (a Datastream's {@code name}, {@code description}, {@code unitOfMeasurement}),
   * which are checked entity by entity.
   */
  record Split(Expr fields, Expr computed) {}

  static Split split(EntitySet set, Expr filter) {
    Map<String, String> fields = FIELDS.get(set);
    List<Expr> answered = new ArrayList<>();
    List<Expr> computed = new ArrayList<>();
    for (Expr condition : Expr.conjuncts(filter)) {
      List<Property> properties = Expr.properties(condition);
      boolean madeUp = !properties.isEmpty() && properties.stream().allMatch(p -> set.hasProperty(p.path().get(0)))
          && properties.stream().anyMatch(p -> !fields.containsKey(p.text()));
      (madeUp ? computed : answered).add(condition);
    }
    return new Split(Expr.allOf(answered), Expr.allOf(computed));
  }

  /** The filter over the module's fields; a {@link FilterException} names a property that cannot be mapped. */
  static Expr map(EntitySet set, Expr filter) {
    if (filter == null) {
      return null;
    }
    Map<String, String> fields = FIELDS.get(set);
    return rewrite(filter, set, fields);
  }

  /** The order over the module's fields; a {@link FilterException} names a property it cannot order by. */
  static List<OrderBy> order(EntitySet set, List<OrderBy> order) {
    Map<String, String> fields = FIELDS.get(set);
    return order.stream().map(key -> {
      String field = fields.get(key.property());
      if (field == null) {
        throw new FilterException("$orderby: " + set.plural() + " cannot be ordered by " + key.property()
            + "; they can by " + String.join(", ", fields.keySet().stream().sorted().toList()));
      }
      return new OrderBy(field, key.descending());
    }).toList();
  }

  private static Expr rewrite(Expr filter, EntitySet set, Map<String, String> fields) {
    return Expr.withProperties(filter, property -> {
      String field = fields.get(property.text());
      if (field == null && set == EntitySet.DATASTREAMS && property.path().get(0).equals("Thing")) {
        throw new FilterException("$filter: Datastreams are filtered on " + property.text() + " in conditions on "
            + "their Thing alone, joined to the others with and ((Thing/name eq 'A' or Thing/name eq 'B') and ...)");
      }
      if (field == null) {
        throw new FilterException("$filter: " + (set.hasProperty(property.path().get(0)) || property.path().size() > 1
            ? set.plural() + " cannot be filtered on " + property.text() + "; they can on "
                + String.join(", ", fields.keySet().stream().sorted().toList())
            : set.singular() + " has no property " + property.text()));
      }
      return new Property(List.of(field));
    });
  }
}
