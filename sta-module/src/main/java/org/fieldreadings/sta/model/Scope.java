package org.fieldreadings.sta.model;

import java.util.List;
import org.fieldreadings.plugin.api.Profile;

/**
 * Which entities of a set a request or a navigation is about, within the caller's entity (null fields: no
 * constraint). {@code ids} are the set's own ids; {@code deviceIds} the Things they belong to (Datastreams,
 * Observations), only ever taken from a Thing or FeatureOfInterest read in the caller's scope; {@code seriesIds} the Datastreams (Observations); {@code profile} and {@code iface} the Sensor and
 * ObservedProperty (Datastreams).
 */
public record Scope(List<Long> ids, List<Long> deviceIds, List<Long> seriesIds, Profile profile, String iface) {

  public static final Scope ALL = new Scope(null, null, null, null, null);

  public static Scope ids(long... ids) {
    return new Scope(boxed(ids), null, null, null, null);
  }

  public static Scope devices(long... deviceIds) {
    return new Scope(null, boxed(deviceIds), null, null, null);
  }

  public static Scope series(long seriesId) {
    return new Scope(null, null, List.of(seriesId), null, null);
  }

  public static Scope profile(Profile profile) {
    return new Scope(null, null, null, profile, null);
  }

  public static Scope iface(String iface) {
    return new Scope(null, null, null, null, iface);
  }

  /** The same scope narrowed to one id of the set (none, if the scope's ids do not include it). */
  public Scope withId(long id) {
    return new Scope(ids == null || ids.contains(id) ? List.of(id) : List.of(), deviceIds, seriesIds, profile,
        iface);
  }

  /** Without a stream: an Observation makes two scopes, and a page holds 10,000 of them. */
  private static List<Long> boxed(long[] ids) {
    if (ids.length == 1) {
      return List.of(ids[0]);
    }
    Long[] boxed = new Long[ids.length];
    for (int i = 0; i < ids.length; i++) {
      boxed[i] = ids[i];
    }
    return List.of(boxed);
  }
}
