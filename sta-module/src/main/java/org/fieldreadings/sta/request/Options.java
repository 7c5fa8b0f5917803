package org.fieldreadings.sta.request;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.core.odata.FilterException;
import org.fieldreadings.core.odata.FilterParser;

/**
 * The query options of a request or of an expanded navigation ({@code Datastreams($top=2;$orderby=id)}).
 *
 * @param top at most this many entities (default 100, at most {@link #MAX_TOP})
 * @param select the properties to show, null for all
 * @param expand the navigations whose entities to show inline, each with its own options
 * @param orderBy the order, empty for the set's own (by id)
 * @param filter the condition the entities meet, null for all
 */
public record Options(int top, long skip, boolean count, List<String> select, List<Expand> expand,
    List<Order> orderBy, Expr filter) {

  public static final int DEFAULT_TOP = 100;
  public static final int MAX_TOP = 10_000;
  /** How deep {@code $expand} may nest: deeper would only multiply the work one request causes. */
  static final int MAX_EXPAND_DEPTH = 5;
  /** How long an option's text may be: a hostile URL cannot make parsing costly. */
  static final int MAX_OPTION_LENGTH = 8_000;
  private static final Set<String> KNOWN = Set.of("$top", "$skip", "$count", "$select", "$expand", "$orderby",
      "$filter", "$resultFormat");

  public static final Options DEFAULT = new Options(DEFAULT_TOP, 0, false, null, List.of(), List.of(), null);

  /** An expanded navigation path ({@code Datastreams/Observations}) and the options of its last step. */
  public record Expand(List<String> path, Options options) {}

  /** An order by a property, {@code descending} or not. */
  public record Order(String property, boolean descending) {}

  /**
   * The options of the request's query string ({@code $}-options; others are ignored). {@code $resultFormat}, the
   * shape of the whole answer, is the caller's to read ({@link #dataArray}).
   */
  public static Options parse(Map<String, String> query) {
    return parse(query, 0);
  }

  private static Options parse(Map<String, String> query, int depth) {
    for (Map.Entry<String, String> option : query.entrySet()) {
      if (option.getKey().startsWith("$") && !KNOWN.contains(option.getKey())) {
        throw StaException.badRequest("Unknown query option " + option.getKey());
      }
      if (option.getValue().length() > MAX_OPTION_LENGTH) {
        throw StaException.badRequest(option.getKey() + " is longer than " + MAX_OPTION_LENGTH + " characters");
      }
    }
    if (depth > 0 && query.containsKey("$resultFormat")) {
      throw StaException.badRequest("$resultFormat applies to a whole answer, not to an expansion");
    }
    int top = query.containsKey("$top") ? (int) number("$top", query.get("$top"), MAX_TOP) : DEFAULT_TOP;
    long skip = query.containsKey("$skip") ? number("$skip", query.get("$skip"), Long.MAX_VALUE / 2) : 0;
    boolean count = switch (query.getOrDefault("$count", "false")) {
      case "true" -> true;
      case "false" -> false;
      default -> throw StaException.badRequest("$count must be true or false");
    };
    List<String> select = query.containsKey("$select") ? names("$select", query.get("$select")) : null;
    List<Expand> expand = query.containsKey("$expand") ? expand(query.get("$expand"), depth) : List.of();
    List<Order> orderBy = query.containsKey("$orderby") ? orderBy(query.get("$orderby")) : List.of();
    Expr filter = query.containsKey("$filter") ? filter(query.get("$filter")) : null;
    return new Options(top, skip, count, select, expand, orderBy, filter);
  }

  /** Whether the query asks for a data array ({@code $resultFormat=dataArray}); 400 for any other format. */
  public static boolean dataArray(Map<String, String> query) {
    String format = query.get("$resultFormat");
    if (format != null && !format.equals("dataArray")) {
      throw StaException.badRequest("$resultFormat must be dataArray (or left out for entities as JSON)");
    }
    return format != null;
  }

  private static Expr filter(String text) {
    try {
      return FilterParser.parse(text);
    } catch (FilterException e) {
      throw StaException.badRequest(e.getMessage());
    }
  }

  private static long number(String option, String text, long max) {
    if (!text.matches("\\d{1,18}")) {
      throw StaException.badRequest(option + " must be a whole number from 0 to " + max);
    }
    long value = Long.parseLong(text);
    if (value > max) {
      throw StaException.badRequest(option + " must be at most " + max);
    }
    return value;
  }

  private static List<String> names(String option, String text) {
    List<String> names = new ArrayList<>();
    for (String name : text.split(",", -1)) {
      String trimmed = name.trim();
      if (!trimmed.matches("@?[A-Za-z][A-Za-z.]*")) {
        throw StaException.badRequest(option + " names an invalid property: '" + trimmed + "'");
      }
      names.add(trimmed.equals("@iot.id") ? "id" : trimmed);
    }
    return names;
  }

  private static List<Order> orderBy(String text) {
    List<Order> orders = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      String[] words = part.trim().split("\\s+");
      if (words.length > 2 || words[0].isEmpty()
          || words.length == 2 && !words[1].equals("asc") && !words[1].equals("desc")) {
        throw StaException.badRequest("$orderby must be properties, each optionally followed by asc or desc: '"
            + part.trim() + "'");
      }
      orders.add(new Order(words[0].equals("@iot.id") ? "id" : words[0], words.length == 2 && words[1].equals("desc")));
    }
    return orders;
  }

  /** {@code Datastreams($top=1;$expand=Observations),Locations}: commas and semicolons inside parentheses nest. */
  private static List<Expand> expand(String text, int depth) {
    if (depth >= MAX_EXPAND_DEPTH) {
      throw StaException.badRequest("$expand nests deeper than " + MAX_EXPAND_DEPTH + " levels");
    }
    List<Expand> expands = new ArrayList<>();
    for (String item : split(text, ',')) {
      int open = item.indexOf('(');
      String path = (open < 0 ? item : item.substring(0, open)).trim();
      Options nested = DEFAULT;
      if (open >= 0) {
        if (!item.endsWith(")")) {
          throw StaException.badRequest("$expand has unbalanced parentheses: '" + item + "'");
        }
        nested = parse(nestedOptions(item.substring(open + 1, item.length() - 1)), depth + 1);
      }
      if (!path.matches("[A-Za-z]+(/[A-Za-z]+)*")) {
        throw StaException.badRequest("$expand names an invalid navigation: '" + path + "'");
      }
      expands.add(new Expand(List.of(path.split("/")), nested));
    }
    return expands;
  }

  private static Map<String, String> nestedOptions(String text) {
    Map<String, String> options = new java.util.LinkedHashMap<>();
    for (String option : split(text, ';')) {
      int equals = option.indexOf('=');
      if (equals < 1) {
        throw StaException.badRequest("$expand has an option without a value: '" + option + "'");
      }
      options.put(option.substring(0, equals).trim(), option.substring(equals + 1));
    }
    return options;
  }

  /** Splits at {@code separator} outside parentheses and quotes; fails on unbalanced parentheses. */
  static List<String> split(String text, char separator) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    boolean quoted = false;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      } else if (!quoted && c == '(') {
        depth++;
      } else if (!quoted && c == ')') {
        if (--depth < 0) {
          throw StaException.badRequest("unbalanced parentheses in '" + text + "'");
        }
      } else if (!quoted && depth == 0 && c == separator) {
        parts.add(text.substring(start, i));
        start = i + 1;
      }
    }
    if (depth != 0 || quoted) {
      throw StaException.badRequest("unbalanced parentheses or quotes in '" + text + "'");
    }
    parts.add(text.substring(start));
    return parts;
  }
}
