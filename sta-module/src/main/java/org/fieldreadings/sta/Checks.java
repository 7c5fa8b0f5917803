package org.fieldreadings.sta;

import java.util.List;
import org.fieldreadings.core.odata.OrderBy;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.EntitySet.Navigation;
import org.fieldreadings.sta.request.Options;
import org.fieldreadings.sta.request.Options.Expand;
import org.fieldreadings.sta.request.Options.Order;
import org.fieldreadings.sta.request.StaException;

/** Whether a set's options name what its entities have, and what they ask of the stores. */
final class Checks {

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
