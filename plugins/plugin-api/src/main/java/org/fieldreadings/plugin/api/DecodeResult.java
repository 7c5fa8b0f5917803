package org.fieldreadings.plugin.api;

import java.time.Instant;
import java.util.ArrayList;
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
 * @param rejections the rejected parts, in the order they were found
 * @param warnings the parts skipped on purpose (not errors), in the order they were found
 */
public record DecodeResult(
    List<Observation> observations, List<DeviceFacts> devices, List<Rejection> rejections, List<Warning> warnings) {

  public DecodeResult {
    observations = List.copyOf(observations);
    devices = List.copyOf(devices);
    rejections = List.copyOf(rejections);
    warnings = List.copyOf(warnings);
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
    /** The first value of each device, connector, interface and millisecond, with the part it came from. */
    private final Map<String, Observed> observed = new HashMap<>();
    private final Map<String, FactsDraft> facts = new LinkedHashMap<>();
    private final Set<Rejection> rejections = new LinkedHashSet<>();
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
      String key = serial + '\n' + connectorId + '\n' + iface.name() + '\n' + observation.epochMillis();
      Observed first = observed.putIfAbsent(key, new Observed(index, value));
      if (first == null || Double.compare(first.value(), value) == 0) {
        observations.add(observation);
      } else {
        reject(index, serial + " connector " + connectorId + ": " + iface.name() + " at "
            + Instant.ofEpochMilli(observation.epochMillis()) + " has two values in this payload, " + first.value()
            + " (part " + first.index() + ") and " + value + "; the first is kept");
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
     * part is kept once (e.g. a bad serial met by every value of a line).
     */
    public Builder reject(int index, String reason) {
      rejections.add(new Rejection(index, reason));
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
      return new DecodeResult(observations, devices, List.copyOf(rejections), List.copyOf(warnings));
    }

    private FactsDraft draft(String serial) {
      return facts.computeIfAbsent(SpiRules.serial(serial), s -> new FactsDraft());
    }
  }

  private record Observed(int index, double value) {}

  private static final class FactsDraft {
    private String group;
    private Location location;
  }
}
