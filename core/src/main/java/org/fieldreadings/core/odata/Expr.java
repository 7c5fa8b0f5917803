package org.fieldreadings.core.odata;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A parsed OData / SensorThings {@code $filter} expression: what {@link FilterParser} reads and the SQL translation
 * and in-memory evaluation walk.
 */
public sealed interface Expr {

  /**
   * A constant: a {@link String}, a {@link java.math.BigDecimal} as written, a {@link Boolean}, null, an
   * {@link java.time.Instant}, a {@link java.time.Duration} or a {@link Geometry}.
   */
  record Literal(Object value) implements Expr {}

  /** A property, or a path through navigations and JSON members: {@code name}, {@code Thing/name}. */
  record Property(List<String> path) implements Expr {

    public String text() {
      return String.join("/", path);
    }
  }

  /** {@code eq ne gt ge lt le and or add sub mul div mod}. */
  record Binary(String operator, Expr left, Expr right) implements Expr {}

  /** {@code not} or {@code -} (negation). */
  record Unary(String operator, Expr operand) implements Expr {}

  /** A function call: {@code startswith(name, 'WS')}, {@code geo.intersects(location, geography'...')}. */
  record Call(String function, List<Expr> arguments) implements Expr {}

  /** A WKT geometry: {@code POINT}, {@code LINESTRING} or {@code POLYGON} (its outer ring). */
  record Geometry(String type, List<Point> points) {}

  /** A point of a geometry: x is the longitude, y the latitude. */
  record Point(double x, double y) {}

  /** The same expression with each property replaced by what {@code replace} makes of it. */
  static Expr withProperties(Expr expr, Function<Property, Expr> replace) {
    if (expr instanceof Property property) {
      return replace.apply(property);
    }
    if (expr instanceof Unary unary) {
      return new Unary(unary.operator(), withProperties(unary.operand(), replace));
    }
    if (expr instanceof Binary binary) {
      return new Binary(binary.operator(), withProperties(binary.left(), replace),
          withProperties(binary.right(), replace));
    }
    if (expr instanceof Call call) {
      return new Call(call.function(), call.arguments().stream().map(arg -> withProperties(arg, replace)).toList());
    }
    return expr;
  }

  /** The conditions {@code expr} joins with {@code and} at its top (itself if it joins none; none for null). */
  static List<Expr> conjuncts(Expr expr) {
    List<Expr> conditions = new ArrayList<>();
    addConjuncts(expr, conditions);
    return conditions;
  }

  private static void addConjuncts(Expr expr, List<Expr> into) {
    if (expr instanceof Binary binary && binary.operator().equals("and")) {
      addConjuncts(binary.left(), into);
      addConjuncts(binary.right(), into);
    } else if (expr != null) {
      into.add(expr);
    }
  }

  /** The conditions that are not null joined with {@code and}; null for none. */
  static Expr allOf(List<Expr> conditions) {
    Expr joined = null;
    for (Expr condition : conditions) {
      joined = joined == null || condition == null ? (joined == null ? condition : joined)
          : new Binary("and", joined, condition);
    }
    return joined;
  }

  /** Every property {@code expr} names, in order. */
  static List<Property> properties(Expr expr) {
    List<Property> properties = new ArrayList<>();
    withProperties(expr, property -> {
      properties.add(property);
      return property;
    });
    return properties;
  }
}
