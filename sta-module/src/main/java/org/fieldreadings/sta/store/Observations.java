package org.fieldreadings.sta.store;

import java.time.Instant;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Map;
import org.fieldreadings.core.bus.ReadingsContract.Datastream;
import org.fieldreadings.core.text.ShortDecimal;
import org.fieldreadings.sta.model.DecimalText;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.Scope;
import org.fieldreadings.sta.model.StaEntity;
import org.fieldreadings.sta.model.StaIds;

/**
 * A page's Observations as columns: each reading's Datastream, timestamp and value, as the readings module
 * answered them. The writer writes a page of them straight from the columns; as a list, each is made an entity only
 * when asked for (to expand it, to check a filter, for the next link).
 */
public final class Observations extends AbstractList<StaEntity> {

  private Datastream[] streams = new Datastream[16];
  private long[] times = new long[16];
  private double[] values = new double[16];
  private int size;

  /** An Observation of a reading of {@code stream}. */
  public static StaEntity of(Datastream stream, long time, double value) {
    Instant instant = Instant.ofEpochMilli(time);
    StringBuilder result = new StringBuilder(24);
    ShortDecimal.append(result, value);
    // phenomenonTime, result, resultTime
    Object[] values = {instant, new DecimalText(result.toString()), instant};
    return new StaEntity(EntitySet.OBSERVATIONS, StaIds.observation(stream.seriesId(), time), values, Map.of(
        "Datastream", Scope.ids(stream.seriesId()), "FeatureOfInterest", Scope.ids(stream.deviceId())));
  }

  void add(Datastream stream, long time, double value) {
    room(1);
    streams[size] = stream;
    times[size] = time;
    values[size++] = value;
  }

  /** The readings of one Datastream, as the readings module answered them. */
  void addAll(Datastream stream, long[] times, double[] values) {
    room(times.length);
    Arrays.fill(streams, size, size + times.length, stream);
    System.arraycopy(times, 0, this.times, size, times.length);
    System.arraycopy(values, 0, this.values, size, times.length);
    size += times.length;
  }

  private void room(int more) {
    if (size + more > times.length) {
      int grown = Math.max(size + more, size * 2);
      streams = Arrays.copyOf(streams, grown);
      times = Arrays.copyOf(times, grown);
      values = Arrays.copyOf(values, grown);
    }
  }

  /** The first {@code n} (at most as many as there are). */
  Observations first(int n) {
    Observations first = new Observations();
    first.streams = streams;
    first.times = times;
    first.values = values;
    first.size = Math.min(n, size);
    return first;
  }

  /** The {@code @iot.id} of the i-th. */
  public long id(int i) {
    return StaIds.observation(streams[i].seriesId(), times[i]);
  }

  /** The {@code @iot.id} of the i-th's Datastream. */
  public long datastreamId(int i) {
    return streams[i].seriesId();
  }

  /** Where the run of Observations of the i-th's Datastream that holds the i-th ends (exclusive). */
  public int runEnd(int i) {
    int end = i + 1;
    while (end < size && streams[end] == streams[i]) {
      end++;
    }
    return end;
  }

  /** The timestamp (epoch milliseconds) of the i-th. */
  public long time(int i) {
    return times[i];
  }

  /** The stored value of the i-th, written as {@link ShortDecimal} writes it (as it went in). */
  public double value(int i) {
    return values[i];
  }

  @Override
  public StaEntity get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    return of(streams[i], times[i], values[i]);
  }

  @Override
  public int size() {
    return size;
  }
}
