package org.fieldreadings.core.bus;

import java.util.List;
import java.util.Map;
import org.fieldreadings.core.odata.Expr;

/** Event-bus contract of the readings module for the other modules. */
public interface ReadingsContract {

  /** The most devices one {@link #LAST_READINGS} request may name. */
  int LAST_READINGS_MAX_DEVICES = 1000;

  /**
   * When each of some devices last had a reading (the operator's device list). Fails {@link BusFailure#BAD_REQUEST}
   * beyond {@link #LAST_READINGS_MAX_DEVICES} devices.
   */
  BusAddress<DeviceIds, LastReadings> LAST_READINGS = new BusAddress<>("readings.last-readings");

  /**
   * Readings were stored: published on every node once a write has committed, at once on the node that wrote
   * (before the write is answered) and on the others when PostgreSQL delivers the write's notification (within
   * milliseconds). Corrections count, readings that were already stored do not. Subscribe with
   * {@link BusAddress#subscribe}.
   */
  BusAddress<ReadingsStored, Void> STORED = new BusAddress<>("readings.stored");

  /** The most readings one {@link #SERIES_READINGS} reply holds. */
  int SERIES_READINGS_MAX = 10_000;

  /**
   * The stored readings of one series newer than a timestamp, oldest first, and the series' newest timestamp. Fails
   * {@link BusFailure#BAD_REQUEST} for a limit outside 0 to {@link #SERIES_READINGS_MAX}.
   */
  BusAddress<SeriesReadingsRequest, SeriesReadings> SERIES_READINGS = new BusAddress<>("readings.series-readings");

  /**
   * The series with at least one reading of some devices (SensorThings' Datastreams), in series id order: those of
   * {@code deviceIds} (ascending), or only {@code seriesIds} among them when not null.
   */
  BusAddress<DatastreamQuery, DatastreamPage> DATASTREAMS = new BusAddress<>("readings.datastreams");

  /**
   * What {@link #DATASTREAMS} is asked for: the series of {@code deviceIds} (of any device when null: the asker
   * checks whose they are), only {@code seriesIds} and {@code iface} when not null, meeting {@code filter} when not
   * null (over {@code id}, {@code deviceId}, {@code connectorId} and {@code interface}; one that does not fit fails
   * {@link BusFailure#BAD_REQUEST}), {@code top} after {@code skip}; with {@code count}, the total too.
   */
  record DatastreamQuery(long[] deviceIds, List<Long> seriesIds, String iface, Expr filter, long skip, int top,
      boolean count) {}

  /** The interfaces the series with readings of some devices have (SensorThings' ObservedProperties), sorted. */
  BusAddress<long[], List<String>> DATASTREAM_INTERFACES = new BusAddress<>("readings.datastream-interfaces");

  /** A series with readings; {@code latest}: its newest reading's timestamp (epoch ms). */
  record Datastream(long seriesId, long deviceId, String connectorId, String iface, long latest) {}

  /** A page of {@link #DATASTREAMS}; {@code count} null unless asked for. */
  record DatastreamPage(List<Datastream> datastreams, Long count) {}

  /**
   * The readings of one series (SensorThings' Observations) with timestamps from {@code from} to {@code to} (epoch
   * ms, both included), oldest or newest first, {@code top} after {@code skip}; values as they were written.
   */
  BusAddress<ObservationQuery, ObservationPage> OBSERVATIONS = new BusAddress<>("readings.observations");

  /**
   * What {@link #OBSERVATIONS} is asked for: the readings of {@code stream}, a Datastream {@link #DATASTREAMS}
   * answered (its device, connector, interface and newest reading locate its blocks without reading the series
   * again); with {@code count}, how many readings the range holds too.
   */
  record ObservationQuery(Datastream stream, long from, long to, boolean newestFirst, long skip, int top,
      boolean count) {}

  /**
   * Readings of {@link #OBSERVATIONS}: {@code timestamps[i]} (epoch ms) and {@code values[i]}, the stored double,
   * written back as the text it came as with {@link org.fieldreadings.core.text.ShortDecimal#append(StringBuilder,
   * double)}; {@code count} null unless asked for.
   */
  record ObservationPage(long[] timestamps, double[] values, Long count) {}

  /** At most {@code limit} readings of the series with a timestamp after {@code after} (epoch ms, excluded). */
  record SeriesReadingsRequest(long deviceId, String connectorId, String iface, long after, int limit) {}

  /**
   * Readings of one series, oldest first: {@code timestamps[i]} (epoch ms) and {@code values[i]}; {@code latest} is
   * the series' newest timestamp (null: the series has no reading).
   */
  record SeriesReadings(long[] timestamps, double[] values, Long latest) {

    /** How many readings. */
    public int size() {
      return timestamps.length;
    }
  }

  /** One write's readings, by series; {@code node} is the id of the node that wrote ({@code ThisNode}). */
  record ReadingsStored(String node, List<StoredSeries> series) {

    public ReadingsStored {
      series = List.copyOf(series);
    }
  }

  /**
   * What a write stored in one series: {@code count} new or corrected readings, whose times (epoch milliseconds) lie
   * between {@code from} and {@code to}, both included.
   */
  record StoredSeries(long deviceId, String connectorId, String iface, long from, long to, long count) {}

  /** The devices a request is about, by the devices module's ids. */
  record DeviceIds(List<Long> ids) {

    public DeviceIds {
      ids = List.copyOf(ids);
    }
  }

  /** Each device's latest reading time in epoch milliseconds; devices without readings are absent. */
  record LastReadings(Map<Long, Long> byDevice) {

    public LastReadings {
      byDevice = Map.copyOf(byDevice);
    }

    /** The device's latest reading time, or null when it has none. */
    public Long of(long deviceId) {
      return byDevice.get(deviceId);
    }
  }
}
