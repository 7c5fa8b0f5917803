package org.fieldreadings.core.odata;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.fieldreadings.core.odata.SqlFilter.Column;

/**
 * A page of a module's rows as the SensorThings API reads them: the scope the module sets (the caller's entity, the
 * ids a path names), the client's {@code $filter} translated by {@link SqlFilter}, then an order, an offset and a
 * limit, and the count of the whole when asked. Every value is a bind parameter; a condition not needed is not
 * written, so each statement is planned for what it asks.
 */
public final class FilteredQuery {

  private final StringBuilder where;
  private final List<Object> parameters = new ArrayList<>();

  /** @param from the FROM clause and its joins */
  public FilteredQuery(String from) {
    this.where = new StringBuilder(from).append(" WHERE TRUE");
  }

  /** The rows and, when asked, how many rows the scope and filter hold in all. */
  public record Result<T>(List<T> rows, Long count) {}

  /** Adds a condition without parameters. */
  public FilteredQuery and(String condition) {
    where.append(" AND ").append(condition);
    return this;
  }

  /** Adds a condition whose {@code ?} stands for {@code value}, bound as the next parameter. */
  public FilteredQuery and(String condition, Object value) {
    parameters.add(value);
    return and(condition.replace("?", "$" + parameters.size()));
  }

  /**
   * Adds the client's filter over {@code columns} (none when null); throws {@link FilterException} when it names
   * what the columns do not have or compares what cannot be compared.
   */
  public FilteredQuery filter(Expr filter, Map<String, Column> columns) {
    if (filter != null) {
      SqlFilter.Sql sql = SqlFilter.where(filter, columns, parameters.size() + 1);
      parameters.addAll(sql.parameters());
      and("(" + sql.condition() + ")");
    }
    return this;
  }

  /** Reads {@code top} rows of {@code select} after {@code skip} in {@code order}, and counts them all if asked. */
  public <T> Future<Result<T>> page(SqlClient client, String select, String order, long skip, int top,
      boolean count, Function<Row, T> read) {
    List<Object> paged = new ArrayList<>(parameters);
    paged.add(skip);
    paged.add(top);
    Future<List<T>> rows = client.preparedQuery(select + " " + where + " ORDER BY " + order + " OFFSET $"
        + (paged.size() - 1) + " LIMIT $" + paged.size()).execute(Tuple.from(paged)).map(result -> {
          List<T> list = new ArrayList<>(result.size());
          result.forEach(row -> list.add(read.apply(row)));
          return list;
        });
    Future<Long> total = !count ? Future.succeededFuture()
        : client.preparedQuery("SELECT count(*) " + where).execute(Tuple.from(parameters))
            .map(result -> result.iterator().next().getLong(0));
    return Future.all(rows, total).map(both -> new Result<>(rows.result(), total.result()));
  }
}
