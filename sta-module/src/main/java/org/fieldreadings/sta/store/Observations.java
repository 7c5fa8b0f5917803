package org.fieldreadings.sta.store;

import java.time.Instant;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Map;
import org.fieldreadings.core.bus.ReadingsContract.Datastream;
import org.fieldreadings.sta.model.DecimalText;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.Scope;
import org.fieldreadings.sta.model.StaEntity;
import org.fieldreadings.sta.model.StaIds;

/**
 * A page's Observations as columns: each reading's Datastream, timestamp and value text, as the readings module
 * answered them. The writer writes a page of them straight from the columns; as a list, each is made an entity only
 * when asked for (to expand it, to check a filter, for the next link).
 */
public final class Observations extends AbstractList<StaEntity> {

  private Datastream[] streams = new Datastream[16];
  private long[] times = new long[16];
  private String[] results = new String[16];
  private int size;

  /** An Observation of a reading of {@code stream}. */
  public static StaEntity of(Datastream stream, long time, String result) {
    Instant instant = Instant.ofEpochMilli(time);
    // phenomenonTime, result, resultTime
    Object[] values = {instant, new DecimalText(result), instant};
    return new StaEntity(EntitySet.OBSERVATIONS, StaIds.observation(stream.seriesId(), time), values, Map.of(
        "Datastream", Scope.ids(stream.seriesId()), "FeatureOfInterest", Scope.ids(stream.deviceId())));
  }

  void add(Datastream stream, long time, String result) {
    if (size == times.length) {
      int grown = size * 2;
      streams = Arrays.copyOf(streams, grown);
      times = Arrays.copyOf(times, grown);
      results = Arrays.copyOf(results, grown);
    }
    streams[size] = stream;
    times[size] = time;
    results[size++] = result;
  }

  /** The first {@code n} (at most as many as there are). */
  Observations first(int n) {
    Observations first = new Observations();
    first.streams = streams;
    first.times = times;
    first.results = results;
    first.size = Math.min(n, size);
    return first;
  }

  /** The {@code @iot.id} of the i-th. */
  public long id(int i) {
    return StaIds.observation(streams[i].seriesId(), times[i]);
  }

  /** The timestamp (epoch milliseconds) of the i-th. */
  public long time(int i) {
    return times[i];
  }

  /** The value of the i-th as the readings operation writes it. */
  public String result(int i) {
    return results[i];
  }

  @Override
  public StaEntity get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    return of(streams[i], times[i], results[i]);
  }

  @Override
  public int size() {
    return size;
  }
}
