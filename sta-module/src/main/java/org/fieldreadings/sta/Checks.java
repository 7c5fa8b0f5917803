package org.fieldreadings.sta;

import java.util.List;
import java.util.stream.Stream;
import org.fieldreadings.core.odata.OrderBy;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.EntitySet.Navigation;
import org.fieldreadings.sta.request.Options;
import org.fieldreadings.sta.request.Options.Expand;
import org.fieldreadings.sta.request.Options.Order;
import org.fieldreadings.sta.request.StaException;

/** Whether a set's options name what its entities have, and what they ask of the stores. */
final class Checks {

  /** What a data array's rows hold unless {@code $select} says otherwise: the id, then the properties in order. */
  static final List<String> DATA_ARRAY_COMPONENTS = Stream.concat(Stream.of("id"),
      EntitySet.OBSERVATIONS.properties().stream()).toList();

  private Checks() {}

  /** Fails 400 naming the first option that names a property or navigation the set does not have. */
  static void options(EntitySet set, Options options) {
    if (options.select() != null) {
      for (String name : options.select()) {
        if (!set.hasProperty(name) && set.navigation(name).isEmpty()) {
          throw StaException.badRequest("$select: " + set.singular() + " has no property " + name);
        }
      }
    }
    for (Expand expand : options.expand()) {
      EntitySet at = set;
      for (String step : expand.path()) {
        Navigation navigation = at.navigation(step).orElseThrow(() -> StaException.badRequest(
            "$expand: " + set.singular() + " has no navigation property " + step));
        at = navigation.target();
      }
      options(at, expand.options());
    }
    for (Order order : options.orderBy()) {
      // properties/group: a member of a JSON property.
      if (!set.hasProperty(order.property().split("/")[0])) {
        throw StaException.badRequest("$orderby: " + set.singular() + " has no property " + order.property());
      }
    }
    newestFirst(set, options);
    order(set, options);
  }

  /**
   * The components of a data array: the Observations' id and properties {@code $select} names, in its order (all of
   * them when it names none); 400 for any other set, for {@code $expand}, and for a navigation in {@code $select}.
   */
  static List<String> components(EntitySet set, Options options) {
    if (set != EntitySet.OBSERVATIONS) {
      throw StaException.badRequest("$resultFormat=dataArray is for collections of Observations, not of "
          + set.plural());
    }
    if (!options.expand().isEmpty()) {
      throw StaException.badRequest("$resultFormat=dataArray takes no $expand: its rows hold the Observations' "
          + "own properties");
    }
    if (options.select() == null) {
      return DATA_ARRAY_COMPONENTS;
    }
    for (String name : options.select()) {
      if (!DATA_ARRAY_COMPONENTS.contains(name)) {
        throw StaException.badRequest("$select: a data array's components are " + String.join(", ",
            DATA_ARRAY_COMPONENTS) + ", not " + name);
      }
    }
    return options.select().stream().distinct().toList();
  }

  /** Whether an Observations page is newest first (by phenomenonTime or resultTime, asc or desc; 400 otherwise). */
  static boolean newestFirst(EntitySet set, Options options) {
    List<Order> orders = options.orderBy();
    if (set != EntitySet.OBSERVATIONS || orders.isEmpty()) {
      return false;
    }
    Order order = orders.get(0);
    if (orders.size() == 1 && List.of("phenomenonTime", "resultTime", "id").contains(order.property())
        && !(order.property().equals("id") && order.descending())) {
      return order.descending();
    }
    throw StaException.badRequest("$orderby: Observations are ordered by phenomenonTime (or resultTime) asc or "
        + "desc only");
  }

  /**
   * The order of a page of another set, by its own property names: Datastreams by id only (their names are made up
   * from the device), the others by any property they are filtered on or have (400 otherwise, from the store).
   */
  static List<OrderBy> order(EntitySet set, Options options) {
    List<Order> orders = options.orderBy();
    if (set == EntitySet.OBSERVATIONS) {
      return List.of();
    }
    if (set == EntitySet.DATASTREAMS && !(orders.isEmpty() || orders.size() == 1
        && orders.get(0).property().equals("id") && !orders.get(0).descending())) {
      throw StaException.badRequest("$orderby: Datastreams are ordered by id only");
    }
    return orders.stream().map(order -> new OrderBy(order.property(), order.descending())).toList();
  }
}
