package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.Datastream;
import org.fieldreadings.core.bus.ReadingsContract.DatastreamPage;
import org.fieldreadings.core.bus.ReadingsContract.DatastreamQuery;
import org.fieldreadings.core.bus.ReadingsContract.ObservationPage;
import org.fieldreadings.core.bus.ReadingsContract.ObservationQuery;
import org.fieldreadings.core.odata.FilteredQuery;
import org.fieldreadings.core.odata.SqlFilter.Column;
import org.fieldreadings.core.odata.SqlFilter.Kind;
import org.fieldreadings.readings.ShortDecimal;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;

/**
 * The series and readings as the SensorThings API reads them ({@link ReadingsContract#DATASTREAMS},
 * {@link ReadingsContract#OBSERVATIONS}): readings come from the day blocks through the {@link BlockReader}, a month
 * of days first and more at a time after, only those of the asked time range, so a filtered page costs what the
 * readings operation does.
 */
public final class SensorThingsReadings {

  /** Days read at first, and at most at once: each read after the first of a page reads twice the days before. */
  private static final int FIRST_DAYS_PER_READ = 31;
  private static final int MAX_DAYS_PER_READ = 248;
  private static final String COLUMNS = """
      SELECT s.series_id, s.device_id, s.connector_id, s.interface, (extract(epoch FROM s.latest_ts) * 1000)::bigint
      """;
  /** The properties a {@link DatastreamQuery#filter()} may name, and their columns. */
  private static final Map<String, Column> FIELDS = Map.of(
      "id", new Column("s.series_id", Kind.NUMBER),
      "deviceId", new Column("s.device_id", Kind.NUMBER),
      "connectorId", new Column("s.connector_id", Kind.TEXT),
      "interface", new Column("s.interface", Kind.TEXT));
  private static final String INTERFACES = """
      SELECT array_agg(DISTINCT interface ORDER BY interface) FROM readings.series
      WHERE device_id = ANY($1) AND latest_ts IS NOT NULL""";
  /** The series' device, connector and interface, and its first and newest days of readings (epoch days). */
  private static final String SPAN = """
      SELECT s.device_id, s.connector_id, s.interface, (extract(epoch FROM s.latest_ts) * 1000)::bigint,
        (SELECT min(b.day) - date '1970-01-01' FROM readings.point_block b WHERE b.series_id = s.series_id)
      FROM readings.series s WHERE s.series_id = $1 AND s.latest_ts IS NOT NULL""";

  /** The series table is read on the primary: it is small, and a series new there exists at once. */
  private final Pool pool;
  private final BlockReader blocks;

  public SensorThingsReadings(Pool pool, BlockReader blocks) {
    this.pool = pool;
    this.blocks = blocks;
  }

  public Future<DatastreamPage> datastreams(DatastreamQuery query) {
    FilteredQuery select = new FilteredQuery("FROM readings.series s").and("s.latest_ts IS NOT NULL");
    if (query.deviceIds() != null) {
      select.and("s.device_id = ANY(?)", boxed(query.deviceIds()));
    }
    if (query.seriesIds() != null) {
      select.and("s.series_id = ANY(?)", query.seriesIds().stream().map(Long::intValue).toArray(Integer[]::new));
    }
    if (query.iface() != null) {
      select.and("s.interface = ?", query.iface());
    }
    return select.filter(query.filter(), FIELDS)
        .page(pool, COLUMNS, "s.series_id", query.skip(), query.top(), query.count(), row -> new Datastream(
            row.getInteger(0), row.getLong(1), row.getString(2), row.getString(3), row.getLong(4)))
        .map(page -> new DatastreamPage(page.rows(), page.count()));
  }

  public Future<List<String>> interfaces(long[] deviceIds) {
    return pool.preparedQuery(INTERFACES).execute(Tuple.of((Object) boxed(deviceIds))).map(rows -> {
      String[] names = rows.iterator().next().getArrayOfStrings(0);
      return names == null ? List.of() : List.of(names);
    });
  }

  private static Long[] boxed(long[] ids) {
    Long[] boxed = new Long[ids.length];
    for (int i = 0; i < ids.length; i++) {
      boxed[i] = ids[i];
    }
    return boxed;
  }

  public Future<ObservationPage> observations(ObservationQuery query) {
    return pool.preparedQuery(SPAN).execute(Tuple.of((int) query.seriesId())).compose(rows -> {
      Row row = rows.size() == 0 ? null : rows.iterator().next();
      Page page = new Page(query);
      if (row == null || row.getInteger(4) == null) {
        return Future.succeededFuture(page.result());
      }
      int firstDay = (int) Math.max(row.getInteger(4), Math.floorDiv(query.from(), PointBlock.DAY));
      int lastDay = (int) Math.min(Math.floorDiv(row.getLong(3), PointBlock.DAY),
          Math.floorDiv(query.to(), PointBlock.DAY));
      if (firstDay > lastDay) {
        return Future.succeededFuture(page.result());
      }
      Series series = new Series(row.getLong(0), row.getString(1), new String[] {row.getString(2)});
      return read(series, page, firstDay, lastDay, FIRST_DAYS_PER_READ).map(v -> page.result());
    });
  }

  private record Series(long deviceId, String connectorId, String[] iface) {}

  /**
   * Reads {@code days} days after (or, newest first, before) another until the range or the page is done: a month
   * first, more at a time as the page asks for more, so a full page of 10,000 readings takes few reads.
   */
  private Future<Void> read(Series series, Page page, int firstDay, int lastDay, int days) {
    boolean back = page.query.newestFirst();
    int from = back ? Math.max(firstDay, lastDay - days + 1) : firstDay;
    int to = back ? lastDay : Math.min(lastDay, firstDay + days - 1);
    int more = Math.min(MAX_DAYS_PER_READ, days * 2);
    return blocks.raw(series.deviceId(), series.connectorId(), series.iface(), from, to).compose(rows -> {
      Points points = new Points();
      for (int n = 0; n < rows.size(); n++) {
        int i = back ? rows.size() - 1 - n : n;
        points.clear();
        PointBlock.decode(rows.block(i), rows.day(i) * PointBlock.DAY, points);
        for (int m = 0; m < points.size(); m++) {
          int p = back ? points.size() - 1 - m : m;
          page.offer(points.time(p), points.value(p));
        }
      }
      boolean rangeDone = back ? from <= firstDay : to >= lastDay;
      return rangeDone || page.full() ? Future.succeededFuture()
          : back ? read(series, page, firstDay, from - 1, more) : read(series, page, to + 1, lastDay, more);
    });
  }

  /** The readings of the range as they come: skipped, kept up to the page size, counted when asked. */
  private static final class Page {
    private final ObservationQuery query;
    private long[] times = new long[64];
    private final List<String> results = new ArrayList<>();
    private final StringBuilder text = new StringBuilder(24);
    private long seen;

    Page(ObservationQuery query) {
      this.query = query;
    }

    void offer(long time, double value) {
      if (time < query.from() || time > query.to()) {
        return;
      }
      seen++;
      if (seen > query.skip() && results.size() < query.top()) {
        if (results.size() == times.length) {
          times = Arrays.copyOf(times, times.length * 2);
        }
        times[results.size()] = time;
        text.setLength(0);
        ShortDecimal.append(text, value);
        results.add(text.toString());
      }
    }

    /** Whether reading on can change nothing: the page is filled and no count is wanted. */
    boolean full() {
      return !query.count() && results.size() >= query.top();
    }

    ObservationPage result() {
      return new ObservationPage(Arrays.copyOf(times, results.size()),
          results.toArray(String[]::new), query.count() ? seen : null);
    }
  }
}
