package org.fieldreadings.sta.store;

import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.core.odata.Expr.Binary;
import org.fieldreadings.core.odata.Expr.Call;
import org.fieldreadings.core.odata.Expr.Property;
import org.fieldreadings.core.odata.Expr.Unary;

/**
 * A Datastreams filter split at its top-level {@code and}s: the conditions on their Thing's properties
 * ({@code Thing/name eq 'WS-07'}, {@code startswith(Thing/properties/group, 'SOIL')}), which the devices module
 * answers as a filter on Things, and the rest, which the readings module answers. A condition mixing the Thing's
 * properties with the Datastream's stays in the rest (and is refused there, naming what can be filtered on).
 *
 * @param thing the conditions on the Thing, over the Thing's own properties ({@code name}), null if none
 * @param rest the other conditions, null if none
 */
record ThingPart(Expr thing, Expr rest) {

  private static final String THING = "Thing";

  static ThingPart of(Expr filter) {
    List<Expr> thing = new ArrayList<>();
    List<Expr> rest = new ArrayList<>();
    for (Expr condition : conjuncts(filter, new ArrayList<>())) {
      List<Property> properties = properties(condition, new ArrayList<>());
      boolean onThing = !properties.isEmpty() && properties.stream().allMatch(p -> p.path().size() > 1
          && p.path().get(0).equals(THING)) && properties.stream().anyMatch(p -> !p.text().equals("Thing/id"));
      (onThing ? thing : rest).add(onThing ? ofThing(condition) : condition);
    }
    return new ThingPart(and(thing), and(rest));
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

  /** The condition over the Thing's own properties: {@code Thing/name} becomes {@code name}. */
  private static Expr ofThing(Expr expr) {
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
