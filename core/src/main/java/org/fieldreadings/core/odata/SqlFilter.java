package org.fieldreadings.core.odata;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.fieldreadings.core.odata.Expr.Binary;
import org.fieldreadings.core.odata.Expr.Call;
import org.fieldreadings.core.odata.Expr.Geometry;
import org.fieldreadings.core.odata.Expr.Literal;
import org.fieldreadings.core.odata.Expr.Property;
import org.fieldreadings.core.odata.Expr.Unary;

/**
 * Translates a filter into a SQL condition over a module's columns. Every constant becomes a bind parameter (text,
 * cast in SQL), never SQL text; properties become the columns the module names; types are checked here, so a
 * filter that compares text with a number is a {@link FilterException}, not a database error.
 */
public final class SqlFilter {

  /** What a SQL expression holds. */
  public enum Kind { TEXT, NUMBER, TIME, BOOLEAN, POINT, POLYGON, NULL }

  /** A property's SQL expression and kind, e.g. {@code d.serial} as TEXT. */
  public record Column(String sql, Kind kind) {}

  /** A condition and its parameters, numbered from the first one given to {@link #where}. */
  public record Sql(String condition, List<Object> parameters) {}

  private record Typed(String sql, Kind kind) {}

  private final Map<String, Column> columns;
  private final int firstParameter;
  private final List<Object> parameters = new ArrayList<>();

  private SqlFilter(Map<String, Column> columns, int firstParameter) {
    this.columns = columns;
    this.firstParameter = firstParameter;
  }

  /**
   * The condition of {@code filter} over {@code columns} (by property path, {@code a/b}), its parameters numbered
   * from {@code $firstParameter}.
   */
  public static Sql where(Expr filter, Map<String, Column> columns, int firstParameter) {
    SqlFilter translator = new SqlFilter(columns, firstParameter);
    Typed condition = translator.translate(filter);
    if (condition.kind() != Kind.BOOLEAN) {
      throw new FilterException("$filter must be a condition, not a " + name(condition.kind()));
    }
    return new Sql(condition.sql(), List.copyOf(translator.parameters));
  }

  private Typed translate(Expr expr) {
    if (expr instanceof Literal literal) {
      return literal(literal.value());
    }
    if (expr instanceof Property property) {
      return property(property);
    }
    if (expr instanceof Unary unary) {
      return unary(unary);
    }
    if (expr instanceof Binary binary) {
      return binary(binary);
    }
    return call((Call) expr);
  }

  private Typed literal(Object value) {
    if (value == null) {
      return new Typed("NULL", Kind.NULL);
    }
    if (value instanceof String text) {
      return new Typed(parameter(text) + "::text", Kind.TEXT);
    }
    if (value instanceof BigDecimal number) {
      return new Typed(parameter(number.toPlainString()) + "::text::numeric", Kind.NUMBER);
    }
    if (value instanceof Boolean bool) {
      return new Typed(parameter(bool.toString()) + "::text::boolean", Kind.BOOLEAN);
    }
    if (value instanceof Instant instant) {
      return new Typed(parameter(instant.toString()) + "::text::timestamptz", Kind.TIME);
    }
    if (value instanceof Geometry geometry) {
      return geometry(geometry);
    }
    if (value instanceof Duration) {
      throw new FilterException("$filter: durations are not supported here");
    }
    throw new IllegalArgumentException("literal " + value.getClass());
  }

  private Typed geometry(Geometry geometry) {
    String points = geometry.points().stream().map(p -> "(" + p.x() + "," + p.y() + ")")
        .collect(Collectors.joining(","));
    return switch (geometry.type()) {
      case "POINT" -> new Typed(parameter(points) + "::text::point", Kind.POINT);
      case "POLYGON" -> new Typed(parameter("(" + points + ")") + "::text::polygon", Kind.POLYGON);
      default -> throw new FilterException("$filter: a " + geometry.type() + " is not supported here, only POINT "
          + "and POLYGON");
    };
  }

