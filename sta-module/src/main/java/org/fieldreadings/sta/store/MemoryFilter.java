package org.fieldreadings.sta.store;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.core.odata.Expr.Binary;
import org.fieldreadings.core.odata.Expr.Call;
import org.fieldreadings.core.odata.Expr.Geometry;
import org.fieldreadings.core.odata.Expr.Literal;
import org.fieldreadings.core.odata.Expr.Point;
import org.fieldreadings.core.odata.Expr.Property;
import org.fieldreadings.core.odata.Expr.Unary;
import org.fieldreadings.core.odata.FilterException;
import org.fieldreadings.sta.model.StaEntity;

/**
 * Evaluates a filter on entities the store holds in memory (Sensors, ObservedProperties, and Observations once
 * their time range is read from the blocks): the same operators and functions as the SQL translation.
 */
final class MemoryFilter {


  private MemoryFilter() {}

  static boolean test(Expr filter, StaEntity entity) {
    Object value = eval(filter, entity);
    if (value != null && !(value instanceof Boolean)) {
      throw new FilterException("$filter must be a condition, not a value");
    }
    return Boolean.TRUE.equals(value);
  }

  private static Object eval(Expr expr, StaEntity entity) {
    if (expr instanceof Literal literal) {
      return literal.value();
    }
    if (expr instanceof Property property) {
      return property(property, entity);
    }
    if (expr instanceof Unary unary) {
      Object operand = eval(unary.operand(), entity);
      if (operand == null) {
        return null;
      }
      return unary.operator().equals("not") ? !as(Boolean.class, operand, "not") : as(BigDecimal.class, operand,
          "-").negate();
    }
    if (expr instanceof Binary binary) {
      return binary(binary, entity);
    }
    return call((Call) expr, entity);
  }

  private static Object property(Property property, StaEntity entity) {
    List<String> path = property.path();
    if (path.size() == 1 && path.get(0).equals("id")) {
      return BigDecimal.valueOf(entity.id());
    }
    if (!entity.set().hasProperty(path.get(0))) {
      throw new FilterException("$filter: " + entity.set().singular() + " has no property " + property.text()
          + " to filter on here");
    }
    Object value = entity.property(path.get(0));
    for (String member : path.subList(1, path.size())) {
      value = value instanceof JsonObject json ? json.getValue(member) : null;
    }
    if (value instanceof JsonObject json && "Point".equals(json.getString("type"))) {
      JsonArray coordinates = json.getJsonArray("coordinates");
      return new Point(coordinates.getDouble(0), coordinates.getDouble(1));
    }
    return value instanceof Number number && !(value instanceof BigDecimal) ? new BigDecimal(number.toString())
        : value;
  }

