package org.fieldreadings.sta.store;

import java.time.Instant;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.core.odata.Expr.Binary;
import org.fieldreadings.core.odata.Expr.Literal;
import org.fieldreadings.core.odata.Expr.Property;

/**
 * The time range an Observations filter allows, read from its top-level {@code and}ed comparisons of
 * {@code phenomenonTime} or {@code resultTime} (the same for a reading) with a date-time: only the blocks of that
 * range are read. {@code exact} when those comparisons are the whole filter, so nothing is left to check per
 * reading.
 */
record TimeWindow(long from, long to, boolean exact) {

  static final TimeWindow ALL = new TimeWindow(Long.MIN_VALUE, Long.MAX_VALUE, true);

  static TimeWindow of(Expr filter) {
    return filter == null ? ALL : narrow(ALL, filter);
  }

  private static TimeWindow narrow(TimeWindow window, Expr expr) {
    if (expr instanceof Binary binary && binary.operator().equals("and")) {
      return narrow(narrow(window, binary.left()), binary.right());
    }
    if (expr instanceof Binary binary && binary.left() instanceof Property property && isTime(property)
        && binary.right() instanceof Literal literal && literal.value() instanceof Instant instant) {
      return window.bound(binary.operator(), instant.toEpochMilli());
    }
    if (expr instanceof Binary binary && binary.right() instanceof Property property && isTime(property)
        && binary.left() instanceof Literal literal && literal.value() instanceof Instant instant) {
      return window.bound(mirrored(binary.operator()), instant.toEpochMilli());
    }
    return new TimeWindow(window.from, window.to, false);
  }

  private TimeWindow bound(String operator, long time) {
    return switch (operator) {
      case "gt" -> new TimeWindow(Math.max(from, time + 1), to, exact);
      case "ge" -> new TimeWindow(Math.max(from, time), to, exact);
      case "lt" -> new TimeWindow(from, Math.min(to, time - 1), exact);
      case "le" -> new TimeWindow(from, Math.min(to, time), exact);
      case "eq" -> new TimeWindow(Math.max(from, time), Math.min(to, time), exact);
      default -> new TimeWindow(from, to, false);
    };
  }

  private static String mirrored(String operator) {
    return switch (operator) {
      case "gt" -> "lt";
      case "ge" -> "le";
      case "lt" -> "gt";
      case "le" -> "ge";
      default -> operator;
    };
  }

  private static boolean isTime(Property property) {
    return property.path().size() == 1
        && (property.path().get(0).equals("phenomenonTime") || property.path().get(0).equals("resultTime"));
  }
}
