package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
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
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;

/**
 * The series and readings as the SensorThings API reads them ({@link ReadingsContract#DATASTREAMS},
 * {@link ReadingsContract#OBSERVATIONS}): readings come from the day blocks through the {@link BlockReader}, a month
 * of days first and then as many as the page still needs, only those of the asked time range, and are decoded only
 * until the page is full, so a filtered page costs what the readings operation does.
 */
public final class SensorThingsReadings {

  /** Days read at first, and at most at once. */
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
  /** The epoch days of 0000-01-01 and 9999-12-31, the years the service stores: an unbounded range's ends. */
  private static final int FIRST_DAY = -719_528;
  private static final int LAST_DAY = 2_932_896;

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

  /**
   * The readings of the query's range, read from the Datastream's newest day (or the range's first) a few days at a
   * time until the page is full: a gap in the series is jumped in one query, not read through.
   */
  public Future<ObservationPage> observations(ObservationQuery query) {
    Datastream stream = query.stream();
    Page page = new Page(query);
    int firstDay = (int) Math.max(FIRST_DAY, Math.floorDiv(query.from(), PointBlock.DAY));
    int lastDay = (int) Math.min(Math.floorDiv(stream.latest(), PointBlock.DAY),
        Math.min(LAST_DAY, Math.floorDiv(query.to(), PointBlock.DAY)));
    if (firstDay > lastDay) {
      return Future.succeededFuture(page.result());
    }
    Series series = new Series(stream.deviceId(), stream.connectorId(), new String[] {stream.iface()});
    if (firstDay == FIRST_DAY && !query.newestFirst()) {
      // No lower bound: from the series' first day, not through the empty centuries before it.
      return blocks.nearestDay(series.deviceId(), series.connectorId(), stream.iface(), FIRST_DAY - 1, false)
          .compose(day -> day == null || day > lastDay ? Future.succeededFuture()
              : read(series, page, day, lastDay, FIRST_DAYS_PER_READ))
          .map(v -> page.result());
    }
    return read(series, page, firstDay, lastDay, FIRST_DAYS_PER_READ).map(v -> page.result());
  }

  private record Series(long deviceId, String connectorId, String[] iface) {}

  /**
   * Reads {@code days} days after (or, newest first, before) another until the range or the page is done, as many
   * days at a time as the readings so far say the page still needs.
   */
  private Future<Void> read(Series series, Page page, int firstDay, int lastDay, int days) {
    boolean back = page.query.newestFirst();
    int from = back ? Math.max(firstDay, lastDay - days + 1) : firstDay;
    int to = back ? lastDay : Math.min(lastDay, firstDay + days - 1);
    return blocks.raw(series.deviceId(), series.connectorId(), series.iface(), from, to).compose(rows -> {
      Points points = new Points();
      for (int n = 0; n < rows.size() && !page.full(); n++) {
        int i = back ? rows.size() - 1 - n : n;
        points.clear();
        PointBlock.decode(rows.block(i), rows.day(i) * PointBlock.DAY, points);
        for (int m = 0; m < points.size(); m++) {
          int p = back ? points.size() - 1 - m : m;
          page.offer(points.time(p), points.value(p));
        }
      }
      page.daysRead += to - from + 1;
      if ((back ? from <= firstDay : to >= lastDay) || page.full()) {
        return Future.succeededFuture();
      }
      int more = page.daysWanted(days);
      if (rows.size() > 0) {
        return back ? read(series, page, firstDay, from - 1, more) : read(series, page, to + 1, lastDay, more);
      }
      // Nothing in these days: on from the nearest day that has readings, if the range holds one.
      return blocks.nearestDay(series.deviceId(), series.connectorId(), series.iface()[0], back ? from : to, back)
          .compose(day -> day == null || (back ? day < firstDay : day > lastDay) ? Future.succeededFuture()
              : back ? read(series, page, firstDay, day, more) : read(series, page, day, lastDay, more));
    });
  }

  /** The readings of the range as they come: skipped, kept up to the page size, counted when asked. */
  private static final class Page {
    private final ObservationQuery query;
    private long[] times = new long[64];
    private double[] values = new double[64];
    private int kept;
    private long seen;
    private int daysRead;

    Page(ObservationQuery query) {
      this.query = query;
    }

    void offer(long time, double value) {
      if (time < query.from() || time > query.to()) {
        return;
      }
      seen++;
      if (seen > query.skip() && kept < query.top()) {
        if (kept == times.length) {
          times = Arrays.copyOf(times, kept * 2);
          values = Arrays.copyOf(values, kept * 2);
        }
        times[kept] = time;
        values[kept++] = value;
      }
    }

    /** Whether reading on can change nothing: the page is filled and no count is wanted. */
    boolean full() {
      return !query.count() && kept >= query.top();
    }

    /**
     * The days to read next: at the rate of readings per day read so far, those the page still needs and a quarter
     * more; twice the last read's while the rate is unknown or a count reads everything.
     */
    int daysWanted(int lastDays) {
      if (seen == 0 || query.count()) {
        return Math.min(MAX_DAYS_PER_READ, lastDays * 2);
      }
      double needed = query.skip() + query.top() - seen;
      double perDay = (double) seen / daysRead;
      return (int) Math.max(1, Math.min(MAX_DAYS_PER_READ, Math.ceil(needed / perDay * 1.25)));
    }

    ObservationPage result() {
      return new ObservationPage(Arrays.copyOf(times, kept), Arrays.copyOf(values, kept),
          query.count() ? seen : null);
    }
  }
}