  private Typed property(Property property) {
    Column column = columns.get(property.text());
    if (column == null) {
      throw new FilterException("$filter: no property " + property.text() + " to filter on here");
    }
    return new Typed(column.sql(), column.kind());
  }

  private Typed unary(Unary unary) {
    Typed operand = translate(unary.operand());
    if (unary.operator().equals("not")) {
      return new Typed("(NOT " + expect(operand, Kind.BOOLEAN, "not").sql() + ")", Kind.BOOLEAN);
    }
    return new Typed("(-" + expect(operand, Kind.NUMBER, "-").sql() + ")", Kind.NUMBER);
  }

  private Typed binary(Binary binary) {
    Typed left = translate(binary.left());
    Typed right = translate(binary.right());
    String op = binary.operator();
    switch (op) {
      case "and", "or" -> {
        return new Typed("(" + expect(left, Kind.BOOLEAN, op).sql() + " " + op.toUpperCase(Locale.ROOT) + " "
            + expect(right, Kind.BOOLEAN, op).sql() + ")", Kind.BOOLEAN);
      }
      case "add", "sub", "mul", "div", "mod" -> {
        String l = expect(left, Kind.NUMBER, op).sql();
        String r = expect(right, Kind.NUMBER, op).sql();
        // Division by zero gives null (the entity does not match) rather than a database error.
        String sql = switch (op) {
          case "add" -> l + " + " + r;
          case "sub" -> l + " - " + r;
          case "mul" -> l + " * " + r;
          case "div" -> l + " / NULLIF(" + r + ", 0)";
          default -> "mod(" + l + ", NULLIF(" + r + ", 0))";
        };
        return new Typed("(" + sql + ")", Kind.NUMBER);
      }
      default -> {
        return comparison(op, left, right);
      }
    }
  }

  private Typed comparison(String op, Typed left, Typed right) {
    if (left.kind() == Kind.NULL || right.kind() == Kind.NULL) {
      Typed other = left.kind() == Kind.NULL ? right : left;
      if (!op.equals("eq") && !op.equals("ne")) {
        throw new FilterException("$filter: null is compared with eq or ne only");
      }
      return new Typed("(" + other.sql() + (op.equals("eq") ? " IS NULL)" : " IS NOT NULL)"), Kind.BOOLEAN);
    }
    if (left.kind() != right.kind() || left.kind() == Kind.POINT || left.kind() == Kind.POLYGON
        || left.kind() == Kind.BOOLEAN && !op.equals("eq") && !op.equals("ne")) {
      throw new FilterException("$filter: " + op + " cannot compare a " + name(left.kind()) + " with a "
          + name(right.kind()));
    }
    String sqlOp = switch (op) {
      case "eq" -> "=";
      case "ne" -> "<>";
      case "gt" -> ">";
      case "ge" -> ">=";
      case "lt" -> "<";
      default -> "<=";
    };
    return new Typed("(" + left.sql() + " " + sqlOp + " " + right.sql() + ")", Kind.BOOLEAN);
  }

