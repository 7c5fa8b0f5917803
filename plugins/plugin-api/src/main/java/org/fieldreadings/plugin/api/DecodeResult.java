package org.fieldreadings.plugin.api;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a decoder made of one payload: the observations, the facts about devices, and the parts it rejected.
 * Build it with {@link #builder()}, which validates every value and turns a violation into a {@link Rejection}
 * instead of an exception.
 *
 * @param observations the readings, in payload order
 * @param devices the device facts, one per serial that has any
 * @param rejections the rejected parts, in the order they were found, the first {@link Rejection#LISTED} of them
 * @param warnings the parts skipped on purpose (not errors), in the order they were found
 * @param unlistedRejections how many more parts were rejected beyond those listed
 */
public record DecodeResult(List<Observation> observations, List<DeviceFacts> devices, List<Rejection> rejections,
    List<Warning> warnings, long unlistedRejections) {

  public DecodeResult {
    observations = List.copyOf(observations);
    devices = List.copyOf(devices);
    if (unlistedRejections < 0) {
      throw new IllegalArgumentException("unlistedRejections " + unlistedRejections + " is negative");
    }
    if (rejections.size() > Rejection.LISTED) {
      unlistedRejections += rejections.size() - Rejection.LISTED;
      rejections = rejections.subList(0, Rejection.LISTED);
    }
    rejections = List.copyOf(rejections);
    warnings = List.copyOf(warnings);
  }

  /** A result whose rejections are all listed (a longer list keeps its first {@link Rejection#LISTED}). */
  public DecodeResult(
      List<Observation> observations, List<DeviceFacts> devices, List<Rejection> rejections, List<Warning> warnings) {
    this(observations, devices, rejections, warnings, 0);
  }

  /** Every rejected part: those listed and those only counted. */
  public long rejectedCount() {
    return rejections.size() + unlistedRejections;
  }

  /** A result without warnings, as SPI 1.0.0 built it. */
  public DecodeResult(List<Observation> observations, List<DeviceFacts> devices, List<Rejection> rejections) {
    this(observations, devices, rejections, List.of());
  }

  /** A result that rejects the whole payload, e.g. when it is not JSON at all. */
  public static DecodeResult rejected(String reason) {
    return new DecodeResult(List.of(), List.of(), List.of(new Rejection(Rejection.WHOLE_PAYLOAD, reason)));
  }

  /** A builder for a new result. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Collects the result of one decode. Each method takes the index of the part of the payload the value comes
   * from, so that an invalid value (a bad serial, a non-finite number, a group or location out of range) becomes a
   * {@link Rejection} of that part with a clear reason. Not thread-safe: one builder per {@code decode} call.
   */
  public static final class Builder {

    private final List<Observation> observations = new ArrayList<>();
    /** The observations of each device, connector and interface so far, to find two values of one millisecond. */
    private final Map<SeriesKey, SeriesSeen> series = new HashMap<>();
    private final Map<String, FactsDraft> facts = new LinkedHashMap<>();
    private final Set<Rejection> rejections = new LinkedHashSet<>();
    /** Rejections beyond {@link Rejection#LISTED}: counted, not kept (a repeat of the last one counts once). */
    private long unlisted;
    private Rejection lastUnlisted;
    private final Set<Warning> warnings = new LinkedHashSet<>();

    private Builder() {}

    /** Adds a reading of the device's own connector, {@link Observation#ORIGIN}. */
    public Builder observe(int index, String serial, SensorInterface iface, Instant timestamp, double value) {
      return observe(index, serial, Observation.ORIGIN, iface, timestamp, value);
    }

    /**
     * Adds a reading of a connector, e.g. a device attached to a gateway. A different second value of the same
     * interface of the same connector at the same millisecond is not added but rejects its part, naming both values
     * (one reading cannot hold two); the same value again is the same reading (stored once). The observation keeps
     * {@code index} as its {@link Observation#part()}.
     */
    public Builder observe(
        int index, String serial, String connectorId, SensorInterface iface, Instant timestamp, double value) {
      Observation observation;
      try {
        observation = new Observation(serial, connectorId, iface, timestamp, value, index);
      } catch (IllegalArgumentException e) {
        reject(index, e.getMessage());
        return this;
      }
      long millis;
      try {
        millis = observation.epochMillis();
      } catch (ArithmeticException e) {
        // Beyond epoch milliseconds, so no second value to compare: the host refuses it, naming its window.
        observations.add(observation);
        return this;
      }
      SeriesSeen seen = series.computeIfAbsent(new SeriesKey(serial, connectorId, iface), k -> new SeriesSeen());
      int first = seen.first(millis, observations);
      if (first < 0 || Double.compare(observations.get(first).value(), value) == 0) {
        seen.add(millis, observations.size());
        observations.add(observation);
      } else {
        Observation kept = observations.get(first);
        reject(index, serial + " connector " + connectorId + ": " + iface.name() + " at "
            + Instant.ofEpochMilli(millis) + " has two values in this payload, " + kept.value()
            + " (part " + kept.part() + ") and " + value + "; the first is kept");
      }
      return this;
    }

    /** Records the group of a device; a later call for the same serial wins. */
    public Builder group(int index, String serial, String group) {
      try {
        String valid = SpiRules.group(group);
        draft(serial).group = valid;
      } catch (IllegalArgumentException e) {
        reject(index, e.getMessage());
      }
      return this;
    }

    /** Records where a device stands; a later call for the same serial wins. */
    public Builder location(int index, String serial, double latitude, double longitude) {
      try {
        Location location = new Location(latitude, longitude);
        draft(serial).location = location;
      } catch (IllegalArgumentException e) {
        reject(index, e.getMessage());
      }
      return this;
    }

    /**
     * Rejects a part of the payload; {@link Rejection#WHOLE_PAYLOAD} for all of it. The same reason for the same
     * part is kept once (e.g. a bad serial met by every value of a line). The first {@link Rejection#LISTED} are
     * kept; later ones are only counted, a repeat of the one before counting once.
     */
    public Builder reject(int index, String reason) {
      Rejection rejection = new Rejection(index, reason);
      if (rejections.size() < Rejection.LISTED) {
        rejections.add(rejection);
      } else if (!rejection.equals(lastUnlisted) && !rejections.contains(rejection)) {
        unlisted++;
        lastUnlisted = rejection;
      }
      return this;
    }

    /**
     * Notes a part skipped on purpose, which is no error: a message type without readings, a channel without
     * interface. The same reason for the same part is kept once.
     */
    public Builder warn(int index, String reason) {
      warnings.add(new Warning(index, reason));
      return this;
    }

    /** The result so far. */
    public DecodeResult build() {
      List<DeviceFacts> devices = facts.entrySet().stream()
          .map(e -> new DeviceFacts(
              e.getKey(), Optional.ofNullable(e.getValue().group), Optional.ofNullable(e.getValue().location)))
          .toList();
      return new DecodeResult(observations, devices, List.copyOf(rejections), List.copyOf(warnings), unlisted);
    }

    private FactsDraft draft(String serial) {
      return facts.computeIfAbsent(SpiRules.serial(serial), s -> new FactsDraft());
    }
  }

  /**
   * A series as a hash key, looked up once per observation: its methods are written out, since a record's generated
   * ones go through method handles, which showed in profiles of large payloads.
   */
  private record SeriesKey(String serial, String connectorId, SensorInterface iface) {
    @Override
    public boolean equals(Object other) {
      return other instanceof SeriesKey that && iface.position() == that.iface.position() && serial.equals(that.serial)
          && connectorId.equals(that.connectorId);
    }

    @Override
    public int hashCode() {
      return (serial.hashCode() * 31 + connectorId.hashCode()) * 31 + iface.position();
    }
  }

  /**
   * Where a series' observations stand in the result. Decoders mostly give a series' times ascending, so the
   * latest millisecond is all there is to compare with; the first time one goes back, the series' milliseconds are
   * indexed, and looked up from then on.
   */
  private static final class SeriesSeen {
    private long latest = Long.MIN_VALUE;
    /** The position of the first observation at {@link #latest}, while the times ascend. */
    private int firstAtLatest = -1;
    /** The positions of this series' observations, while the times ascend. */
    private int[] positions = new int[8];
    private int count;
    /** Once the times went back: each millisecond's first observation's position. */
    private Map<Long, Integer> byMillis;

    /** The position of the first observation of {@code millis} in {@code observations}, or -1 if none. */
    int first(long millis, List<Observation> observations) {
      if (byMillis == null) {
        if (millis >= latest) {
          return millis == latest ? firstAtLatest : -1;
        }
        byMillis = new HashMap<>();
        for (int i = 0; i < count; i++) {
          byMillis.putIfAbsent(observations.get(positions[i]).epochMillis(), positions[i]);
        }
        positions = null;
      }
      return byMillis.getOrDefault(millis, -1);
    }

    /** Notes the observation about to be added at {@code position}. */
    void add(long millis, int position) {
      if (byMillis != null) {
        byMillis.putIfAbsent(millis, position);
        return;
      }
      if (millis != latest) {
        latest = millis;
        firstAtLatest = position;
      }
      if (count == positions.length) {
        positions = Arrays.copyOf(positions, count * 2);
      }
      positions[count++] = position;
    }
  }

  private static final class FactsDraft {
    private String group;
    private Location location;
  }
}
