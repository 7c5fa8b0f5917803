package org.fieldreadings.core.odata;

import java.util.List;
import java.util.Map;
import org.fieldreadings.core.odata.SqlFilter.Column;
import org.fieldreadings.core.odata.SqlFilter.Kind;

/** An {@code $orderby} key: a property (by the module's field name) and its direction. */
public record OrderBy(String property, boolean descending) {

  /**
   * The ORDER BY list of {@code keys} over {@code columns}, then {@code key} (the unique column that makes pages
   * stable); a {@link FilterException} for a property that is not a column or cannot be ordered (a location).
   */
  public static String sql(List<OrderBy> keys, Map<String, Column> columns, String key) {
    StringBuilder sql = new StringBuilder();
    for (OrderBy order : keys) {
      Column column = columns.get(order.property());
      if (column == null || column.kind() == Kind.POINT) {
        throw new FilterException("$orderby: cannot order by " + order.property());
      }
      sql.append(column.sql()).append(order.descending() ? " DESC, " : " ASC, ");
    }
    return sql.append(key).toString();
  }
}
