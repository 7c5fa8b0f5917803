package org.fieldreadings.sta.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.core.odata.Expr.Property;

/**
 * A filter split at its top-level {@code and}s: the conditions on the entity of one navigation alone, rewritten over
 * that entity's own properties, which another query answers (a Datastreams filter's {@code Thing/name eq 'WS-07'}
 * as a filter on Things, an Observations filter's {@code Datastream/ObservedProperty/name eq 'AirTemp'} as a filter
 * on Datastreams), and the rest. A condition mixing the navigation's properties with others stays in the rest (and is
 * refused there, naming what can be filtered on).
 *
 * @param on the conditions on the navigation's entity, over its own properties ({@code name}), null if none
 * @param rest the other conditions, null if none
 */
record NavigationPart(Expr on, Expr rest) {

  /**
   * The parts of {@code filter} (null: none) for {@code navigation}; a condition that names only properties in
   * {@code kept} ({@code Thing/id}, a Datastream's own column) stays in the rest.
   */
  static NavigationPart of(Expr filter, String navigation, Set<String> kept) {
    List<Expr> on = new ArrayList<>();
    List<Expr> rest = new ArrayList<>();
    for (Expr condition : Expr.conjuncts(filter)) {
      List<Property> properties = Expr.properties(condition);
      boolean onNavigation = !properties.isEmpty() && properties.stream().allMatch(p -> p.path().size() > 1
          && p.path().get(0).equals(navigation)) && properties.stream().anyMatch(p -> !kept.contains(p.text()));
      (onNavigation ? on : rest).add(onNavigation ? ofNavigation(condition) : condition);
    }
    return new NavigationPart(Expr.allOf(on), Expr.allOf(rest));
  }

  /** The condition over the entity's own properties: {@code Thing/name} becomes {@code name}. */
  private static Expr ofNavigation(Expr expr) {
    return Expr.withProperties(expr, property -> new Property(property.path().subList(1, property.path().size())));
  }
}
