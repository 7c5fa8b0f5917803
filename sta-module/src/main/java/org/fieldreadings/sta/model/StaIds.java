package org.fieldreadings.sta.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Optional;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * The numeric {@code @iot.id}s of the entities that have no id of their own, all between 1 and 2^53 − 1 and stable
 * across restarts and backups: Things, Locations, HistoricalLocations and FeaturesOfInterest use the device's id,
 * Datastreams the series', and these derive theirs.
 */
public final class StaIds {

  /** Bits of an Observation id that hold the reading's Unix second; the series id is above them. */
  private static final int SECOND_BITS = 32;
  /** The largest series id an Observation id can hold under 2^53. */
  public static final long MAX_SERIES = (1L << (53 - SECOND_BITS)) - 1;

  private StaIds() {}

  /** A profile's Sensor: its position in the enumeration, from 1. */
  public static long sensor(Profile profile) {
    return profile.ordinal() + 1L;
  }

  public static Optional<Profile> profileOf(long sensorId) {
    return sensorId < 1 || sensorId > Profile.values().length ? Optional.empty()
        : Optional.of(Profile.values()[(int) sensorId - 1]);
  }

  /**
   * An interface's ObservedProperty: 48 bits of the SHA-256 of its name, so the id depends on nothing but the name
   * (not on the catalog's order, which may gain interfaces).
   */
  public static long observedProperty(String iface) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256")
          .digest(("interface:" + iface).getBytes(StandardCharsets.UTF_8));
      long id = 0;
      for (int i = 0; i < 6; i++) {
        id = id << 8 | hash[i] & 0xff;
      }
      return id == 0 ? 1 : id;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 unavailable", e);
    }
  }

  public static Optional<SensorInterface> ifaceOf(long observedPropertyId) {
    return InterfaceCatalog.all().stream().filter(i -> observedProperty(i.name()) == observedPropertyId).findFirst();
  }

  /**
   * A reading's Observation: its series above its Unix second. Readings of one series less than a second apart
   * share an id; the first of them is the one {@code /Observations(id)} answers.
   */
  public static long observation(long seriesId, long timestampMs) {
    return seriesId << SECOND_BITS | Math.floorDiv(timestampMs, 1000L);
  }

  public static long seriesOf(long observationId) {
    return observationId >>> SECOND_BITS;
  }

  /** The first millisecond of the second an Observation id names. */
  public static long secondOf(long observationId) {
    return (observationId & ((1L << SECOND_BITS) - 1)) * 1000L;
  }
}
