package org.fieldreadings.sta.store;

import org.fieldreadings.core.odata.Expr;

/**
 * Which part of a set an answer holds: the entities meeting {@code filter} (null: all), {@code top} after
 * {@code skip}, the total when {@code count}; Observations newest first or oldest first.
 */
public record Paging(long skip, int top, boolean count, boolean newestFirst, Expr filter) {

  public static Paging first(int top) {
    return new Paging(0, top, false, false, null);
  }
}
