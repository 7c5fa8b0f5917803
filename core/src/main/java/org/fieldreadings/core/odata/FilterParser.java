package org.fieldreadings.core.odata;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fieldreadings.core.odata.Expr.Binary;
import org.fieldreadings.core.odata.Expr.Call;
import org.fieldreadings.core.odata.Expr.Geometry;
import org.fieldreadings.core.odata.Expr.Literal;
import org.fieldreadings.core.odata.Expr.Property;
import org.fieldreadings.core.odata.Expr.Unary;

/**
 * Reads a {@code $filter} expression by recursive descent, loosest first: {@code or}, {@code and}, {@code not},
 * comparisons ({@code eq ne gt ge lt le}), {@code add sub}, {@code mul div mod}, unary minus, then literals,
 * properties, function calls and parentheses. Errors name what is wrong and where.
 */
public final class FilterParser {

  /** How deep expressions may nest: a hostile filter cannot exhaust the stack. */
  static final int MAX_DEPTH = 64;
  private static final Set<String> COMPARISONS = Set.of("eq", "ne", "gt", "ge", "lt", "le");
  /** Each function and its smallest and largest number of arguments. */
  private static final Map<String, int[]> FUNCTIONS = Map.ofEntries(
      Map.entry("substringof", new int[] {2, 2}), Map.entry("endswith", new int[] {2, 2}),
      Map.entry("startswith", new int[] {2, 2}), Map.entry("contains", new int[] {2, 2}),
      Map.entry("length", new int[] {1, 1}), Map.entry("indexof", new int[] {2, 2}),
      Map.entry("substring", new int[] {2, 3}), Map.entry("tolower", new int[] {1, 1}),
      Map.entry("toupper", new int[] {1, 1}), Map.entry("trim", new int[] {1, 1}),
      Map.entry("concat", new int[] {2, 2}), Map.entry("year", new int[] {1, 1}), Map.entry("month", new int[] {1, 1}),
      Map.entry("day", new int[] {1, 1}), Map.entry("hour", new int[] {1, 1}), Map.entry("minute", new int[] {1, 1}),
      Map.entry("second", new int[] {1, 1}), Map.entry("fractionalseconds", new int[] {1, 1}),
      Map.entry("date", new int[] {1, 1}), Map.entry("time", new int[] {1, 1}),
      Map.entry("totaloffsetminutes", new int[] {1, 1}), Map.entry("now", new int[] {0, 0}),
      Map.entry("mindatetime", new int[] {0, 0}), Map.entry("maxdatetime", new int[] {0, 0}),
      Map.entry("round", new int[] {1, 1}), Map.entry("floor", new int[] {1, 1}),
      Map.entry("ceiling", new int[] {1, 1}), Map.entry("geo.distance", new int[] {2, 2}),
      Map.entry("geo.length", new int[] {1, 1}), Map.entry("geo.intersects", new int[] {2, 2}),
      Map.entry("st_equals", new int[] {2, 2}), Map.entry("st_disjoint", new int[] {2, 2}),
      Map.entry("st_touches", new int[] {2, 2}), Map.entry("st_within", new int[] {2, 2}),
      Map.entry("st_overlaps", new int[] {2, 2}), Map.entry("st_crosses", new int[] {2, 2}),
      Map.entry("st_intersects", new int[] {2, 2}), Map.entry("st_contains", new int[] {2, 2}),
      Map.entry("st_relate", new int[] {3, 3}));
  private static final Pattern TOKEN = Pattern.compile(
      "\\s*(?:(?<string>'(?:[^']|'')*')"
          + "|(?<time>\\d{4}-\\d{2}-\\d{2}(?:T[0-9:.]+(?:Z|[+-]\\d{2}:\\d{2}))?)"
          + "|(?<number>\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)"
          + "|(?<name>[A-Za-z_@][A-Za-z0-9_.@]*(?:/[A-Za-z_@][A-Za-z0-9_.@]*)*)"
          + "|(?<punct>[(),-]))");

  private final String text;
  private final List<Token> tokens = new ArrayList<>();
  private int next;
  private int depth;

  private record Token(String kind, String text, int at) {}

