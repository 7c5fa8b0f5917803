package org.fieldreadings.sta.store;

import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import java.util.List;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.Datastream;
import org.fieldreadings.core.bus.ReadingsContract.DatastreamQuery;
import org.fieldreadings.core.bus.ReadingsContract.ObservationQuery;
import org.fieldreadings.core.odata.Expr;
import org.fieldreadings.sta.request.StaException;

/**
 * Goes through the scope's Datastreams in id order, a few hundred at a time, and through each one's readings in
 * the filter's time range, skipping and collecting until the page is full (and, for a count, to the end). The
 * readings module skips and counts when the range is the whole filter; otherwise readings are read in chunks and
 * the rest of the filter is checked here.
 */
final class ObservationWalk {

  /** Datastreams read at once while going through them for Observations. */
  private static final int DATASTREAMS_PER_READ = 500;
  /** Readings read at once when part of an Observations filter is checked here. */
  private static final int READINGS_PER_CHECK = 10_000;
  /**
   * At most this many Datastreams gone through, and readings checked here, for one request's Observations: a fleet's
   * 200,000 Datastreams would otherwise be read whole by one {@code $count} or one filter nothing meets.
   */
  static final int MAX_DATASTREAMS_WALKED = 2_000;
  static final long MAX_READINGS_CHECKED = 1_000_000;

  private final EventBus bus;
  private final Paging paging;
  private final TimeWindow window;
  private final Observations collected = new Observations();
  private long skipLeft;
  private long count;
  private int walked;
  private long checked;

  ObservationWalk(EventBus bus, Paging paging) {
    this.bus = bus;
    this.paging = paging;
    this.window = TimeWindow.of(paging.filter());
    this.skipLeft = paging.skip();
  }

  /**
   * Through the Datastreams of these devices (and series, if not null) that meet {@code filter} (over the readings
   * module's Datastream fields; null: all), a few hundred at a time.
   */
  Future<Page> next(long[] devices, List<Long> series, Expr filter, long offset) {
    return ReadingsContract.DATASTREAMS.request(bus, new DatastreamQuery(devices, series, null, filter, offset,
        DATASTREAMS_PER_READ, false)).compose(page -> through(page.datastreams()).compose(v -> {
          boolean last = page.datastreams().size() < DATASTREAMS_PER_READ;
          return last || done() ? Future.succeededFuture(page())
              : next(devices, series, filter, offset + DATASTREAMS_PER_READ);
        }));
  }

  Future<Void> through(List<Datastream> datastreams) {
    return each(datastreams, 0);
  }

  Page page() {
    return new Page(collected.first(paging.top()), paging.count() ? count : null, collected.size() > paging.top());
  }

  private boolean done() {
    return !paging.count() && collected.size() > paging.top();
  }

  private Future<Void> each(List<Datastream> datastreams, int i) {
    if (i == datastreams.size() || done()) {
      return Future.succeededFuture();
    }
    if (++walked > MAX_DATASTREAMS_WALKED) {
      return Future.failedFuture(StaException.badRequest("These Observations are spread over more than "
          + MAX_DATASTREAMS_WALKED + " Datastreams, more than one request reads: ask for a Datastream's "
          + "(Datastreams(id)/Observations) or a FeatureOfInterest's"));
    }
    Future<Void> read = window.exact() ? exact(datastreams.get(i)) : checked(datastreams.get(i), 0);
    return read.compose(v -> each(datastreams, i + 1));
  }

  /** The readings module skips and counts: the range is the whole filter. */
  private Future<Void> exact(Datastream stream) {
    int wanted = Math.max(0, paging.top() + 1 - collected.size());
    return ReadingsContract.OBSERVATIONS.request(bus, new ObservationQuery(stream, window.from(),
        window.to(), paging.newestFirst(), skipLeft, wanted, paging.count() || skipLeft > 0)).map(readings -> {
          collected.addAll(stream, readings.timestamps(), readings.values());
          if (readings.count() != null) {
            count += readings.count();
            skipLeft = Math.max(0, skipLeft - readings.count());
          }
          return null;
        });
  }

  /** A chunk of the range's readings after another, each checked against the filter here. */
  private Future<Void> checked(Datastream stream, long offset) {
    return ReadingsContract.OBSERVATIONS.request(bus, new ObservationQuery(stream, window.from(),
        window.to(), paging.newestFirst(), offset, READINGS_PER_CHECK, false)).compose(readings -> {
          checked += readings.timestamps().length;
          if (checked > MAX_READINGS_CHECKED) {
            return Future.failedFuture(StaException.badRequest("This $filter is checked reading by reading and "
                + "would check more than " + MAX_READINGS_CHECKED + " readings: narrow it with phenomenonTime "
                + "ge and lt, or to one Datastream"));
          }
          for (int r = 0; r < readings.timestamps().length && !done(); r++) {
            long time = readings.timestamps()[r];
            double value = readings.values()[r];
            if (!MemoryFilter.test(paging.filter(), Observations.of(stream, time, value))) {
              continue;
            }
            count++;
            if (skipLeft > 0) {
              skipLeft--;
            } else if (collected.size() <= paging.top()) {
              collected.add(stream, time, value);
            }
          }
          return readings.timestamps().length < READINGS_PER_CHECK || done() ? Future.succeededFuture()
              : checked(stream, offset + READINGS_PER_CHECK);
        });
  }
}
