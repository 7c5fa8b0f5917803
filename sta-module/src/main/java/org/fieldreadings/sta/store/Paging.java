package org.fieldreadings.sta.store;

import java.util.List;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.core.odata.OrderBy;

/**
 * Which part of a set an answer holds: the entities meeting {@code filter} (null: all), {@code top} after
 * {@code skip}, the total when {@code count}; Observations newest first or oldest first, other sets in
 * {@code order} (by the set's own property names; by id after them).
 */
public record Paging(long skip, int top, boolean count, boolean newestFirst, List<OrderBy> order, Expr filter) {

  /** The same part of the set, meeting {@code filter} instead. */
  Paging withFilter(Expr filter) {
    return new Paging(skip, top, count, newestFirst, order, filter);
  }

  public static Paging first(int top) {
    return new Paging(0, top, false, false, List.of(), null);
  }
}