  private FilterParser(String text) {
    this.text = text;
    Matcher matcher = TOKEN.matcher(text);
    int at = 0;
    while (at < text.length()) {
      if (!matcher.find(at) || matcher.start() != at) {
        if (text.substring(at).isBlank()) {
          break;
        }
        throw error("unexpected character '" + text.charAt(at + leadingBlanks(at)) + "'", at + leadingBlanks(at));
      }
      for (String kind : new String[] {"string", "time", "number", "name", "punct"}) {
        if (matcher.group(kind) != null) {
          tokens.add(new Token(kind, matcher.group(kind), matcher.start(kind)));
        }
      }
      at = matcher.end();
    }
  }

  /** The expression of {@code text}; fails with a {@link FilterException} naming the problem and its position. */
  public static Expr parse(String text) {
    FilterParser parser = new FilterParser(text);
    Expr expr = parser.or();
    if (parser.next < parser.tokens.size()) {
      Token extra = parser.tokens.get(parser.next);
      throw parser.error("unexpected '" + extra.text() + "'", extra.at());
    }
    return expr;
  }

  private Expr or() {
    Expr left = and();
    while (keyword("or")) {
      left = new Binary("or", left, and());
    }
    return left;
  }

  private Expr and() {
    Expr left = not();
    while (keyword("and")) {
      left = new Binary("and", left, not());
    }
    return left;
  }

  private Expr not() {
    if (keyword("not")) {
      return nested(() -> new Unary("not", not()));
    }
    return comparison();
  }

  private Expr comparison() {
    Expr left = additive();
    Token token = peek();
    if (token != null && token.kind().equals("name") && COMPARISONS.contains(token.text())) {
      next++;
      return new Binary(token.text(), left, additive());
    }
    return left;
  }

  private Expr additive() {
    Expr left = multiplicative();
    for (String op = operator("add", "sub"); op != null; op = operator("add", "sub")) {
      left = new Binary(op, left, multiplicative());
    }
    return left;
  }

  private Expr multiplicative() {
    Expr left = unary();
    for (String op = operator("mul", "div", "mod"); op != null; op = operator("mul", "div", "mod")) {
      left = new Binary(op, left, unary());
    }
    return left;
  }

  private Expr unary() {
    Token token = peek();
    if (token != null && token.text().equals("-")) {
      next++;
      Token after = peek();
      if (after != null && after.kind().equals("number") && after.at() == token.at() + 1) {
        next++;
        return new Literal(new BigDecimal("-" + after.text()));
      }
      return nested(() -> new Unary("-", unary()));
    }
    return primary();
  }

  private Expr primary() {
    Token token = peek();
    if (token == null) {
      throw error("the expression ends too early", text.length());
    }
    next++;
    switch (token.kind()) {
      case "string":
        return new Literal(unquote(token.text()));
      case "number":
        return new Literal(new BigDecimal(token.text()));
      case "time":
        return new Literal(instant(token));
      case "punct":
        if (token.text().equals("(")) {
          Expr inner = nested(this::or);
          expect(")");
          return inner;
        }
        throw error("unexpected '" + token.text() + "'", token.at());
      default:
        return name(token);
    }
  }

  private Expr name(Token token) {
    String name = token.text();
    switch (name) {
      case "true":
        return new Literal(Boolean.TRUE);
      case "false":
        return new Literal(Boolean.FALSE);
      case "null":
        return new Literal(null);
      default:
        break;
    }
    Token after = peek();
    if ((name.equals("geography") || name.equals("duration")) && after != null && after.kind().equals("string")) {
      next++;
      String literal = unquote(after.text());
      return new Literal(name.equals("duration") ? duration(literal, after) : Wkt.parse(literal, after.at()));
    }
    if (after != null && after.text().equals("(") && !name.contains("/")) {
      next++;
      return call(name, token);
    }
    return new Property(List.of(name.replace("@iot.id", "id").split("/")));
  }

  private Expr call(String name, Token token) {
    int[] arity = FUNCTIONS.get(name);
    if (arity == null) {
      throw error("unknown function " + name, token.at());
    }
    List<Expr> arguments = new ArrayList<>();
    if (!peekIs(")")) {
      arguments.add(nested(this::or));
      while (peekIs(",")) {
        next++;
        arguments.add(nested(this::or));
      }
    }
    expect(")");
    if (arguments.size() < arity[0] || arguments.size() > arity[1]) {
      throw error(name + " takes " + (arity[0] == arity[1] ? arity[0] : arity[0] + " or " + arity[1])
          + " argument" + (arity[1] == 1 ? "" : "s") + ", not " + arguments.size(), token.at());
    }
    return new Call(name, List.copyOf(arguments));
  }