  private Typed call(Call call) {
    List<Typed> args = call.arguments().stream().map(this::translate).toList();
    String name = call.function();
    return switch (name) {
      case "substringof" -> bool("strpos(" + text(args, 1, name) + ", " + text(args, 0, name) + ") > 0");
      case "contains" -> bool("strpos(" + text(args, 0, name) + ", " + text(args, 1, name) + ") > 0");
      case "startswith" -> bool("starts_with(" + text(args, 0, name) + ", " + text(args, 1, name) + ")");
      case "endswith" -> bool("right(" + text(args, 0, name) + ", length(" + text(args, 1, name) + ")) = "
          + text(args, 1, name));
      case "length" -> number("length(" + text(args, 0, name) + ")");
      case "indexof" -> number("strpos(" + text(args, 0, name) + ", " + text(args, 1, name) + ") - 1");
      case "substring" -> new Typed("substr(" + text(args, 0, name) + ", " + index(args, 1, name) + " + 1"
          + (args.size() == 3 ? ", " + index(args, 2, name) : "") + ")", Kind.TEXT);
      case "tolower" -> new Typed("lower(" + text(args, 0, name) + ")", Kind.TEXT);
      case "toupper" -> new Typed("upper(" + text(args, 0, name) + ")", Kind.TEXT);
      case "trim" -> new Typed("btrim(" + text(args, 0, name) + ")", Kind.TEXT);
      case "concat" -> new Typed("(" + text(args, 0, name) + " || " + text(args, 1, name) + ")", Kind.TEXT);
      case "year", "month", "day", "hour", "minute" -> number("extract(" + name + " FROM " + time(args, name)
          + " AT TIME ZONE 'UTC')::numeric");
      case "second" -> number("floor(extract(second FROM " + time(args, name) + "))::numeric");
      case "fractionalseconds" -> number("(extract(second FROM " + time(args, name) + ") - floor(extract(second FROM "
          + time(args, name) + ")))::numeric");
      case "totaloffsetminutes" -> {
        time(args, name);
        yield number("0");
      }
      case "now" -> new Typed("now()", Kind.TIME);
      case "mindatetime" -> new Typed("'-infinity'::timestamptz", Kind.TIME);
      case "maxdatetime" -> new Typed("'infinity'::timestamptz", Kind.TIME);
      case "round", "floor" -> number(name + "(" + expect(args.get(0), Kind.NUMBER, name).sql() + ")");
      case "ceiling" -> number("ceil(" + expect(args.get(0), Kind.NUMBER, name).sql() + ")");
      case "geo.intersects", "st_intersects", "st_within" -> bool(pointInPolygon(args, name));
      case "st_contains" -> bool(pointInPolygon(List.of(args.get(1), args.get(0)), name));
      case "st_disjoint" -> bool("NOT " + pointInPolygon(args, name));
      case "st_equals" -> bool(expect(args.get(0), Kind.POINT, name).sql() + " ~= "
          + expect(args.get(1), Kind.POINT, name).sql());
      case "geo.distance" -> number("(" + expect(args.get(0), Kind.POINT, name).sql() + " <-> "
          + expect(args.get(1), Kind.POINT, name).sql() + ")::numeric");
      default -> throw new FilterException("$filter: " + name + " is not supported here");
    };
  }

  /** A point and a polygon, either way round: whether the polygon holds the point. */
  private static String pointInPolygon(List<Typed> args, String name) {
    Typed point = args.get(0).kind() == Kind.POINT ? args.get(0) : args.get(1);
    Typed polygon = args.get(0).kind() == Kind.POINT ? args.get(1) : args.get(0);
    return expect(polygon, Kind.POLYGON, name).sql() + " @> " + expect(point, Kind.POINT, name).sql();
  }

  private static Typed bool(String sql) {
    return new Typed("(" + sql + ")", Kind.BOOLEAN);
  }

  private static Typed number(String sql) {
    return new Typed("(" + sql + ")", Kind.NUMBER);
  }

  private static String text(List<Typed> args, int i, String function) {
    return expect(args.get(i), Kind.TEXT, function).sql();
  }

  private static String time(List<Typed> args, String function) {
    return expect(args.get(0), Kind.TIME, function).sql();
  }

  /** A numeric argument as a position SQL can take, whatever its size. */
  private static String index(List<Typed> args, int i, String function) {
    return "LEAST(GREATEST(" + expect(args.get(i), Kind.NUMBER, function).sql() + ", 0), 2000000000)::int";
  }

  private static Typed expect(Typed typed, Kind kind, String operator) {
    if (typed.kind() != kind) {
      throw new FilterException("$filter: " + operator + " takes a " + name(kind) + ", not a " + name(typed.kind()));
    }
    return typed;
  }

  private String parameter(String value) {
    parameters.add(value);
    return "$" + (firstParameter + parameters.size() - 1);
  }

  private static String name(Kind kind) {
    return switch (kind) {
      case TEXT -> "string";
      case NUMBER -> "number";
      case TIME -> "date-time";
      case BOOLEAN -> "condition";
      case POINT -> "point";
      case POLYGON -> "polygon";
      case NULL -> "null";
    };
  }
}
