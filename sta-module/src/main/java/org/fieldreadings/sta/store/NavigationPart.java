package org.fieldreadings.sta.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.core.odata.Expr.Binary;
import org.fieldreadings.core.odata.Expr.Call;
import org.fieldreadings.core.odata.Expr.Property;
import org.fieldreadings.core.odata.Expr.Unary;

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
    for (Expr condition : conjuncts(filter, new ArrayList<>())) {
      List<Property> properties = properties(condition, new ArrayList<>());
      boolean onNavigation = !properties.isEmpty() && properties.stream().allMatch(p -> p.path().size() > 1
          && p.path().get(0).equals(navigation)) && properties.stream().anyMatch(p -> !kept.contains(p.text()));
      (onNavigation ? on : rest).add(onNavigation ? ofNavigation(condition) : condition);
    }
    return new NavigationPart(and(on), and(rest));
  }

  private static List<Expr> conjuncts(Expr expr, List<Expr> into) {
    if (expr instanceof Binary binary && binary.operator().equals("and")) {
      conjuncts(binary.left(), into);
      conjuncts(binary.right(), into);
    } else if (expr != null) {
      into.add(expr);
    }
    return into;
  }

  private static List<Property> properties(Expr expr, List<Property> into) {
    if (expr instanceof Property property) {
      into.add(property);
    } else if (expr instanceof Unary unary) {
      properties(unary.operand(), into);
    } else if (expr instanceof Binary binary) {
      properties(binary.left(), into);
      properties(binary.right(), into);
    } else if (expr instanceof Call call) {
      call.arguments().forEach(argument -> properties(argument, into));
    }
    return into;
  }

  /** The condition over the entity's own properties: {@code Thing/name} becomes {@code name}. */
  private static Expr ofNavigation(Expr expr) {
    return Expr.withProperties(expr, property -> new Property(property.path().subList(1, property.path().size())));
  }

  private static Expr and(List<Expr> conditions) {
    Expr joined = null;
    for (Expr condition : conditions) {
      joined = joined == null ? condition : new Binary("and", joined, condition);
    }
    return joined;
  }
}