  private interface Part {
    Expr parse();
  }

  private Expr nested(Part part) {
    if (++depth > MAX_DEPTH) {
      throw error("the expression nests deeper than " + MAX_DEPTH + " levels", position());
    }
    try {
      return part.parse();
    } finally {
      depth--;
    }
  }

  private boolean keyword(String word) {
    Token token = peek();
    if (token != null && token.kind().equals("name") && token.text().equals(word)) {
      next++;
      return true;
    }
    return false;
  }

  private String operator(String... words) {
    for (String word : words) {
      if (keyword(word)) {
        return word;
      }
    }
    return null;
  }

  private void expect(String punct) {
    if (!peekIs(punct)) {
      throw error("expected '" + punct + "'", position());
    }
    next++;
  }

  private boolean peekIs(String punct) {
    Token token = peek();
    return token != null && token.kind().equals("punct") && token.text().equals(punct);
  }

  private Token peek() {
    return next < tokens.size() ? tokens.get(next) : null;
  }

  private int position() {
    Token token = peek();
    return token == null ? text.length() : token.at();
  }

  private int leadingBlanks(int at) {
    int blanks = 0;
    while (at + blanks < text.length() && Character.isWhitespace(text.charAt(at + blanks))) {
      blanks++;
    }
    return blanks;
  }

  private Instant instant(Token token) {
    try {
      return token.text().length() == 10 ? LocalDate.parse(token.text()).atStartOfDay().toInstant(ZoneOffset.UTC)
          : OffsetDateTime.parse(token.text()).toInstant();
    } catch (DateTimeParseException e) {
      throw error("'" + token.text() + "' is not a date-time such as 2026-01-01T00:00:00Z", token.at());
    }
  }

  private Duration duration(String literal, Token token) {
    try {
      return Duration.parse(literal.toUpperCase(Locale.ROOT));
    } catch (DateTimeParseException e) {
      throw error("'" + literal + "' is not an ISO-8601 duration such as P1DT2H", token.at());
    }
  }

  private static String unquote(String quoted) {
    return quoted.substring(1, quoted.length() - 1).replace("''", "'");
  }

  private FilterException error(String message, int at) {
    return new FilterException("$filter: " + message + " at position " + (at + 1));
  }

  /** Well-known text of the three geometries SensorThings clients send. */
  private static final class Wkt {

    private static final Pattern SHAPE = Pattern.compile(
        "\\s*(POINT|LINESTRING|POLYGON)\\s*\\(\\s*(\\(?)([-0-9.eE\\s,]+)\\)?\\s*\\)\\s*", Pattern.CASE_INSENSITIVE);

    static Geometry parse(String wkt, int at) {
      Matcher matcher = SHAPE.matcher(wkt);
      String type = matcher.matches() ? matcher.group(1).toUpperCase(Locale.ROOT) : "";
      boolean ring = matcher.matches() && !matcher.group(2).isEmpty();
      if (type.isEmpty() || ring != type.equals("POLYGON")) {
        throw new FilterException("$filter: '" + wkt + "' is not a WKT POINT, LINESTRING or POLYGON at position "
            + (at + 1));
      }
      List<Expr.Point> points = new ArrayList<>();
      for (String pair : matcher.group(3).trim().split("\\s*,\\s*")) {
        String[] xy = pair.trim().split("\\s+");
        try {
          if (xy.length != 2) {
            throw new NumberFormatException();
          }
          points.add(new Expr.Point(Double.parseDouble(xy[0]), Double.parseDouble(xy[1])));
        } catch (NumberFormatException e) {
          throw new FilterException("$filter: '" + pair.trim() + "' is not a point 'x y' of the WKT at position "
              + (at + 1));
        }
      }
      if (type.equals("POINT") && points.size() != 1 || type.equals("POLYGON") && points.size() < 4) {
        throw new FilterException("$filter: the " + type + " has " + points.size() + " points at position "
            + (at + 1));
      }
      return new Geometry(type, List.copyOf(points));
    }
  }
}