  private static Object binary(Binary binary, StaEntity entity) {
    String op = binary.operator();
    Object left = eval(binary.left(), entity);
    if (op.equals("and") && Boolean.FALSE.equals(left) || op.equals("or") && Boolean.TRUE.equals(left)) {
      return left;
    }
    Object right = eval(binary.right(), entity);
    switch (op) {
      case "and", "or" -> {
        return left != null && right != null && as(Boolean.class, right, op);
      }
      case "eq", "ne" -> {
        boolean equal = left == null || right == null ? left == right : compare(left, right, op) == 0;
        return op.equals("eq") == equal;
      }
      case "gt", "ge", "lt", "le" -> {
        if (left == null || right == null) {
          return false;
        }
        int order = compare(left, right, op);
        return switch (op) {
          case "gt" -> order > 0;
          case "ge" -> order >= 0;
          case "lt" -> order < 0;
          default -> order <= 0;
        };
      }
      default -> {
        if (left == null || right == null) {
          return null;
        }
        BigDecimal l = as(BigDecimal.class, left, op);
        BigDecimal r = as(BigDecimal.class, right, op);
        return switch (op) {
          case "add" -> l.add(r);
          case "sub" -> l.subtract(r);
          case "mul" -> l.multiply(r);
          case "div" -> r.signum() == 0 ? null : l.divide(r, MathContext.DECIMAL64);
          default -> r.signum() == 0 ? null : l.remainder(r);
        };
      }
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object left, Object right, String op) {
    if (left instanceof BigDecimal l && right instanceof BigDecimal r) {
      return l.compareTo(r);
    }
    if (left.getClass() != right.getClass() || !(left instanceof Comparable)) {
      throw new FilterException("$filter: " + op + " cannot compare a " + kind(left) + " with a " + kind(right));
    }
    return ((Comparable) left).compareTo(right);
  }

  private static Object call(Call call, StaEntity entity) {
    List<Object> args = call.arguments().stream().map(arg -> eval(arg, entity)).toList();
    String name = call.function();
    if (args.stream().anyMatch(arg -> arg == null)) {
      return null;
    }
    return switch (name) {
      case "substringof" -> text(args, 1, name).contains(text(args, 0, name));
      case "contains" -> text(args, 0, name).contains(text(args, 1, name));
      case "startswith" -> text(args, 0, name).startsWith(text(args, 1, name));
      case "endswith" -> text(args, 0, name).endsWith(text(args, 1, name));
      case "length" -> BigDecimal.valueOf(text(args, 0, name).length());
      case "indexof" -> BigDecimal.valueOf(text(args, 0, name).indexOf(text(args, 1, name)));
      case "tolower" -> text(args, 0, name).toLowerCase(java.util.Locale.ROOT);
      case "toupper" -> text(args, 0, name).toUpperCase(java.util.Locale.ROOT);
      case "trim" -> text(args, 0, name).trim();
      case "concat" -> text(args, 0, name) + text(args, 1, name);
      case "substring" -> substring(text(args, 0, name), as(BigDecimal.class, args.get(1), name),
          args.size() > 2 ? as(BigDecimal.class, args.get(2), name) : null);
      case "year", "month", "day", "hour", "minute", "second" -> BigDecimal.valueOf(part(name,
          ZonedDateTime.ofInstant(as(Instant.class, args.get(0), name), ZoneOffset.UTC)));
      case "fractionalseconds" -> BigDecimal.valueOf(as(Instant.class, args.get(0), name).getNano(), 9);
      case "round" -> as(BigDecimal.class, args.get(0), name).setScale(0, RoundingMode.HALF_UP);
      case "floor" -> as(BigDecimal.class, args.get(0), name).setScale(0, RoundingMode.FLOOR);
      case "ceiling" -> as(BigDecimal.class, args.get(0), name).setScale(0, RoundingMode.CEILING);
      case "now" -> Instant.now();
      case "mindatetime" -> Instant.MIN;
      case "maxdatetime" -> Instant.MAX;
      case "geo.intersects", "st_intersects", "st_within", "st_contains" -> inside(args, name);
      case "st_disjoint" -> !inside(args, name);
      default -> throw new FilterException("$filter: " + name + " is not supported here");
    };
  }

  /**
   * OData's {@code substring}: the characters from {@code start} (counted from 0), {@code length} of them or all to
   * the end, a negative start or length taken as 0 and what lies past the text left out, as the SQL translation
   * takes them.
   */
  private static String substring(String text, BigDecimal start, BigDecimal length) {
    int from = within(start, text.length());
    int to = length == null ? text.length()
        : within(BigDecimal.valueOf(from).add(length.max(BigDecimal.ZERO)), text.length());
    return text.substring(from, to);
  }

  private static int within(BigDecimal index, int length) {
    return index.signum() <= 0 ? 0 : index.compareTo(BigDecimal.valueOf(length)) >= 0 ? length : index.intValue();
  }

  private static long part(String name, ZonedDateTime time) {
    return switch (name) {
      case "year" -> time.getYear();
      case "month" -> time.getMonthValue();
      case "day" -> time.getDayOfMonth();
      case "hour" -> time.getHour();
      case "minute" -> time.getMinute();
      default -> time.getSecond();
    };
  }

  /** Whether a point lies in a polygon (even-odd rule), the arguments either way round. */
  private static boolean inside(List<Object> args, String name) {
    Point point = as(Point.class, args.get(0) instanceof Point ? args.get(0) : args.get(1), name);
    Geometry polygon = as(Geometry.class, args.get(0) instanceof Point ? args.get(1) : args.get(0), name);
    List<Point> ring = polygon.points();
    boolean inside = false;
    for (int i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
      Point a = ring.get(i);
      Point b = ring.get(j);
      if (a.y() > point.y() != b.y() > point.y()
          && point.x() < (b.x() - a.x()) * (point.y() - a.y()) / (b.y() - a.y()) + a.x()) {
        inside = !inside;
      }
    }
    return inside;
  }

  private static String text(List<Object> args, int i, String function) {
    return as(String.class, args.get(i), function);
  }

  private static <T> T as(Class<T> type, Object value, String operator) {
    if (!type.isInstance(value)) {
      throw new FilterException("$filter: " + operator + " takes a " + type.getSimpleName().toLowerCase(
          java.util.Locale.ROOT) + ", not a " + kind(value));
    }
    return type.cast(value);
  }

  private static String kind(Object value) {
    return value instanceof String ? "string" : value instanceof BigDecimal ? "number"
        : value instanceof Instant ? "date-time" : value instanceof Boolean ? "condition"
        : value.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
  }
}
